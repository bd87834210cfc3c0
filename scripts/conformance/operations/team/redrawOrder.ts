/** POST /v3/order/{order_id}/redraw: Redraw a lab order (sandbox). */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { fixtureOrder, otherTeamsOrder, redrawableOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const redraw = (client: TeamClient, id: string) => client.POST('/v3/order/{order_id}/redraw', { params: { path: { order_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'redrawOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v3/order/${(await redrawableOrder(a.team, a.users[0]!.user_id)).id}/redraw` }),
  checks: [
    always('redraws an order whose sample failed: on a mock the first example, on a server a new order in its transaction', async (t) => {
      const { user_id } = await t.fixtures.user();
      const parent = t.isMock ? (await fixtureOrder(t, 'example')).order : await redrawableOrder(t.team, user_id);
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'redrawOrder', await redraw(t.team, parent.id));
      if (!t.isMock) {
        checkEqual(answer.order.origin, 'redraw', 'the origin of the new order');
        checkEqual(answer.order.order_transaction?.id, parent.order_transaction?.id, 'the transaction of the new order');
        checkEqual(answer.order.order_transaction?.orders.map((o) => o.parent_id), [null, parent.id], 'the parents of the transaction\'s orders');
      }
    }),
    notOnMock('state', '409 for an order whose sample has not failed', async (t) => {
      const created = await fixtureOrder(t);
      t.expect.error('team', 'redrawOrder', await redraw(t.team, created.order.id), 409);
    }),
    pathNotAUuid('redrawOrder', 'order_id', (t) => redraw(t.team, NOT_A_UUID)),
    notFound('redrawOrder', '404 for an unknown order_id', (t) => redraw(t.team, UNKNOWN_ID)),
    otherTeamsOrder('redrawOrder', redraw),
    missingKey('redrawOrder', (t) => redraw(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('redrawOrder', (_t, client) => redraw(client, UNKNOWN_ID)),
  ],
};
