/** Ported from test/contract/suite.ts (team connectSdkProvider): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { invalid } from '../../../../scripts/lib/conformance/values.js';

export const portedChecks: CheckDefinition[] = [
  always('exchanges a new sign-in token for Apple HealthKit: on a mock the first examples, on a server the connection of its user in the default auto mode', async (t) => {
    const { user_id } = await t.fixtures.createUser();
    const issued = await t.team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
    const token = t.expect.successOrFirstExample<TeamSchemas['SignInToken']>('team', 'createSignInToken', issued);
    const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } });
    const connection = t.expect.successOrFirstExample<TeamSchemas['SdkConnection']>('team', 'connectSdkProvider', outcome);
    if (!t.isMock) {
      checkEqual({ user_id: connection.user_id, provider: connection.provider, connect_mode: connection.connect_mode }, { user_id, provider: 'apple_health_kit', connect_mode: 'auto' }, 'connection');
    }
  }),
  always('422 listing a missing sign_in_token and a provider that is not a mobile SDK one', async (t) => {
    const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: invalid({ provider: 'oura' }) });
    t.expect.validation('team', 'connectSdkProvider', outcome, [
      { loc: ['body', 'sign_in_token'], type: 'missing' },
      { loc: ['body', 'provider'], type: 'enum' },
    ]);
  }),
];
