import { decideActivationChange, decideDrawCompleted } from '../../domain/lab-orders/changes.js';
import type { Database } from '../../storage/database.js';
import { setOrderActivateBy } from '../../storage/repositories/lab-order-changes.js';
import { findOrder, lockOrderStatus, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { applyTransition, emitOrderUpdated, type TransitionCaches } from './transition.js';

export type ChangeOutcome = { outcome: 'changed'; order: LabOrderRecord } | { outcome: 'refused'; detail: string } | { outcome: 'not_found' };

/**
 * Sets an order's activation day (domain decideActivationChange) with `labtest.order.updated`,
 * in one transaction; the order's row is locked first, so a status change at the same time comes
 * before or after, never between the check and the write.
 */
export async function changeOrderActivation(
  db: Database,
  input: { team_id: string; order_id: string; activate_by: string | null; now: () => Date },
  caches?: TransitionCaches,
): Promise<ChangeOutcome> {
  return db.transaction(async (tx): Promise<ChangeOutcome> => {
    const locked = await lockOrderStatus(tx, input.team_id, input.order_id);
    if (!locked) return { outcome: 'not_found' };
    const decision = decideActivationChange(locked.status);
    if (!decision.ok) return { outcome: 'refused', detail: decision.detail };
    const at = input.now().toISOString();
    await setOrderActivateBy(tx, { team_id: input.team_id, order_id: input.order_id, activate_by: input.activate_by, at });
    const order = await findOrder(tx, input.team_id, input.order_id, caches?.labTestValues);
    if (!order) return { outcome: 'not_found' };
    await emitOrderUpdated(tx, order, `activate_by:${at}`, caches);
    return { outcome: 'changed', order };
  });
}

/**
 * Records the draw of an on-site order (domain decideDrawCompleted): each status on the way,
 * with its event and webhook, in one transaction under the order's row lock.
 */
export async function recordOrderDraw(db: Database, input: { team_id: string; order_id: string; now: () => Date }, caches?: TransitionCaches): Promise<ChangeOutcome> {
  return db.transaction(async (tx): Promise<ChangeOutcome> => {
    const locked = await lockOrderStatus(tx, input.team_id, input.order_id);
    if (!locked) return { outcome: 'not_found' };
    const decision = decideDrawCompleted(locked.status);
    if (!decision.ok) return { outcome: 'refused', detail: decision.detail };
    let order = await findOrder(tx, input.team_id, input.order_id, caches?.labTestValues);
    const at = input.now().toISOString();
    for (const status of decision.value) {
      if (!order) return { outcome: 'not_found' };
      order = await applyTransition(tx, order, status, { at, caches });
    }
    if (!order) throw new Error(`order ${input.order_id} changed under its row lock`);
    return { outcome: 'changed', order };
  });
}
