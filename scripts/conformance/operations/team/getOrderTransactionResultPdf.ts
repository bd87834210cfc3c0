/** GET /v3/order_transaction/{transaction_id}/result/pdf: Download the result report of an order transaction. */
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { otherTeamClient } from '../../requests.js';
import { expectPdf } from '../../pdf.js';
import { completedOrder, fixtureOrder, runCompletedOrder, transactionOf } from '../../lab-results.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const readPdf = (client: TeamClient, id: string) =>
  client.GET('/v3/order_transaction/{transaction_id}/result/pdf', { params: { path: { transaction_id: id } }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderTransactionResultPdf',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order_transaction/${transactionOf(await completedOrder(a.team, a.users[0]!.user_id))}/result/pdf` }),
  checks: [
    always('answers the result report as application/pdf: on a server a PDF document', async (t) => {
      expectPdf(t, await readPdf(t.team, transactionOf(await runCompletedOrder(t))));
    }),
    notOnMock('state', '400 for a transaction whose orders have no results yet', async (t) => {
      t.expect.error('team', 'getOrderTransactionResultPdf', await t.team.GET('/v3/order_transaction/{transaction_id}/result/pdf', { params: { path: { transaction_id: transactionOf((await fixtureOrder(t)).order) } } }), 400);
    }),
    pathNotAUuid('getOrderTransactionResultPdf', 'transaction_id', (t) => readPdf(t.team, NOT_A_UUID)),
    notFound('getOrderTransactionResultPdf', '404 for an unknown transaction_id', (t) => readPdf(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for the team's transaction with another team's key", async (t) => {
      const { order } = await fixtureOrder(t);
      t.expect.error('team', 'getOrderTransactionResultPdf', await readPdf(await otherTeamClient(t), transactionOf(order)), 404);
    }),
    missingKey('getOrderTransactionResultPdf', (t) => readPdf(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderTransactionResultPdf', (_t, client) => readPdf(client, UNKNOWN_ID)),
  ],
};
