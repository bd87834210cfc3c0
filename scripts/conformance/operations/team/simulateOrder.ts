/** POST /v3/order/{order_id}/test: Simulate an order. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newOrder } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const simulate = (client: TeamClient, id: string, final_status?: string) =>
  client.POST('/v3/order/{order_id}/test', { params: { path: { order_id: id }, query: final_status ? { final_status: final_status as never } : {} } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'simulateOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v3/order/${(await newOrder(a)).order_id}/test` }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('starts a simulation: on a mock the first example, on a server the order as it was', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'simulateOrder', await simulate(t.team, created.order.id));
      if (!t.isMock) checkEqual(answer.order.id, created.order.id, 'the simulated order');
    }),
    notOnMock('domain-rules', '422 naming ["query", "final_status"] for a status of another method', async (t) => {
      const created = await fixtureOrder(t);
      t.expect.validation('team', 'simulateOrder', await simulate(t.team, created.order.id, 'completed.testkit.completed'), [{ loc: ['query', 'final_status'] }]);
    }),
    always('422 naming ["query", "final_status"] when it is no status', async (t) => {
      t.expect.validation('team', 'simulateOrder', await simulate(t.team, UNKNOWN_ID, 'finished'), [{ loc: ['query', 'final_status'] }]);
    }),
    pathNotAUuid('simulateOrder', 'order_id', (t) => simulate(t.team, NOT_A_UUID)),
    notFound('simulateOrder', '404 for an unknown order_id', (t) => simulate(t.team, UNKNOWN_ID)),
    otherTeamsOrder('simulateOrder', simulate),
    missingKey('simulateOrder', (t) => simulate(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('simulateOrder', (_t, client) => simulate(client, UNKNOWN_ID)),
  ],
};
