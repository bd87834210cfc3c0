/** GET /v3/order/{order_id}/abn_pdf: Download the Advance Beneficiary Notice of a lab order. */
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { placeMedicareOrder, placeOrderOn, storePrimaryInsurance } from '../../order-documents.js';
import { otherTeamClient } from '../../requests.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getAbnPdf = (client: TeamClient, order_id: string) =>
  client.GET('/v3/order/{order_id}/abn_pdf', { params: { path: { order_id } }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderAbnPdf',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await placeMedicareOrder(a.team, a.users[0]!.user_id)).id}/abn_pdf` }),
  checks: [
    always('answers the ABN of an order billed to a Medicare patient\'s insurance as application/pdf: on a server a PDF document', async (t) => {
      expectPdf(t, await getAbnPdf(t.team, (await placeMedicareOrder(t.team, (await t.fixtures.createUser()).user_id)).id));
    }),
    notOnMock('state', '400 for an order billed to the client (client_bill)', async (t) => {
      const userId = (await t.fixtures.createUser()).user_id;
      await storePrimaryInsurance(t.team, userId, 'MEDICARE');
      t.expect.error('team', 'getOrderAbnPdf', await t.team.GET('/v3/order/{order_id}/abn_pdf', { params: { path: { order_id: (await placeOrderOn(t.team, userId, STANDARD_WALK_IN_LAB_TEST)).id } } }), 400);
    }),
    pathNotAUuid('getOrderAbnPdf', 'order_id', (t) => getAbnPdf(t.team, NOT_A_UUID)),
    missingKey('getOrderAbnPdf', (t) => getAbnPdf(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderAbnPdf', (_t, client) => getAbnPdf(client, UNKNOWN_ID)),
    notFound('getOrderAbnPdf', '404 for an unknown order_id', (t) => getAbnPdf(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeMedicareOrder(t.team, (await t.fixtures.createUser()).user_id);
      t.expect.error('team', 'getOrderAbnPdf', await getAbnPdf(other, order.id), 404);
    }),
  ],
};
