/** GET /v3/order/{order_id}/labels/pdf: Download the specimen labels of a lab order. */
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { placeAtHomeOrder, placeOrderOn } from '../../order-documents.js';
import { otherTeamClient } from '../../requests.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const COLLECTION_DATE = '2040-12-01T09:30:00-08:00';
const getLabelsPdf = (client: TeamClient, order_id: string, query: { collection_date: string; number_of_labels?: number } = { collection_date: COLLECTION_DATE }) =>
  client.GET('/v3/order/{order_id}/labels/pdf', { params: { path: { order_id }, query }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderLabelsPdf',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({
    method: 'GET',
    path: `/v3/order/${(await placeAtHomeOrder(a.team, a.users[0]!.user_id)).id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTION_DATE)}&number_of_labels=3`,
  }),
  checks: [
    always('answers the labels of an at-home phlebotomy order as application/pdf: on a server a PDF document', async (t) => {
      expectPdf(t, await getLabelsPdf(t.team, (await placeAtHomeOrder(t.team, (await t.fixtures.createUser()).user_id)).id));
    }),
    notOnMock('state', '400 for a walk-in order (the service center labels its samples)', async (t) => {
      const order = await placeOrderOn(t.team, (await t.fixtures.createUser()).user_id, STANDARD_WALK_IN_LAB_TEST);
      t.expect.error('team', 'getOrderLabelsPdf', await t.team.GET('/v3/order/{order_id}/labels/pdf', { params: { path: { order_id: order.id }, query: { collection_date: COLLECTION_DATE } } }), 400);
    }),
    pathNotAUuid('getOrderLabelsPdf', 'order_id', (t) => getLabelsPdf(t.team, NOT_A_UUID)),
    missingKey('getOrderLabelsPdf', (t) => getLabelsPdf(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderLabelsPdf', (_t, client) => getLabelsPdf(client, UNKNOWN_ID)),
    notFound('getOrderLabelsPdf', '404 for an unknown order_id', (t) => getLabelsPdf(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeAtHomeOrder(t.team, (await t.fixtures.createUser()).user_id);
      t.expect.error('team', 'getOrderLabelsPdf', await getLabelsPdf(other, order.id), 404);
    }),
  ],
};
