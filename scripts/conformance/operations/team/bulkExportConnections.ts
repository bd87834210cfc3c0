/** POST /v2/link/bulk_export: Bulk export connections. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED, MANAGEMENT } from '../../shared-checks.js';
import { bulkPullClient, enabledTeamClient } from '../../requests.js';
import { requestExample } from '../../examples.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
type Answer = TeamSchemas['BulkExportConnectionsResponse'];
const exportConnections = (client: TeamClient, body: TeamSchemas['BulkExportConnectionsBody']) => client.POST('/v2/link/bulk_export', { body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'bulkExportConnections',
  // Another team's key exports its own team's connections (a 2xx), never the first team's.
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v2/link/bulk_export', body: requestExample('team', 'bulkExportConnections', 'every_connection') }),
  checks: [
    always("exports a user's Oura connection: on a mock the first example, on a server the user's recipe", async (t) => {
      const client = await bulkPullClient(t);
      const { user_id } = await t.fixtures.connectedUser('oura', client);
      const answer = t.expect.successOrFirstExample<Answer>('team', 'bulkExportConnections', await exportConnections(client, { provider: 'oura', user_ids: [user_id] }));
      if (!t.isMock) {
        checkEqual({ users: answer.data.map((r) => r.user_id), next_token: answer.next_token }, { users: [user_id], next_token: null }, 'page');
        check(answer.data[0]!.access_token.length > 0 && answer.data[0]!.refresh_token.length > 0, `tokens ${show(answer.data[0])}`);
      }
    }),
    notOnMock(
      'state',
      'exports the same recipe twice, and nothing for a provider the user has no connection to',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.connectedUser('oura', client);
        const first = t.expect.success<Answer>('team', 'bulkExportConnections', await exportConnections(client, { provider: 'oura', user_ids: [user_id] }));
        const second = t.expect.success<Answer>('team', 'bulkExportConnections', await exportConnections(client, { provider: 'oura', user_ids: [user_id] }));
        checkEqual(second, first, 'second export');
        checkEqual(t.expect.success<Answer>('team', 'bulkExportConnections', await exportConnections(client, { provider: 'strava', user_ids: [user_id] })).data, [], 'strava');
      },
      MANAGEMENT,
    ),
    notOnMock('static-examples', '422 naming ["body", "next_token"] for a token no page gave', async (t) => {
      t.expect.validation('team', 'bulkExportConnections', await exportConnections(t.team, { provider: 'oura', next_token: invalid('not-a-token') }), [{ loc: ['body', 'next_token'] }]);
    }),
    always('422 naming ["body", "provider"] for a provider without OAuth', async (t) => {
      t.expect.validation('team', 'bulkExportConnections', await exportConnections(t.team, { provider: invalid('renpho') }), [{ loc: ['body', 'provider'], type: 'enum' }]);
    }),
    tooLarge('bulkExportConnections', (t) => t.team.POST('/v2/link/bulk_export', OVERSIZED)),
  ],
};
