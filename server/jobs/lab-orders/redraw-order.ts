import { redrawDecision } from '../../domain/lab-orders/transaction.js';
import type { Database } from '../../storage/database.js';
import { dropSimulationUnlessStepping } from '../../storage/repositories/lab-order-simulation-queue.js';
import { findRedrawOf, touchTransactionOf } from '../../storage/repositories/lab-order-transactions.js';
import { findOrder, insertOrder, lockOrderStatus, type LabOrderRecord, type NewLabOrder } from '../../storage/repositories/lab-orders.js';
import { emitOrderCreated } from './create-order.js';
import { applyTransition, type TransitionCaches } from './transition.js';

export type RedrawOutcome =
  | { outcome: 'redrawn'; order: LabOrderRecord }
  | { outcome: 'refused'; status: 409; detail: string }
  | { outcome: 'not_found' };

/**
 * Redraws an order (POST /v3/order/{order_id}/redraw) in one transaction: the parent's row is
 * locked, its status checked (domain redrawDecision), a walk-in parent at redraw_available
 * cancelled with its event and webhook, and the new order stored in the parent's transaction
 * with `labtest.order.created`. `redraw(parent)` makes the new order from the parent as it is
 * under the lock. Concurrent redraws of one order wait for the lock: the first redraws, the
 * others are refused (and the unique index on parent_id holds it besides).
 */
export async function redrawLabOrder(
  db: Database,
  input: { team_id: string; order_id: string; now: () => Date; redraw: (parent: LabOrderRecord, at: string) => NewLabOrder },
  caches?: TransitionCaches,
): Promise<RedrawOutcome> {
  return db.transaction(async (tx): Promise<RedrawOutcome> => {
    const locked = await lockOrderStatus(tx, input.team_id, input.order_id);
    if (!locked) return { outcome: 'not_found' };
    const parent = await findOrder(tx, input.team_id, input.order_id, caches?.labTestValues);
    if (!parent) return { outcome: 'not_found' };
    const decision = redrawDecision({
      id: parent.id,
      status: parent.status,
      has_patient: parent.body.patient_details !== null && parent.body.patient_details !== undefined,
      redrawn_as: await findRedrawOf(tx, input.team_id, parent.id),
    });
    if (!decision.ok) return { outcome: 'refused', status: decision.status, detail: decision.detail };
    const at = input.now().toISOString();
    let current = parent;
    if (decision.parent_to) {
      const moved = await applyTransition(tx, parent, decision.parent_to, { at, caches });
      if (!moved) throw new Error(`order ${parent.id} changed under its row lock`);
      await dropSimulationUnlessStepping(tx, parent.id);
      current = moved;
    }
    const order = input.redraw(current, at);
    const inserted = await insertOrder(tx, { ...order, redraw_of: { transaction_id: current.transaction_id, parent_id: current.id } }, caches);
    if (!inserted) throw new Error(`the user of order ${parent.id} went away under its row lock`);
    await touchTransactionOf(tx, input.team_id, inserted.id);
    const stored = await findOrder(tx, input.team_id, inserted.id, caches?.labTestValues);
    if (!stored) throw new Error(`redraw ${inserted.id} not found after it was stored`);
    await emitOrderCreated(tx, stored, caches?.labTestSnapshots);
    return { outcome: 'redrawn', order: stored };
  });
}
