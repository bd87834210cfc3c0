/** GET /v2/introspect/resources: Introspect resources. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { unissuedCursor, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

type Query = { user_id?: string; provider?: TeamSchemas['ProviderSlug']; user_limit?: number; next_cursor?: string };
export const introspectResources = (client: TeamClient, query: Query = {}) => client.GET('/v2/introspect/resources', { params: { query } });
type Page = TeamSchemas['UserResourcesResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getUserResources',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/introspect/resources', query: { user_limit: '10' } }),
  checks: [
    always('answers a page of users: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'getUserResources', await introspectResources(t.team, { user_limit: 5 }));
    }),
    notOnMock('state', 'a user connected to Oura has its Oura resources, nothing readable before the first sync; a user without connections an empty map', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const lonely = await t.fixtures.createUser();
      await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } });
      const page = t.expect.success<Page>('team', 'getUserResources', await introspectResources(t.team, { user_id }));
      checkEqual(page.data.map((entry) => [entry.user_id, Object.keys(entry.provider)]), [[user_id, ['oura']]], 'the users and their providers');
      const sleep = page.data[0]!.provider.oura?.sleep;
      checkEqual(sleep, { last_attempt: null, oldest_data: null, newest_data: null, sent_count: null }, 'sleep before the first sync');
      const empty = t.expect.success<Page>('team', 'getUserResources', await introspectResources(t.team, { user_id: lonely.user_id }));
      checkEqual(empty.data, [{ user_id: lonely.user_id, provider: {} }], 'a user without connections');
      check(empty.next_cursor === null && empty.next === null, 'one user: no next page');
    }),
    always('422 naming ["query", "user_limit"] when it is 0', async (t) => {
      t.expect.validation('team', 'getUserResources', await introspectResources(t.team, { user_limit: 0 }), [{ loc: ['query', 'user_limit'], type: 'greater_than_equal' }]);
    }),
    unissuedCursor('getUserResources', (t) => introspectResources(t.team, { next_cursor: 'not-a-cursor' })),
    notFound('getUserResources', '404 for a user_id that is no user', (t) => introspectResources(t.team, { user_id: UNKNOWN_ID })),
    otherTeamsUser('getUserResources', "404 for a user of another team (with that team's key)", (other, { user_id }) => introspectResources(other, { user_id })),
    missingKey('getUserResources', (t) => introspectResources(t.teamWithoutKey)),
    unknownKey('getUserResources', (_t, client) => introspectResources(client)),
  ],
};
