import { decideCancel } from '../../domain/lab-orders/lifecycle.js';
import type { Database } from '../../storage/database.js';
import { deleteSimulation, findOrder, lockOrderStatus, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { applyTransition } from './transition.js';

export type CancelOutcome = { outcome: 'cancelled'; order: LabOrderRecord } | { outcome: 'refused'; detail: string } | { outcome: 'not_found' };

/**
 * Cancels an order if its status allows (domain decideCancel), in one transaction with
 * its event and webhook; a simulation of the order stops with it. The order's row is
 * locked first, so a simulation step running at the same time waits and then finds the
 * order cancelled.
 */
export async function cancelLabOrder(db: Database, input: { team_id: string; order_id: string; at: string }): Promise<CancelOutcome> {
  return db.transaction(async (tx): Promise<CancelOutcome> => {
    const locked = await lockOrderStatus(tx, input.team_id, input.order_id);
    if (!locked) return { outcome: 'not_found' };
    const decision = decideCancel(locked.status);
    if (!decision.ok) return { outcome: 'refused', detail: decision.detail };
    const order = await findOrder(tx, input.team_id, input.order_id);
    if (!order) return { outcome: 'not_found' };
    const moved = await applyTransition(tx, order, decision.status, { at: input.at, status_detail: 'Cancelled by the team.' });
    if (!moved) throw new Error(`order ${input.order_id} changed under its row lock`);
    await deleteSimulation(tx, input.order_id);
    return { outcome: 'cancelled', order: moved };
  });
}
