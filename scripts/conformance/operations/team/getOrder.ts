/** GET /v3/order/{order_id}: Get an order. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, orderBody, UNKNOWN_ID } from '../../values.js';
import { errorChecks, MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import { otherTeamClient } from '../../requests.js';
import { newOrder } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const get = (client: TeamClient, id: string) => client.GET('/v3/order/{order_id}', { params: { path: { order_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await newOrder(a)).order_id}` }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('reads an order: on a mock the first example, on a server the order createOrder answered', async (t) => {
      const { user_id } = await t.fixtures.user();
      const created = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(user_id) }));
      const read = t.expect.successOrFirstExample<TeamSchemas['Order']>('team', 'getOrder', await get(t.team, created.order.id));
      if (!t.isMock) checkEqual(read, created.order, 'the order read back');
    }),
    pathNotAUuid('getOrder', 'order_id', (t) => get(t.team, NOT_A_UUID)),
    notFound('getOrder', '404 for an unknown order_id', (t) => get(t.team, UNKNOWN_ID)),
    notOnMock(
      'credentials',
      "404 for the team's order with another team's key",
      async (t) => {
        const { user_id } = await t.fixtures.user();
        const created = t.expect.success<TeamSchemas['OrderResponse']>('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(user_id) }));
        t.expect.error('team', 'getOrder', await get(await otherTeamClient(t), created.order.id), 404);
      },
      MANAGEMENT,
    ),
    missingKey('getOrder', (t) => get(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrder', (_t, client) => get(client, UNKNOWN_ID)),
  ],
};
