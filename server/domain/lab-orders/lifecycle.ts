/**
 * The status lifecycle of lab orders: one transition table per collection method, the
 * success path a simulation walks, and the cancellation rule. Pure.
 *
 * A status is `<top>.<method>.<low>` (spec/team/components/schemas/OrderStatus.yaml);
 * the tables below are those of *Simulate an order* in the spec.
 */
import type { CollectionMethod } from '../lab-tests/catalog.js';

export type TopLevelStatus = 'received' | 'collecting_sample' | 'sample_with_lab' | 'completed' | 'cancelled' | 'failed';

interface MethodLifecycle {
  /** Low-level status -> its top-level status, for every status of the method. */
  readonly tops: Readonly<Record<string, TopLevelStatus>>;
  /** Low-level status -> the statuses it may move to (terminal statuses map to []). */
  readonly next: Readonly<Record<string, readonly string[]>>;
  /** The statuses of a successful order, in order, from `ordered` to `completed`. */
  readonly successPath: readonly string[];
}

const CANCELLED = 'cancelled';

export const LIFECYCLES: Readonly<Record<CollectionMethod, MethodLifecycle>> = {
  walk_in_test: {
    tops: {
      ordered: 'received', requisition_created: 'received', requisition_bypassed: 'received',
      appointment_pending: 'collecting_sample', appointment_scheduled: 'collecting_sample', appointment_cancelled: 'collecting_sample', redraw_available: 'collecting_sample',
      partial_results: 'sample_with_lab', completed: 'completed', corrected: 'completed', cancelled: 'cancelled', sample_error: 'failed',
    },
    // Booking an appointment (jobs/lab-appointments) moves an order to appointment_scheduled from any status before it.
    next: {
      ordered: ['requisition_created', 'requisition_bypassed', 'appointment_scheduled', CANCELLED],
      requisition_created: ['appointment_pending', 'appointment_scheduled', CANCELLED],
      requisition_bypassed: ['appointment_pending', 'appointment_scheduled', CANCELLED],
      appointment_pending: ['appointment_scheduled', 'appointment_cancelled', CANCELLED],
      appointment_scheduled: ['partial_results', 'completed', 'appointment_cancelled', 'sample_error', CANCELLED],
      appointment_cancelled: ['appointment_scheduled', CANCELLED],
      partial_results: ['completed', 'sample_error'],
      sample_error: ['redraw_available'],
      redraw_available: ['appointment_scheduled', CANCELLED],
      completed: ['corrected'],
      corrected: [],
      cancelled: [],
    },
    successPath: ['ordered', 'requisition_created', 'appointment_pending', 'appointment_scheduled', 'partial_results', 'completed'],
  },
  testkit: {
    tops: {
      ordered: 'received', awaiting_registration: 'received', registered: 'received', requisition_created: 'received', requisition_bypassed: 'received',
      transit_customer: 'collecting_sample', out_for_delivery: 'collecting_sample', with_customer: 'collecting_sample', transit_lab: 'collecting_sample',
      problem_in_transit_customer: 'collecting_sample', problem_in_transit_lab: 'collecting_sample',
      delivered_to_lab: 'sample_with_lab', lab_processing_blocked: 'sample_with_lab', completed: 'completed', corrected: 'completed',
      failure_to_deliver_to_customer: 'failed', failure_to_deliver_to_lab: 'failed', sample_error: 'failed', lost: 'failed',
      cancelled: 'cancelled', do_not_process: 'cancelled',
    },
    next: {
      ordered: ['awaiting_registration', CANCELLED],
      awaiting_registration: ['registered', CANCELLED],
      registered: ['requisition_created', 'requisition_bypassed', CANCELLED],
      requisition_created: ['transit_customer', CANCELLED],
      requisition_bypassed: ['transit_customer', CANCELLED],
      transit_customer: ['out_for_delivery', 'problem_in_transit_customer', 'failure_to_deliver_to_customer'],
      problem_in_transit_customer: ['out_for_delivery', 'failure_to_deliver_to_customer'],
      out_for_delivery: ['with_customer', 'problem_in_transit_customer', 'failure_to_deliver_to_customer'],
      with_customer: ['transit_lab', 'do_not_process'],
      transit_lab: ['delivered_to_lab', 'problem_in_transit_lab', 'failure_to_deliver_to_lab', 'lost'],
      problem_in_transit_lab: ['delivered_to_lab', 'failure_to_deliver_to_lab', 'lost'],
      delivered_to_lab: ['completed', 'lab_processing_blocked', 'sample_error'],
      lab_processing_blocked: ['completed', 'sample_error'],
      completed: ['corrected'], corrected: [], failure_to_deliver_to_customer: [], failure_to_deliver_to_lab: [], sample_error: [], lost: [], cancelled: [], do_not_process: [],
    },
    successPath: ['ordered', 'awaiting_registration', 'registered', 'requisition_created', 'transit_customer', 'out_for_delivery', 'with_customer', 'transit_lab', 'delivered_to_lab', 'completed'],
  },
  at_home_phlebotomy: {
    tops: {
      ordered: 'received', requisition_created: 'received', requisition_bypassed: 'received',
      appointment_pending: 'collecting_sample', appointment_scheduled: 'collecting_sample', appointment_cancelled: 'collecting_sample', draw_completed: 'collecting_sample',
      partial_results: 'sample_with_lab', completed: 'completed', corrected: 'completed', cancelled: 'cancelled', sample_error: 'failed',
    },
    // Booking (appointment_scheduled) or requesting (appointment_pending) an appointment (jobs/lab-appointments) is allowed from any status before it.
    next: {
      ordered: ['requisition_created', 'requisition_bypassed', 'appointment_pending', 'appointment_scheduled', CANCELLED],
      requisition_created: ['appointment_pending', 'appointment_scheduled', CANCELLED],
      requisition_bypassed: ['appointment_pending', 'appointment_scheduled', CANCELLED],
      appointment_pending: ['appointment_scheduled', 'appointment_cancelled', CANCELLED],
      appointment_scheduled: ['draw_completed', 'appointment_cancelled', CANCELLED],
      appointment_cancelled: ['appointment_pending', 'appointment_scheduled', CANCELLED],
      draw_completed: ['partial_results', 'completed', 'sample_error', CANCELLED],
      partial_results: ['completed', 'sample_error'],
      completed: ['corrected'], corrected: [], cancelled: [], sample_error: [],
    },
    successPath: ['ordered', 'requisition_created', 'appointment_pending', 'appointment_scheduled', 'draw_completed', 'partial_results', 'completed'],
  },
  on_site_collection: {
    tops: {
      ordered: 'received', requisition_created: 'received', requisition_bypassed: 'received',
      draw_completed: 'sample_with_lab', partial_results: 'sample_with_lab', completed: 'completed', corrected: 'completed', cancelled: 'cancelled', sample_error: 'failed',
    },
    next: {
      ordered: ['requisition_created', 'requisition_bypassed', CANCELLED],
      requisition_created: ['draw_completed', CANCELLED],
      requisition_bypassed: ['draw_completed', CANCELLED],
      draw_completed: ['partial_results', 'completed', 'sample_error'],
      partial_results: ['completed', 'sample_error'],
      completed: ['corrected'], corrected: [], cancelled: [], sample_error: [],
    },
    successPath: ['ordered', 'requisition_created', 'draw_completed', 'partial_results', 'completed'],
  },
};

