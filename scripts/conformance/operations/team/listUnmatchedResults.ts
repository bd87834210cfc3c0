/** GET /v3/unmatched_result: List unmatched results. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { makeUnmatchedResult } from '../../unmatched-results.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { unissuedCursor } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
type Page = TeamSchemas['ListUnmatchedResultResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listUnmatchedResults',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/unmatched_result', query: { limit: '5' } }),
  checks: [
    always('lists the queue: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample<Page>('team', 'listUnmatchedResults', await t.team.GET('/v3/unmatched_result', { params: { query: { limit: 5 } } }));
    }),
    notOnMock('state', 'a result made is found by its id, and pages hold at most limit results', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.success<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id }));
      const found = t.expect.success<Page>('team', 'listUnmatchedResults', await t.team.GET('/v3/unmatched_result', { params: { query: { search_input: made.id } } }));
      check(found.total === 1 && found.data?.[0]?.id === made.id, `search_input=<id> finds ${show(found)}`);
      const page = t.expect.success<Page>('team', 'listUnmatchedResults', await t.team.GET('/v3/unmatched_result', { params: { query: { limit: 1 } } }));
      check((page.data?.length ?? 0) <= 1, `limit=1 answers ${page.data?.length} results`);
    }),
    always('422 naming ["query", "status"] for a status it does not know', async (t) => {
      t.expect.validation('team', 'listUnmatchedResults', await t.team.GET('/v3/unmatched_result', { params: { query: { status: 'matched' as never } } }), [{ loc: ['query', 'status'] }]);
    }),
    unissuedCursor('listUnmatchedResults', (t) => t.team.GET('/v3/unmatched_result', { params: { query: { next_cursor: 'not-a-cursor' } } })),
    missingKey('listUnmatchedResults', (t) => t.teamWithoutKey.GET('/v3/unmatched_result', { params: { query: {} } })),
    unknownKey('listUnmatchedResults', (_t, client) => client.GET('/v3/unmatched_result', { params: { query: {} } })),
  ],
};
