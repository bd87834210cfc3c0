/** Ported from test/contract/suite.ts (team listBulkOps): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists a page of bulk operations: on a mock the first example', async (t) => {
    t.expect.successOrFirstExample('team', 'listBulkOps', await t.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 10 } } }));
  }),
  missingTeamKey('listBulkOps', (_t, client) => client.GET('/v2/link/bulk_op')),
];