/**
 * An order's own success path and table rows over its method's (an unregistered testkit:
 * testkit.ts), for its simulation only: the method's table stays what the spec tables.
 */
export interface LifecycleVariant {
  successPath: readonly string[];
  next: Readonly<Record<string, readonly string[]>>;
}

/** `<top>.<method>.<low>`. */
export function fullStatus(method: CollectionMethod, low: string): string {
  const top = LIFECYCLES[method].tops[low];
  if (!top) throw new RangeError(`${low} is no status of ${method}`);
  return `${top}.${method}.${low}`;
}

export interface ParsedStatus {
  top: TopLevelStatus;
  method: CollectionMethod;
  low: string;
}

/** The parts of a full status, or null when it is none of the tables'. */
export function parseStatus(status: string): ParsedStatus | null {
  const [top, method, low, ...rest] = status.split('.');
  if (rest.length > 0 || !method || !low || !(method in LIFECYCLES)) return null;
  const lifecycle = LIFECYCLES[method as CollectionMethod];
  if (lifecycle.tops[low] !== top) return null;
  return { top: top as TopLevelStatus, method: method as CollectionMethod, low };
}

/** Every full status, method by method in table order (the OrderStatus enum). */
export function allStatuses(): string[] {
  return (Object.keys(LIFECYCLES) as CollectionMethod[]).flatMap((method) => Object.keys(LIFECYCLES[method].tops).map((low) => fullStatus(method, low)));
}

export function initialStatus(method: CollectionMethod): string {
  return fullStatus(method, 'ordered');
}

export function completedStatus(method: CollectionMethod): string {
  return fullStatus(method, 'completed');
}

/** Whether the table allows `from` -> `to` (both full statuses, of one method). */
export function canTransition(from: string, to: string): boolean {
  const a = parseStatus(from);
  const b = parseStatus(to);
  if (!a || !b || a.method !== b.method) return false;
  return LIFECYCLES[a.method].next[a.low]?.includes(b.low) ?? false;
}

/**
 * The steps a simulation takes from `from` to `to` (full statuses, `to` last, `from`
 * excluded): the success path when both are on it in that order; otherwise the shortest
 * path of the table, where a step along the success path is preferred to any other at
 * each fork. Null when `to` is not reachable (or is `from`).
 */
