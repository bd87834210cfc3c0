import { decideRegistration, REGISTERED_STATUS } from '../../domain/lab-orders/testkit.js';
import type { Database } from '../../storage/database.js';
import { lockTestkitBySampleId, setOrderPatientName } from '../../storage/repositories/lab-order-testkits.js';
import { findOrder, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { applyTransition, type TransitionCaches } from './transition.js';

export type RegisterOutcome =
  | { outcome: 'registered'; order: LabOrderRecord }
  | { outcome: 'not_found' }
  | { outcome: 'conflict' | 'refused'; detail: string }
  | { outcome: 'other_user'; order_user_id: string };

/**
 * Registers the team's testkit with `sample_id` (domain decideRegistration): the patient goes
 * into the order and it moves to `registered`, with its event and `labtest.order.updated`, in one
 * transaction. The kit's row is locked first, so two registrations of one kit are one after
 * the other (the second finds it registered: a conflict), and a simulation step waits for it.
 */
export async function registerTestkitOrder(
  db: Database,
  input: { team_id: string; sample_id: string; user_id: string | null; patient_name: string; body_patch: Record<string, unknown>; now: () => Date },
  caches?: TransitionCaches,
): Promise<RegisterOutcome> {
  return db.transaction(async (tx): Promise<RegisterOutcome> => {
    const id = await lockTestkitBySampleId(tx, input.team_id, input.sample_id);
    const order = id ? await findOrder(tx, input.team_id, id, caches?.labTestValues) : null;
    if (!order) return { outcome: 'not_found' };
    const decision = decideRegistration({ id: order.id, status: order.status, body: order.body }, order.sample_id);
    if (!decision.ok) return { outcome: decision.kind, detail: decision.detail };
    if (input.user_id !== null && input.user_id.toLowerCase() !== order.user_id) return { outcome: 'other_user', order_user_id: order.user_id };
    await setOrderPatientName(tx, input.team_id, order.id, input.patient_name);
    const moved = await applyTransition(tx, { ...order, patient_name: input.patient_name }, REGISTERED_STATUS, { at: input.now().toISOString(), body_patch: input.body_patch, caches });
    if (!moved) throw new Error(`testkit order ${order.id} changed under its row lock`);
    return { outcome: 'registered', order: moved };
  });
}
