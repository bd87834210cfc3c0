/** GET /v3/order_transaction/{transaction_id}: Get an order transaction. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { otherTeamClient } from '../../requests.js';
import { fixtureOrder, placeOrder, transactionOf } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const read = (client: TeamClient, id: string) => client.GET('/v3/order_transaction/{transaction_id}', { params: { path: { transaction_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderTransaction',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order_transaction/${transactionOf(await placeOrder(a.team, a.users[0]!.user_id))}` }),
  checks: [
    always("answers a new order's transaction: on a mock the first example, on a server the order alone in it", async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderTransactionDetails']>('team', 'getOrderTransaction', await read(t.team, transactionOf(created.order)));
      if (!t.isMock) {
        checkEqual(answer.status, 'active', 'the status of a new order\'s transaction');
        checkEqual(answer.orders?.map((o) => [o.id, o.origin, o.last_status]), [[created.order.id, 'initial', 'ordered']], 'the orders of a new order\'s transaction');
      }
    }),
    pathNotAUuid('getOrderTransaction', 'transaction_id', (t) => read(t.team, NOT_A_UUID)),
    notFound('getOrderTransaction', '404 for an unknown transaction_id', (t) => read(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for the team's transaction with another team's key", async (t) => {
      const created = await fixtureOrder(t);
      t.expect.error('team', 'getOrderTransaction', await read(await otherTeamClient(t), transactionOf(created.order)), 404);
    }),
    missingKey('getOrderTransaction', (t) => read(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderTransaction', (_t, client) => read(client, UNKNOWN_ID)),
  ],
};