export function simulationPath(from: string, to: string, variant?: LifecycleVariant): string[] | null {
  const a = parseStatus(from);
  const b = parseStatus(to);
  if (!a || !b || a.method !== b.method || a.low === b.low) return null;
  // The order's own table rows and success path when it has them (an unregistered testkit's: testkit.ts).
  const lifecycle = { next: { ...LIFECYCLES[a.method].next, ...variant?.next }, successPath: LIFECYCLES[a.method].successPath };
  const success = variant?.successPath ?? lifecycle.successPath;
  // Both on the success path, in its order: the success path between them, every status of it.
  const i = success.indexOf(a.low);
  const j = success.indexOf(b.low);
  if (i !== -1 && j > i) return success.slice(i + 1, j + 1).map((low) => fullStatus(a.method, low));
  const rank = (low: string) => {
    const i = success.indexOf(low);
    return i === -1 ? success.length : i;
  };
  // Breadth-first, neighbours in success-path order: the first path found is the shortest and favours success steps.
  const previous = new Map<string, string>([[a.low, '']]);
  let frontier = [a.low];
  while (frontier.length > 0 && !previous.has(b.low)) {
    const nextFrontier: string[] = [];
    for (const low of frontier) {
      for (const n of [...(lifecycle.next[low] ?? [])].sort((x, y) => rank(x) - rank(y))) {
        if (previous.has(n)) continue;
        previous.set(n, low);
        nextFrontier.push(n);
      }
    }
    frontier = nextFrontier;
  }
  if (!previous.has(b.low)) return null;
  const path: string[] = [];
  for (let low = b.low; low !== a.low; low = previous.get(low) as string) path.unshift(fullStatus(a.method, low));
  return path;
}

/**
 * When the next step of a simulation started at `now` is due (ISO instants). With no walk in
 * progress, at once. A call that replaces a walk in progress keeps the pace of one status every
 * `delayMs`: its next step comes `delayMs` after the order's last status change, and never before
 * `now` (a delay shorter than the time since that change means at once).
 */
export function simulationStartsAt(input: { now: string; delayMs: number; replacing: boolean; lastStatusChangeAt: string }): string {
  if (!input.replacing) return input.now;
  const paced = Date.parse(input.lastStatusChangeAt) + input.delayMs;
  return Number.isFinite(paced) && paced > Date.parse(input.now) ? new Date(paced).toISOString() : input.now;
}

/**
 * The low-level statuses an order may be cancelled from, of any method: the received ones and
 * the appointment ones (before anything leaves for the patient or the lab).
 */
const CANCELLABLE_LOWS: ReadonlySet<string> = new Set([
  'ordered', 'requisition_created', 'requisition_bypassed', 'awaiting_registration', 'registered',
  'appointment_pending', 'appointment_scheduled', 'appointment_cancelled', 'redraw_available',
]);

const isCancellable = (method: CollectionMethod, low: string): boolean =>
  (CANCELLABLE_LOWS.has(low) || (method === 'at_home_phlebotomy' && low === 'draw_completed')) &&
  (LIFECYCLES[method].next[low]?.includes(CANCELLED) ?? false);

/** The low-level statuses of `method` an order may be cancelled from, in the order of its table. */
export function cancellableStatuses(method: CollectionMethod): string[] {
  return Object.keys(LIFECYCLES[method].tops).filter((low) => isCancellable(method, low));
}

/** `a, b or c`. */
const orList = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

export type CancelDecision = { ok: true; status: string } | { ok: false; detail: string };

/**
 * Whether an order in `status` may be cancelled, and its status after: allowed in the
 * received and appointment statuses (and at-home phlebotomy's `draw_completed`, as the
 * sample has not left the phlebotomist); refused otherwise, with one sentence naming the
 * statuses of the order's method it could be cancelled from and the one it is in.
 */
export function decideCancel(status: string): CancelDecision {
  const parsed = parseStatus(status);
  if (!parsed) return { ok: false, detail: `The order's status ${status} is unknown; it cannot be cancelled.` };
  if (parsed.top === 'cancelled') return { ok: false, detail: `The order is already cancelled (${status}).` };
  if (!isCancellable(parsed.method, parsed.low)) {
    return {
      ok: false,
      detail: `${/^[aeiou]/.test(parsed.method) ? 'An' : 'A'} ${parsed.method} order can be cancelled only while it is ${orList(cancellableStatuses(parsed.method))}; this one is ${status}.`,
    };
  }
  return { ok: true, status: fullStatus(parsed.method, CANCELLED) };
}

/** Whether the status is one where results exist (partial or complete). */
export function hasResults(status: string): boolean {
  const parsed = parseStatus(status);
  return parsed !== null && (parsed.low === 'partial_results' || parsed.low === 'completed' || parsed.low === 'corrected');
}
