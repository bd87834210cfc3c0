/** GET /v3/order/{order_id}/result/pdf: Download the result report of a lab order. */
import { completedOrder, newOrder, placeOrder, runCompletedOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getResultPdf = (client: TeamClient, order_id: string) =>
  client.GET('/v3/order/{order_id}/result/pdf', { params: { path: { order_id } }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderResultPdf',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await completedOrder(a.team, a.users[0]!.user_id)).id}/result/pdf` }),
  checks: [
    always('answers the result report as application/pdf: on a server a PDF document', async (t) => {
      const order = await runCompletedOrder(t);
      expectPdf(t, await getResultPdf(t.team, order.id));
    }),
    notOnMock('state', '400 for an order that has not reached its results', async (t) => {
      t.expect.error('team', 'getOrderResultPdf', await t.team.GET('/v3/order/{order_id}/result/pdf', { params: { path: { order_id: (await newOrder(t)).id } } }), 400);
    }),
    pathNotAUuid('getOrderResultPdf', 'order_id', (t) => getResultPdf(t.team, NOT_A_UUID)),
    missingKey('getOrderResultPdf', (t) => getResultPdf(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderResultPdf', (_t, client) => getResultPdf(client, UNKNOWN_ID)),
    notFound('getOrderResultPdf', '404 for an unknown order_id', (t) => getResultPdf(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeOrder(t.team, (await t.fixtures.user()).user_id);
      t.expect.error('team', 'getOrderResultPdf', await getResultPdf(other, order.id), 404);
    }),
  ],
};
