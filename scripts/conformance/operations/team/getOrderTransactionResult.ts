/** GET /v3/order_transaction/{transaction_id}/result: Get the results of an order transaction. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { otherTeamClient } from '../../requests.js';
import { completedOrder, fixtureOrder, runCompletedOrder, transactionOf } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const read = (client: TeamClient, id: string) => client.GET('/v3/order_transaction/{transaction_id}/result', { params: { path: { transaction_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderTransactionResult',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order_transaction/${transactionOf(await completedOrder(a.team, a.users[0]!.user_id))}/result` }),
  checks: [
    always("answers the results of a completed order's transaction: on a mock the first example, on a server the order's own results", async (t) => {
      const order = await runCompletedOrder(t);
      const answer = t.expect.successOrFirstExample<TeamSchemas['LabResultsRaw']>('team', 'getOrderTransactionResult', await read(t.team, transactionOf(order)));
      if (!t.isMock) {
        const own = t.expect.success<TeamSchemas['LabResultsRaw']>('team', 'getOrderResult', await t.team.GET('/v3/order/{order_id}/result', { params: { path: { order_id: order.id } } }));
        checkEqual(answer.results, own.results, 'the results of a transaction of one order');
        checkEqual(answer.order_transaction?.id, order.order_transaction?.id, 'the transaction the results name');
      }
    }),
    notOnMock('state', '400 for a transaction whose orders have no results yet', async (t) => {
      t.expect.error('team', 'getOrderTransactionResult', await read(t.team, transactionOf((await fixtureOrder(t)).order)), 400);
    }),
    pathNotAUuid('getOrderTransactionResult', 'transaction_id', (t) => read(t.team, NOT_A_UUID)),
    notFound('getOrderTransactionResult', '404 for an unknown transaction_id', (t) => read(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for the team's transaction with another team's key", async (t) => {
      const { order } = await fixtureOrder(t);
      t.expect.error('team', 'getOrderTransactionResult', await read(await otherTeamClient(t), transactionOf(order)), 404);
    }),
    missingKey('getOrderTransactionResult', (t) => read(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderTransactionResult', (_t, client) => read(client, UNKNOWN_ID)),
  ],
};
