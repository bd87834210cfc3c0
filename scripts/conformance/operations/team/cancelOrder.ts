/** POST /v3/order/{order_id}/cancel: Cancel an order. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newOrder } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const cancel = (client: TeamClient, id: string) => client.POST('/v3/order/{order_id}/cancel', { params: { path: { order_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'cancelOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v3/order/${(await newOrder(a)).order_id}/cancel` }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('cancels an ordered order: on a mock the first example', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'cancelOrder', await cancel(t.team, created.order.id));
      if (!t.isMock) checkEqual(answer.order.last_event.status, 'cancelled.walk_in_test.cancelled', 'the status after cancelling');
    }),
    notOnMock('state', '400 when the order is already cancelled', async (t) => {
      const created = await fixtureOrder(t);
      t.expect.success('team', 'cancelOrder', await cancel(t.team, created.order.id));
      t.expect.error('team', 'cancelOrder', await cancel(t.team, created.order.id), 400);
    }),
    pathNotAUuid('cancelOrder', 'order_id', (t) => cancel(t.team, NOT_A_UUID)),
    notFound('cancelOrder', '404 for an unknown order_id', (t) => cancel(t.team, UNKNOWN_ID)),
    otherTeamsOrder('cancelOrder', cancel),
    missingKey('cancelOrder', (t) => cancel(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('cancelOrder', (_t, client) => cancel(client, UNKNOWN_ID)),
  ],
};
