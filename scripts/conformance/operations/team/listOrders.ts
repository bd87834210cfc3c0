/** GET /v3/orders: List orders. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, orderBody } from '../../values.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listOrders',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/orders' }),
  checks: [
    always('lists the orders: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listOrders', await t.team.GET('/v3/orders'));
    }),
    notOnMock('state', "user_id lists that user's orders, newest first", async (t) => {
      const { user_id } = await t.fixtures.user();
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) ids.unshift(t.expect.success<TeamSchemas['OrderResponse']>('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(user_id) })).order.id);
      const page = t.expect.success<TeamSchemas['OrderPage']>('team', 'listOrders', await t.team.GET('/v3/orders', { params: { query: { user_id, size: 100 } } }));
      check(page.orders.every((o) => o.user_id === user_id), `orders of other users: ${show(page.orders.map((o) => o.user_id))}`);
      checkEqual(page.orders.slice(0, 2).map((o) => o.id), ids, 'the newest two orders');
    }),
    always('422 naming ["query", "size"] when it is 101', async (t) => {
      t.expect.validation('team', 'listOrders', await t.team.GET('/v3/orders', { params: { query: { size: 101 } } }), [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
    }),
    always('422 naming ["query", "status"] for an unknown status', async (t) => {
      t.expect.validation('team', 'listOrders', await t.team.GET('/v3/orders', { params: { query: { status: invalid(['misplaced']) } } }), [{ loc: ['query', 'status', 0] }]);
    }),
    missingKey('listOrders', (t) => t.teamWithoutKey.GET('/v3/orders')),
    unknownKey('listOrders', (_t, client) => client.GET('/v3/orders')),
  ],
};
