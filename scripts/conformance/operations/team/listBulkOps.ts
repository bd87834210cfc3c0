/** GET /v2/link/bulk_op: List bulk operations. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks, MANAGEMENT } from '../../shared-checks.js';
import { enabledTeamClient, bulkPull } from '../../requests.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { unissuedCursor } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listBulkOps',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/link/bulk_op', query: { page_size: '50' } }),
  seed: {
    order: 120,
    async run(seeding) {
      const cursor = must('listBulkOps', await seeding.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 1 } } })).next_cursor;
      if (cursor !== null) seeding.cursors.push(cursor);
    },
  },
  checks: [
    always('lists a page of bulk operations: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listBulkOps', await t.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 10 } } }));
    }),
    notOnMock(
      'static-examples',
      'pages with page_size and next_cursor, newest first, without repeating an operation',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        for (const provider of ['oura', 'strava'] as const) {
          t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider }));
        }
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 100; page++) {
          const outcome: { response: Response } = await client.GET('/v2/link/bulk_op', { params: { query: { page_size: 1, ...(cursor && { next_cursor: cursor }) } } });
          const body: TeamSchemas['BulkOpsPage'] = t.expect.success<TeamSchemas['BulkOpsPage']>('team', 'listBulkOps', outcome);
          check(body.data.length <= 1, `page_size 1 answered ${body.data.length} operations`);
          seen.push(...body.data.map((op) => op.id));
          cursor = body.next_cursor;
          if (!cursor) break;
        }
        check(seen.length >= 2, `paging listed ${seen.length} operations, expected at least the 2 just triggered`);
        checkEqual(new Set(seen).size, seen.length, 'distinct operations across pages');
      },
      MANAGEMENT,
    ),
    always('422 naming ["query", "page_size"] when it is above 50', async (t) => {
      const outcome = await t.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 51 } } });
      t.expect.validation('team', 'listBulkOps', outcome, [{ loc: ['query', 'page_size'], type: 'less_than_equal' }]);
    }),
    unissuedCursor('listBulkOps', (t) => t.team.GET('/v2/link/bulk_op', { params: { query: { next_cursor: 'not-a-cursor' } } })),
    missingKey('listBulkOps', (t) => t.teamWithoutKey.GET('/v2/link/bulk_op')),
  ],
};
