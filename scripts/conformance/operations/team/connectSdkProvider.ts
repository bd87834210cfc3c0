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
    always('exchanges a new sign-in token for Apple HealthKit: on a mock the first examples, on a server the connection of its user in the default auto mode', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const issued = await t.team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
      const token = t.expect.successOrFirstExample<TeamSchemas['SignInToken']>('team', 'createSignInToken', issued);
      // Without an API key: the sign-in token is the credential.
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } });
      const connection = t.expect.successOrFirstExample<TeamSchemas['SdkConnection']>('team', 'connectSdkProvider', outcome);
      if (!t.isMock) {
        checkEqual({ user_id: connection.user_id, provider: connection.provider, connect_mode: connection.connect_mode }, { user_id, provider: 'apple_health_kit', connect_mode: 'auto' }, 'connection');
      }
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
    always('422 listing a missing sign_in_token and a provider that is not a mobile SDK one', async (t) => {
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: invalid({ provider: 'oura' }) });
      t.expect.validation('team', 'connectSdkProvider', outcome, [
        { loc: ['body', 'sign_in_token'], type: 'missing' },
        { loc: ['body', 'provider'], type: 'enum' },
      ]);
    }),
    tooLarge('connectSdkProvider', (t) => t.teamWithoutKey.POST('/v2/link/sdk/connect', OVERSIZED)),
  ],
};
