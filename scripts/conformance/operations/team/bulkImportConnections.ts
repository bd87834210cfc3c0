/** POST /v2/link/bulk_import: Bulk import connections. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, MANAGEMENT } from '../../shared-checks.js';
import { bulkPullClient, enabledTeamClient } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
type Answer = TeamSchemas['BulkImportConnectionsResponse'];
type Recipe = TeamSchemas['ImportConnectionRecipe'];
const importConnections = (client: TeamClient, body: TeamSchemas['BulkImportConnectionsBody']) => client.POST('/v2/link/bulk_import', { body });
const recipe = (user_id: string, provider_id = 'CONF42'): Recipe => ({ user_id, access_token: 'at_conformance', refresh_token: 'rt_conformance', provider_id, expires_at: 1795000000, oauth_scopes: ['activity'] });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'bulkImportConnections',
  // Another team's key imports nothing of the first team: its user is answered in user_ids_failed.
  auth: { scope: 'team' },
  validRequest: async ({ a }) => {
    const example = requestExample('team', 'bulkImportConnections', 'one_fitbit_user') as TeamSchemas['BulkImportConnectionsBody'];
    const { user_id } = await newUser(a);
    return { method: 'POST', path: '/v2/link/bulk_import', body: { ...example, connections: example.connections.map((r) => ({ ...r, user_id })) } };
  },
  checks: [
    always('imports a user: on a mock the first example, on a server the user in user_ids_imported and connected with the provider_id as external_user_id', async (t) => {
      const client = await bulkPullClient(t);
      const { user_id } = await t.fixtures.createUser(client);
      const answer = t.expect.successOrFirstExample<Answer>('team', 'bulkImportConnections', await importConnections(client, { provider: 'fitbit', connections: [recipe(user_id)], wait_for_completion: true }));
      if (!t.isMock) {
        checkEqual(answer, { user_ids_imported: [user_id], user_ids_failed: [] }, 'report');
        const providers = t.expect.success<TeamSchemas['UserProviders']>('team', 'listUserProviders', await client.GET('/v2/user/providers/{user_id}', { params: { path: { user_id } } }));
        checkEqual(providers.providers.map((p) => ({ slug: p.slug, status: p.status, external_user_id: p.external_user_id })), [{ slug: 'fitbit', status: 'connected', external_user_id: 'CONF42' }], 'connections');
      }
    }),
    notOnMock(
      'state',
      'answers 202 without wait_for_completion, and an id of no user in user_ids_failed, in the request order',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        const outcome = await importConnections(client, { provider: 'oura', connections: [recipe(UNKNOWN_ID), recipe(user_id)] });
        checkEqual(outcome.response.status, 202, 'status');
        checkEqual(t.expect.success<Answer>('team', 'bulkImportConnections', outcome), { user_ids_imported: [user_id], user_ids_failed: [UNKNOWN_ID] }, 'report');
      },
      MANAGEMENT,
    ),
    always('422 naming ["body", "connections", 0, "user_id"] for an id that is not a UUID', async (t) => {
      t.expect.validation('team', 'bulkImportConnections', await importConnections(t.team, { provider: 'oura', connections: [recipe(invalid(NOT_A_UUID))] }), [{ loc: ['body', 'connections', 0, 'user_id'] }]);
    }),
    always('422 naming ["body", "connections"] for an empty list and ["body", "provider"] for a provider without OAuth', async (t) => {
      t.expect.validation('team', 'bulkImportConnections', await importConnections(t.team, { connections: [], provider: invalid('apple_health_kit') }), [
        { loc: ['body', 'connections'] },
        { loc: ['body', 'provider'], type: 'enum' },
      ]);
    }),
    tooLarge('bulkImportConnections', (t) => t.team.POST('/v2/link/bulk_import', OVERSIZED)),
  ],
};
