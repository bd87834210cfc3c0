import { decideCancel } from '../../domain/lab-orders/lifecycle.js';
import type { Database } from '../../storage/database.js';
import { dropSimulationUnlessStepping } from '../../storage/repositories/lab-order-simulation-queue.js';
import { findOrder, lockOrderStatus, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { applyTransition, type TransitionCaches } from './transition.js';

export type CancelOutcome = { outcome: 'cancelled'; order: LabOrderRecord } | { outcome: 'refused'; detail: string } | { outcome: 'not_found' };

/**
 * Cancels an order if its status allows (domain decideCancel), in one transaction with
 * its event and webhook; a simulation of the order stops with it. The order's row is
 * locked first, so a simulation step running at the same time waits and then finds the
 * order cancelled; the cancellation's time is read once the lock is held, so its event is
 * never older than the one before it. A step that holds its simulation's row (and waits for
 * the order's) drops that row itself: the cancel does not wait for it, so the two never
 * wait for each other.
 */
export async function cancelLabOrder(db: Database, input: { team_id: string; order_id: string; now: () => Date }, caches?: TransitionCaches): Promise<CancelOutcome> {
  return db.transaction(async (tx): Promise<CancelOutcome> => {
    const locked = await lockOrderStatus(tx, input.team_id, input.order_id);
    if (!locked) return { outcome: 'not_found' };
    const decision = decideCancel(locked.status);
    if (!decision.ok) return { outcome: 'refused', detail: decision.detail };
    const order = await findOrder(tx, input.team_id, input.order_id, caches?.labTestValues);
    if (!order) return { outcome: 'not_found' };
    const moved = await applyTransition(tx, order, decision.status, { at: input.now().toISOString(), note: 'Cancelled by the team.', caches });
    if (!moved) throw new Error(`order ${input.order_id} changed under its row lock`);
    await dropSimulationUnlessStepping(tx, input.order_id);
    return { outcome: 'cancelled', order: moved };
  });
}
