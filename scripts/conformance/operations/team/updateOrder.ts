/** PATCH /v3/order/{order_id}: Update an order. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newOrder } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const update = (client: TeamClient, id: string, activate_by: string | null = '2046-12-01') =>
  client.PATCH('/v3/order/{order_id}', { params: { path: { order_id: id } }, body: { activate_by } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'PATCH', path: `/v3/order/${(await newOrder(a)).order_id}`, body: { activate_by: '2046-12-01' } }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('holds an order until a day: on a mock the first example, on a server the day stored', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'updateOrder', await update(t.team, created.order.id));
      if (!t.isMock) checkEqual(answer.order.activate_by, '2046-12-01', 'the activation day');
    }),
    notOnMock('state', '400 for an order no longer received', async (t) => {
      const created = await fixtureOrder(t);
      t.expect.success('team', 'cancelOrder', await t.team.POST('/v3/order/{order_id}/cancel', { params: { path: { order_id: created.order.id } } }));
      t.expect.error('team', 'updateOrder', await update(t.team, created.order.id), 400);
    }),
    notOnMock('domain-rules', '422 naming ["body", "activate_by"] for a day before today', async (t) => {
      const created = await fixtureOrder(t);
      t.expect.validation('team', 'updateOrder', await update(t.team, created.order.id, '2001-01-01'), [{ loc: ['body', 'activate_by'] }]);
    }),
    pathNotAUuid('updateOrder', 'order_id', (t) => update(t.team, NOT_A_UUID)),
    notFound('updateOrder', '404 for an unknown order_id', (t) => update(t.team, UNKNOWN_ID)),
    otherTeamsOrder('updateOrder', (client, id) => update(client, id)),
    missingKey('updateOrder', (t) => update(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('updateOrder', (_t, client) => update(client, UNKNOWN_ID)),
  ],
};
