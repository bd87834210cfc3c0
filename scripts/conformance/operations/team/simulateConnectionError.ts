/** POST /v2/user/{user_id}/{provider}/simulate_error: Simulate a broken connection (sandbox). */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey } = teamKeyChecks;

type Connection = TeamSchemas['ProviderWithStatus'];
const simulate = (client: Parameters<Parameters<typeof always>[1]>[0]['team'], userId: string, provider: string, body?: TeamSchemas['SimulateConnectionErrorRequest']) =>
  client.POST('/v2/user/{user_id}/{provider}/simulate_error', { params: { path: { user_id: userId, provider: provider as TeamSchemas['ProviderSlug'] } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'simulateConnectionError',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: `/v2/user/${(await newUser(a, 'oura')).user_id}/oura/simulate_error`,
    body: { error_type: 'token_refresh_failed' },
  }),
  checks: [
    always('breaks a demo connection to Oura: on a mock the first example, on a server status error with the token error', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      t.expect.successOrFirstExample('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } }));
      const broken = t.expect.successOrFirstExample<Connection>('team', 'simulateConnectionError', await simulate(t.team, user_id, 'oura', { error_type: 'token_refresh_failed' }));
      checkEqual(broken.status, 'error', 'status');
      checkEqual(broken.error_details?.error_type, 'token_refresh_failed', 'error_details.error_type');
    }),
    notOnMock('state', 'a second simulated error is a 400 until a demo connection repairs the connection', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      t.expect.success('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'fitbit' } }));
      t.expect.success('team', 'simulateConnectionError', await simulate(t.team, user_id, 'fitbit'));
      t.expect.error('team', 'simulateConnectionError', await simulate(t.team, user_id, 'fitbit'), 400);
      t.expect.success('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'fitbit' } }));
      checkEqual(t.expect.success<Connection>('team', 'simulateConnectionError', await simulate(t.team, user_id, 'fitbit', { error_type: 'deregistered_per_provider' })).error_details?.error_type, 'deregistered_per_provider', 'error_type');
    }),
    notOnMock('state', '422 at body.error_type for an error that cannot happen to the provider (a password error on OAuth)', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('fitbit');
      t.expect.validation('team', 'simulateConnectionError', await simulate(t.team, user_id, 'fitbit', { error_type: 'provider_password_expired' }), [{ loc: ['body', 'error_type'], type: 'value_error' }]);
    }),
    always('422 naming both path parameters when user_id is not a UUID and the provider is unknown', async (t) => {
      t.expect.validation('team', 'simulateConnectionError', await simulate(t.team, NOT_A_UUID, invalid('no_such_provider')), [
        { loc: ['path', 'user_id'], type: 'format' },
        { loc: ['path', 'provider'], type: 'enum' },
      ]);
    }),
    missingKey('simulateConnectionError', (t) => simulate(t.teamWithoutKey, UNKNOWN_ID, 'oura')),
    notFound('simulateConnectionError', '404 when the user has no connection to the provider', async (t) => simulate(t.team, (await t.fixtures.user()).user_id, 'strava')),
  ],
};
