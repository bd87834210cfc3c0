/** POST /v2/link/sdk/connect: Connect a mobile SDK provider. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { newUser, newSignInToken } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'connectSdkProvider',
  auth: { scope: 'public' },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: '/v2/link/sdk/connect',
    body: { ...requestExample('team', 'connectSdkProvider', 'health_kit'), sign_in_token: await newSignInToken(a, await newUser(a)) },
  }),
  seed: {
    order: 80,
    async run(seeding) {
      const body = { sign_in_token: await newSignInToken(seeding, seeding.users[2]!), provider: 'apple_health_kit' } as const;
      must('connectSdkProvider', await seeding.publicClient.POST('/v2/link/sdk/connect', { body }));
    },
  },
  checks: [
    always('exchanges a sign-in token without an API key and connects Apple HealthKit', async (t) => {
      const token = await t.fixtures.signInToken();
      t.expect.success('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } }));
    }),
    notOnMock('static-examples', "answers the token's user, the provider and the connect mode asked for", async (t) => {
      const token = await t.fixtures.signInToken();
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'samsung_health', connect_mode: 'explicit' } });
      const connection = t.expect.success<TeamSchemas['SdkConnection']>('team', 'connectSdkProvider', outcome);
      checkEqual({ user_id: connection.user_id, provider: connection.provider, connect_mode: connection.connect_mode }, { user_id: token.user_id, provider: 'samsung_health', connect_mode: 'explicit' }, 'connection');
    }),
    notOnMock('state', '401 when the sign-in token was already exchanged', async (t) => {
      const token = await t.fixtures.signInToken();
      const body = { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } as const;
      t.expect.success('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body }));
      t.expect.error('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body }), 401);
    }),
    notOnMock('credentials', '401 for an unknown sign-in token', async (t) => {
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: `sit_unknown_${t.runId}`, provider: 'apple_health_kit' } });
      t.expect.error('team', 'connectSdkProvider', outcome, 401);
    }),
    always('422 naming ["body", "provider"] for a provider that is not a mobile SDK one', async (t) => {
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: `sit_unknown_${t.runId}`, provider: invalid('oura') } });
      t.expect.validation('team', 'connectSdkProvider', outcome, [{ loc: ['body', 'provider'], type: 'enum' }]);
    }),
    tooLarge('connectSdkProvider', (t) => t.teamWithoutKey.POST('/v2/link/sdk/connect', OVERSIZED)),
  ],
};
