/** GET /v2/user: List users. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks, MANAGEMENT } from '../../shared-checks.js';
import { otherTeamClient } from '../../requests.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

type Page = TeamSchemas['PaginatedUsersResponse'];
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listUsers',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/user', query: { offset: '0', limit: '100' } }),
  checks: [
    always('lists a page of users: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listUsers', await t.team.GET('/v2/user', { params: { query: { limit: 10 } } }));
    }),
    notOnMock('state', 'finds a created user by its client_user_id in other case and by its user_id, echoing offset and limit', async (t) => {
      const user = await t.fixtures.user();
      const bySearch = t.expect.success<Page>('team', 'listUsers', await t.team.GET('/v2/user', { params: { query: { search: user.sentClientUserId.toUpperCase() } } }));
      checkEqual(bySearch.users.map((listed) => listed.user_id), [user.user_id], 'users found by the upper-cased client_user_id');
      checkEqual([bySearch.total, bySearch.offset, bySearch.limit], [1, 0, 100], '[total, offset, limit]');
      const byId = t.expect.success<Page>('team', 'listUsers', await t.team.GET('/v2/user', { params: { query: { search: user.user_id, limit: 5 } } }));
      checkEqual(byId.users.map((listed) => listed.client_user_id), [user.sentClientUserId], 'users found by user_id');
      checkEqual(byId.limit, 5, 'limit');
    }),
    notOnMock(
      'credentials',
      "never lists another team's user, even searched by its user_id",
      async (t) => {
        const user = await t.fixtures.user();
        const other = await otherTeamClient(t);
        for (const search of [user.user_id, user.sentClientUserId]) {
          const page = t.expect.success<Page>('team', 'listUsers', await other.GET('/v2/user', { params: { query: { search } } }));
          check(page.users.length === 0 && page.total === 0, `another team's key listed ${page.total} users for ${search}`);
        }
      },
      MANAGEMENT,
    ),
    always('422 naming ["query", "limit"] when it is above 500', async (t) => {
      t.expect.validation('team', 'listUsers', await t.team.GET('/v2/user', { params: { query: { limit: 501 } } }), [{ loc: ['query', 'limit'], type: 'less_than_equal' }]);
    }),
    always('422 naming ["query", "offset"] when it is negative', async (t) => {
      t.expect.validation('team', 'listUsers', await t.team.GET('/v2/user', { params: { query: { offset: -1 } } }), [{ loc: ['query', 'offset'], type: 'greater_than_equal' }]);
    }),
    missingKey('listUsers', (t) => t.teamWithoutKey.GET('/v2/user')),
  ],
};
