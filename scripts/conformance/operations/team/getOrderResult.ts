/** GET /v3/order/{order_id}/result: Get the results of a lab order. */
import { check, checkEqual } from '../../assertions.js';
import { completedOrder, newOrder, placeOrder, runCompletedOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getOrderResult = (client: TeamClient, order_id: string) => client.GET('/v3/order/{order_id}/result', { params: { path: { order_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderResult',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await completedOrder(a.team, a.users[0]!.user_id)).id}/result` }),
  checks: [
    always('reads the results of an order simulated to completion: on a mock the first example', async (t) => {
      const order = await runCompletedOrder(t);
      const results = t.expect.successOrFirstExample<TeamSchemas['LabResultsRaw']>('team', 'getOrderResult', await getOrderResult(t.team, order.id));
      if (!t.isMock) {
        checkEqual(results.metadata.status, 'final', 'metadata.status');
        const expected = new Set(order.lab_test.markers.flatMap((marker) => marker.expected_results.map((result) => result.loinc.code)));
        const reported = [...results.results.map((result) => result.loinc), ...(results.missing_results ?? []).map((result) => result.loinc)];
        checkEqual(new Set(reported), expected, 'the LOINC codes of the results and missing results');
        check(results.results.some((result) => result.interpretation === 'critical'), 'a simulation asking for critical results reports a critical result');
      }
    }),
    notOnMock('state', 'reads the same results every time', async (t) => {
      const order = await runCompletedOrder(t);
      const first = t.expect.success('team', 'getOrderResult', await getOrderResult(t.team, order.id));
      checkEqual(t.expect.success('team', 'getOrderResult', await getOrderResult(t.team, order.id)), first, 'the results read again');
    }),
    notOnMock('state', '400 naming the status for an order that has not reached its results', async (t) => {
      const order = await newOrder(t);
      const { detail } = t.expect.error('team', 'getOrderResult', await getOrderResult(t.team, order.id), 400);
      check(detail.includes(order.last_event.status), `the 400 names the order's status ${order.last_event.status}: ${detail}`);
    }),
    pathNotAUuid('getOrderResult', 'order_id', (t) => getOrderResult(t.team, NOT_A_UUID)),
    missingKey('getOrderResult', (t) => getOrderResult(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderResult', (_t, client) => getOrderResult(client, UNKNOWN_ID)),
    notFound('getOrderResult', '404 for an unknown order_id', (t) => getOrderResult(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeOrder(t.team, (await t.fixtures.user()).user_id);
      t.expect.error('team', 'getOrderResult', await getOrderResult(other, order.id), 404);
    }),
  ],
};
