/** POST /v3/lab_tests/list_order_set_markers: List order set markers. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, ORDER_SET, overOneMiBBody, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listOrderSetMarkers',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/lab_tests/list_order_set_markers', body: requestExample('team', 'listOrderSetMarkers', 'test_with_add_on') }),
  checks: [
    always('lists the markers of an order set: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listOrderSetMarkers', await t.team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { page: 1, size: 50 } }, body: ORDER_SET }));
    }),
    notOnMock('static-examples', 'an empty order set lists no markers', async (t) => {
      const page = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listOrderSetMarkers', await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: {} }));
      checkEqual(page.markers, [], 'markers');
    }),
    notOnMock('domain-rules', '422 naming the index of an unknown lab test', async (t) => {
      const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: { lab_test_ids: [...(ORDER_SET.lab_test_ids ?? []), UNKNOWN_ID] } });
      t.expect.validation('team', 'listOrderSetMarkers', outcome, [{ loc: ['body', 'lab_test_ids', 1] }]);
    }),
    always('422 naming ["query", "size"] when it is 101', async (t) => {
      const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { size: 101 } }, body: ORDER_SET });
      t.expect.validation('team', 'listOrderSetMarkers', outcome, [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
    }),
    always('422 naming ["body", "lab_test_ids"] when it is not an array', async (t) => {
      const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: invalid({ lab_test_ids: 'abc' }) });
      t.expect.validation('team', 'listOrderSetMarkers', outcome, [{ loc: ['body', 'lab_test_ids'], type: 'type_error' }]);
    }),
    tooLarge('listOrderSetMarkers', (t) => t.team.POST('/v3/lab_tests/list_order_set_markers', OVERSIZED)),
    notOnMock('body-limit', '413 when the body is over the 1 MiB limit of every operation but the bulk pull', async (t) => {
      t.expect.error('team', 'listOrderSetMarkers', await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: invalid({}), bodySerializer: overOneMiBBody }), 413);
    }),
    missingKey('listOrderSetMarkers', (t) => t.teamWithoutKey.POST('/v3/lab_tests/list_order_set_markers', { body: ORDER_SET })),
  ],
};
