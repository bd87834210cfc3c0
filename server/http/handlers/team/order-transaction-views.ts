import type { LabResults } from '../../../domain/lab-results/generate.js';
import { mergeTransactionResults, orderTransactionView } from '../../../domain/lab-orders/transaction.js';
import { findTransactionOrders, findTransactionResults } from '../../../storage/repositories/lab-order-transactions.js';
import type { LabOrderRecord } from '../../../storage/repositories/lab-orders.js';
import type { LabResultsRecord } from '../../../storage/repositories/lab-results.js';
import { ApiError } from '../../api-error.js';
import type { Deps } from '../context.js';

/** The team's orders of a transaction, oldest first, or the 404 (another team's transaction is not found either). */
export async function requireTransactionOrders(deps: Deps, teamId: string, transactionId: string): Promise<[LabOrderRecord, ...LabOrderRecord[]]> {
  const orders = await findTransactionOrders(deps.db, teamId, transactionId, deps.caches.labOrders.labTestValues);
  const [first, ...rest] = orders;
  if (!first) throw new ApiError(404, `Order transaction ${transactionId} not found.`);
  return [first, ...rest];
}

/**
 * A transaction's results as one report (domain mergeTransactionResults), with the newest order
 * that has results and its results' record (what the PDF prints as the report's order and time).
 * Before any order of it has results: the 400 naming the newest order's status.
 */
export async function requireTransactionResults(deps: Deps, teamId: string, transactionId: string) {
  const orders = await requireTransactionOrders(deps, teamId, transactionId);
  const records = await findTransactionResults<LabResults>(deps.db, teamId, transactionId);
  const newestRecord: LabResultsRecord<LabResults> | undefined = records.at(-1);
  const reported = newestRecord && orders.find((order) => order.id === newestRecord.order_id);
  if (!newestRecord || !reported) {
    // Oldest first (findTransactionOrders): the last is the newest.
    const newest = orders[orders.length - 1]!;
    throw new ApiError(400, `Order transaction ${transactionId} has no results yet (its newest order is ${newest.status}); results exist once one of its orders is completed.`);
  }
  const transaction = orderTransactionView(reported.transaction_id, reported.transaction_orders);
  const merged = mergeTransactionResults(records.map((record) => record.results), transaction);
  return { order: reported, record: { ...newestRecord, results: merged }, results: merged };
}
