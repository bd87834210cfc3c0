import { randomUUID } from 'node:crypto';
import { decideResendSelection, MAX_RESEND_WINDOW_ORDERS, unknownOrderIds, type ResendRefusal, type ResendRequest } from '../../domain/lab-orders/resend.js';
import type { Database } from '../../storage/database.js';
import { findOrders, findOrdersUpdatedBetween, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { emitOrderUpdated, type TransitionCaches } from './transition.js';

export type ResendOutcome = { ok: true; order_ids: string[] } | { ok: false; refusals: ResendRefusal[] };

/**
 * POST /v3/order/resend_events: one new `labtest.order.updated` per order selected (domain
 * decideResendSelection), the order as it is now, in one transaction. The events' dedup keys name
 * this request, so a resend is never taken for the event it repeats.
 */
export async function resendOrderEvents(db: Database, input: ResendRequest & { team_id: string; now: () => Date }, caches?: TransitionCaches): Promise<ResendOutcome> {
  const decided = decideResendSelection(input, input.now());
  if (!decided.ok) return { ok: false, refusals: [decided.refusal] };
  const { ids, window } = decided.selection;
  return db.transaction(async (tx): Promise<ResendOutcome> => {
    const named = await findOrders(tx, input.team_id, ids, caches?.labTestValues);
    const found = new Map(named.map((order) => [order.id, order]));
    const unknown = unknownOrderIds(input.order_ids, new Set(found.keys()));
    if (unknown.length > 0) {
      return { ok: false, refusals: unknown.map(({ index, id }) => ({ loc: ['body', 'order_ids', index], msg: `${id} is not an order of this team` })) };
    }
    const windowed = window ? await findOrdersUpdatedBetween(tx, input.team_id, window, MAX_RESEND_WINDOW_ORDERS + 1, caches?.labTestValues) : [];
    if (windowed.length > MAX_RESEND_WINDOW_ORDERS) {
      return { ok: false, refusals: [{ loc: ['body', 'start_at'], msg: `The window holds more than ${MAX_RESEND_WINDOW_ORDERS} orders; narrow it from start_at to end_at` }] };
    }
    const orders: LabOrderRecord[] = [...ids.map((id) => found.get(id)!), ...windowed.filter((order) => !found.has(order.id))];
    const resend = randomUUID();
    for (const order of orders) {
      await emitOrderUpdated(tx, order, `resend:${resend}`, caches);
    }
    return { ok: true, order_ids: orders.map((order) => order.id) };
  });
}
