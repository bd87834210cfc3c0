import type { operations } from '../../../../generated/team/schema.js';
import { orderTransactionDetailsView } from '../../../domain/lab-orders/transaction.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireTransactionOrders } from './order-transaction-views.js';

/** GET /v3/order_transaction/{transaction_id}: the transaction and a summary of each of its orders. */
export const getOrderTransaction =
  (deps: Deps): Handler<operations['getOrderTransaction'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const [order] = await requireTransactionOrders(deps, teamId, path.transaction_id);
    return { status: 200, body: orderTransactionDetailsView(order.transaction_id, order.team_id, order.transaction_orders) };
  };
