import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireTransactionResults } from './order-transaction-views.js';

/** GET /v3/order_transaction/{transaction_id}/result: the transaction's orders' results merged, newest value per marker. */
export const getOrderTransactionResult =
  (deps: Deps): Handler<operations['getOrderTransactionResult'], TeamContext> =>
  async ({ path }, { teamId }) => ({ status: 200, body: (await requireTransactionResults(deps, teamId, path.transaction_id)).results });
