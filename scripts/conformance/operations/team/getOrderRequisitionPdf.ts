/** GET /v3/order/{order_id}/requisition/pdf: Download the requisition form of a lab order. */
import { newOrder, placeOrder } from '../../lab-results.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getRequisitionPdf = (client: TeamClient, order_id: string) =>
  client.GET('/v3/order/{order_id}/requisition/pdf', { params: { path: { order_id } }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderRequisitionPdf',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await placeOrder(a.team, a.users[0]!.user_id)).id}/requisition/pdf` }),
  checks: [
    always('answers the requisition form of a new order as application/pdf: on a server a PDF document', async (t) => {
      expectPdf(t, await getRequisitionPdf(t.team, (await newOrder(t)).id));
    }),
    notOnMock('state', '400 for a cancelled order', async (t) => {
      const order = await newOrder(t);
      must('cancelOrder', await t.team.POST('/v3/order/{order_id}/cancel', { params: { path: { order_id: order.id } } }));
      t.expect.error('team', 'getOrderRequisitionPdf', await t.team.GET('/v3/order/{order_id}/requisition/pdf', { params: { path: { order_id: order.id } } }), 400);
    }),
    pathNotAUuid('getOrderRequisitionPdf', 'order_id', (t) => getRequisitionPdf(t.team, NOT_A_UUID)),
    missingKey('getOrderRequisitionPdf', (t) => getRequisitionPdf(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderRequisitionPdf', (_t, client) => getRequisitionPdf(client, UNKNOWN_ID)),
    notFound('getOrderRequisitionPdf', '404 for an unknown order_id', (t) => getRequisitionPdf(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeOrder(t.team, (await t.fixtures.user()).user_id);
      t.expect.error('team', 'getOrderRequisitionPdf', await getRequisitionPdf(other, order.id), 404);
    }),
  ],
};
