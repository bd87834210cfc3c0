/** GET /v2/team/users/search: Find the team's users by id or client user id. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import { firstUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const searchTeamUsers = (client: TeamClient, query_id?: string) => client.GET('/v2/team/users/search', { params: { query: query_id === undefined ? {} : { query_id } } });
type Users = TeamSchemas['ClientFacingUserList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'searchTeamUsers',
  auth: { scope: 'team' },
  validRequest: async ({ a }) => ({ method: 'GET', path: '/v2/team/users/search', query: { query_id: firstUser(a).client_user_id } }),
  checks: [
    always('finds a user by its client_user_id: on a mock the first example, on a server that user alone', async (t) => {
      const created = await t.fixtures.user();
      const found = t.expect.successOrFirstExample<Users>('team', 'searchTeamUsers', await searchTeamUsers(t.team, created.sentClientUserId));
      if (!t.isMock) checkEqual(found.map((u) => u.user_id), [created.user_id], 'user ids');
    }),
    notOnMock('state', 'finds a user by its user_id', async (t) => {
      const created = await t.fixtures.user();
      const found = t.expect.success<Users>('team', 'searchTeamUsers', await searchTeamUsers(t.team, created.user_id));
      checkEqual(found.map((u) => u.user_id), [created.user_id], 'user ids');
    }),
    always('422 naming ["query", "query_id"] for a one-character query_id', async (t) => {
      t.expect.validation('team', 'searchTeamUsers', await searchTeamUsers(t.team, 'x'), [{ loc: ['query', 'query_id'] }]);
    }),
    notOnMock('credentials', "finds nothing of another team's user (with that team's key)", async (t) => {
      const created = await t.fixtures.user();
      const found = t.expect.success<Users>('team', 'searchTeamUsers', await searchTeamUsers(await otherTeamClient(t), created.user_id));
      checkEqual(found, [], 'users found');
    }, MANAGEMENT),
    missingKey('searchTeamUsers', (t) => searchTeamUsers(t.teamWithoutKey, 'patient-000123')),
    unknownKey('searchTeamUsers', (_t, client) => searchTeamUsers(client, 'patient-000123')),
  ],
};
