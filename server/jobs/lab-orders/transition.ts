import { hasResults, parseStatus } from '../../domain/lab-orders/lifecycle.js';
import { stepPatch, toOrderView, type OrderBody } from '../../domain/lab-orders/order.js';
import type { Queryable } from '../../storage/database.js';
import { emitEvent } from '../../storage/repositories/events.js';
import { teamWantsPartialResults, transitionOrder, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { onOrderStatusChange, type StatusChange } from './on-status-change.js';

/**
 * Moves an order one status on, in the caller's transaction: the order's row and its
 * event, `labtest.order.updated` (a `partial_results` status only for teams that opted
 * in), and the status-change hook. Null when the order is no longer in `order.status`
 * (another change came first): nothing is written then.
 */
export async function applyTransition(
  tx: Queryable,
  order: LabOrderRecord,
  to: string,
  options: { at: string; status_detail?: string | null; flags?: StatusChange['flags'] },
): Promise<LabOrderRecord | null> {
  const parsed = parseStatus(to);
  if (!parsed) throw new RangeError(`Unknown order status ${to}`);
  const flags = options.flags ?? null;
  const reachesResults = hasResults(to) && order.interpretation === null;
  const patch: Record<string, unknown> = { ...stepPatch(order.id, order.body as unknown as OrderBody, to) };
  if (reachesResults) patch.has_missing_results = flags?.has_missing_results ?? false;
  const moved = await transitionOrder(tx, {
    team_id: order.team_id,
    order_id: order.id,
    from: order.status,
    to,
    low_status: parsed.low,
    status_detail: options.status_detail ?? null,
    at: options.at,
    ...(reachesResults ? { interpretation: flags?.interpretation ?? 'normal' } : {}),
    body_patch: patch,
  });
  if (!moved) return null;
  const event = moved.events[moved.events.length - 1];
  if (parsed.low !== 'partial_results' || (await teamWantsPartialResults(tx, moved.team_id))) {
    await emitEvent(tx, {
      event_type: 'labtest.order.updated',
      data: toOrderView(moved),
      team_id: moved.team_id,
      user_id: moved.user_id,
      client_user_id: moved.client_user_id,
    }, { dedupKey: `labtest.order.updated:${moved.id}:${event?.id ?? to}`, labTestView: moved.lab_test_view });
  }
  await onOrderStatusChange(tx, { order: moved, from: order.status, to, flags });
  return moved;
}
