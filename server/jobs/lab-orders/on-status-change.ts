/**
 * The hook of the lab order lifecycle: called by every status change of an order (a
 * simulated step or a cancellation), in the transaction that stores the change, after
 * the order's row and event are written. Results are generated from here when an order
 * reaches `partial_results`, `completed` or `corrected` (the results half of issue 15
 * extends this function); whatever it writes commits or rolls back with the change.
 */
import type { SimulationOptions } from '../../domain/lab-results/generate.js';
import type { Queryable } from '../../storage/database.js';
import { teamWantsPartialResults, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { recordResultsOnStatusChange } from '../lab-results/record.js';

export interface StatusChange {
  /** The order after the change (its events include the new one). */
  order: LabOrderRecord;
  /** The full status it left. */
  from: string;
  /** The full status it reached (order.status). */
  to: string;
  /** The simulation flags (SimulationFlags of POST /v3/order/{order_id}/test), or null outside a simulation. */
  flags: { interpretation?: string; result_types?: string[] | null; has_missing_results?: boolean | null } | null;
}

export async function onOrderStatusChange(tx: Queryable, change: StatusChange): Promise<void> {
  // Results (and labtest.result.critical) on partial_results / completed / corrected: jobs/lab-results/record.ts.
  await recordResultsOnStatusChange(tx, {
    order: change.order,
    to: change.to,
    flags: change.flags as SimulationOptions | null,
    partialResultsEnabled: () => teamWantsPartialResults(tx, change.order.team_id),
  });
}
