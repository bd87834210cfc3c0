/**
 * POST /v3/order/resend_events: which orders a team asks to announce again, and the bounds of
 * the request. Pure: the storage finds the orders, this decides what may be asked.
 */

/** Longest window of `updated_at` a resend may name. */
export const MAX_RESEND_WINDOW_DAYS = 7;
/** Most orders a window may hold: a larger one is refused (narrow it), never cut silently. */
export const MAX_RESEND_WINDOW_ORDERS = 1000;

const DAY_MS = 86_400_000;

export interface ResendRequest {
  order_ids?: readonly string[] | null;
  start_at?: string | null;
  end_at?: string | null;
}

/** The orders named (each once, first mention first) and the window, both inclusive (epoch ms), if any. */
export interface ResendSelection {
  ids: string[];
  window: { from: string; to: string } | null;
}

export type ResendRefusal = { loc: (string | number)[]; msg: string };

/** The selection a request names, or why it is refused (a 422 item). `now` ends a window without `end_at`. */
export function decideResendSelection(request: ResendRequest, now: Date): { ok: true; selection: ResendSelection } | { ok: false; refusal: ResendRefusal } {
  const ids = [...new Set((request.order_ids ?? []).map((id) => id.toLowerCase()))];
  const start = request.start_at ?? null;
  if (ids.length === 0 && start === null) {
    return { ok: false, refusal: { loc: ['body'], msg: 'Name the orders to announce again: order_ids, or a window from start_at (to end_at)' } };
  }
  if (start === null) {
    if (request.end_at != null) return { ok: false, refusal: { loc: ['body', 'start_at'], msg: 'end_at needs start_at: a window has a start' } };
    return { ok: true, selection: { ids, window: null } };
  }
  const from = Date.parse(start);
  const to = request.end_at == null ? now.getTime() : Date.parse(request.end_at);
  if (to < from) return { ok: false, refusal: { loc: ['body', 'end_at'], msg: `end_at must not be before start_at${request.end_at == null ? ' (without end_at, the window ends now)' : ''}` } };
  if (to - from > MAX_RESEND_WINDOW_DAYS * DAY_MS) {
    return { ok: false, refusal: { loc: ['body', 'end_at'], msg: `The window from start_at to end_at must not exceed ${MAX_RESEND_WINDOW_DAYS} days` } };
  }
  return { ok: true, selection: { ids, window: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } } };
}

/** The ids of `named` that are not among the team's orders found, with their index in the request. */
export function unknownOrderIds(named: readonly (string | null | undefined)[] | null | undefined, found: ReadonlySet<string>): { index: number; id: string }[] {
  return (named ?? []).flatMap((id, index) => (typeof id === 'string' && !found.has(id.toLowerCase()) ? [{ index, id }] : []));
}
