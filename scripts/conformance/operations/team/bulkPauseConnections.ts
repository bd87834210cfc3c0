/** POST /v2/link/bulk_pause: Bulk pause connections. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, MANAGEMENT } from '../../shared-checks.js';
import { bulkPullClient, enabledTeamClient } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
type Answer = TeamSchemas['BulkPauseConnectionsResponse'];
const pause = (client: TeamClient, body: TeamSchemas['BulkPauseConnectionsBody']) => client.POST('/v2/link/bulk_pause', { body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'bulkPauseConnections',
  // Another team's key gets a 200 naming the user not connected: the pause never tells whether another team's user exists.
  auth: { scope: 'team' },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: '/v2/link/bulk_pause',
    body: { ...requestExample('team', 'bulkPauseConnections', 'one_user'), user_ids: [(await newUser(a, 'oura')).user_id] },
  }),
  checks: [
    always('pauses a connected user: on a mock the first example, on a server the user in user_ids_paused and the connection paused', async (t) => {
      const client = await bulkPullClient(t);
      const { user_id } = await t.fixtures.connectedUser('oura', client);
      const answer = t.expect.successOrFirstExample<Answer>('team', 'bulkPauseConnections', await pause(client, { user_ids: [user_id], provider: 'oura' }));
      if (!t.isMock) {
        checkEqual(answer, { user_ids_paused: [user_id], user_ids_in_error: [], user_ids_not_connected: [] }, 'report');
        const providers = t.expect.success<TeamSchemas['UserProviders']>('team', 'listUserProviders', await client.GET('/v2/user/providers/{user_id}', { params: { path: { user_id } } }));
        checkEqual(providers.providers.map((p) => ({ slug: p.slug, status: p.status })), [{ slug: 'oura', status: 'paused' }], 'connections');
      }
    }),
    notOnMock(
      'state',
      'reports a user without the connection and an unknown id in user_ids_not_connected, in the request order',
      async (t) => {
        const client = await enabledTeamClient(t);
        const connected = await t.fixtures.connectedUser('oura', client);
        const unconnected = await t.fixtures.createUser(client);
        const answer = t.expect.success<Answer>('team', 'bulkPauseConnections', await pause(client, { user_ids: [unconnected.user_id, connected.user_id, UNKNOWN_ID], provider: 'oura' }));
        checkEqual(answer, { user_ids_paused: [connected.user_id], user_ids_in_error: [], user_ids_not_connected: [unconnected.user_id, UNKNOWN_ID] }, 'report');
      },
      MANAGEMENT,
    ),
    always('422 naming ["body", "user_ids", 0] for an id that is not a UUID', async (t) => {
      t.expect.validation('team', 'bulkPauseConnections', await pause(t.team, { user_ids: [invalid(NOT_A_UUID)], provider: 'oura' }), [{ loc: ['body', 'user_ids', 0] }]);
    }),
    always('422 naming ["body", "user_ids"] for an empty list and ["body", "provider"] for a provider without OAuth', async (t) => {
      t.expect.validation('team', 'bulkPauseConnections', await pause(t.team, { user_ids: [], provider: invalid('apple_health_kit') }), [
        { loc: ['body', 'user_ids'] },
        { loc: ['body', 'provider'], type: 'enum' },
      ]);
    }),
    tooLarge('bulkPauseConnections', (t) => t.team.POST('/v2/link/bulk_pause', OVERSIZED)),
  ],
};
