/**
 * What a team changes of an order besides cancelling it: its activation day (PATCH
 * /v3/order/{order_id}), an on-site draw (PATCH .../draw_completed), its communication
 * settings. Pure.
 */
import { parseStatus, simulationPath } from './lifecycle.js';

export type ChangeDecision<T> = { ok: true; value: T } | { ok: false; detail: string };

/** The activation day can change while the order is received (nothing collected yet to hold). */
export function decideActivationChange(status: string): ChangeDecision<null> {
  return parseStatus(status)?.top === 'received'
    ? { ok: true, value: null }
    : { ok: false, detail: `The activation day of an order can change only while it is received; this one is ${status}.` };
}

/** Whether `day` (YYYY-MM-DD) is before `today` (YYYY-MM-DD, UTC). */
export const isPastDay = (day: string, today: string): boolean => day < today;

const DRAW_FROM = ['ordered', 'requisition_created', 'requisition_bypassed'];
export const DRAW_COMPLETED = 'sample_with_lab.on_site_collection.draw_completed';

/**
 * The statuses an on-site order goes through when the team records its draw: from `ordered`
 * the requisition is created on the way; from a requisition status, the draw at once. Any other
 * method or status is refused with one sentence saying why.
 */
export function decideDrawCompleted(status: string): ChangeDecision<string[]> {
  const parsed = parseStatus(status);
  if (!parsed) return { ok: false, detail: `The order's status ${status} is unknown.` };
  if (parsed.method !== 'on_site_collection') return { ok: false, detail: `Only an on_site_collection order records its draw; this one is a ${parsed.method} order.` };
  const path = DRAW_FROM.includes(parsed.low) ? simulationPath(status, DRAW_COMPLETED) : null;
  if (!path) return { ok: false, detail: `The draw can be recorded while the order is ordered, requisition_created or requisition_bypassed; this one is ${status}.` };
  return { ok: true, value: path };
}

/** Text messages to the patient are on unless the team turned them off. */
export const smsEnabled = (body: { sms_enabled?: boolean }): boolean => body.sms_enabled ?? true;
