/** Ported from test/contract/suite.ts (team listOrderSetMarkers): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { ORDER_SET } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists the markers of an order set: on a mock the first example', async (t) => {
    const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { page: 1, size: 50 } }, body: ORDER_SET });
    t.expect.successOrFirstExample('team', 'listOrderSetMarkers', outcome);
  }),
  missingTeamKey('listOrderSetMarkers', (_t, client) => client.POST('/v3/lab_tests/list_order_set_markers', { body: ORDER_SET })),
];
