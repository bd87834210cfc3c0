import { appointmentEffectOf } from '../../domain/lab-appointments/appointments.js';
import { parseStatus } from '../../domain/lab-orders/lifecycle.js';
import { stepPatch, toOrderView, type OrderBody } from '../../domain/lab-orders/order.js';
import { appendOrderNote, statusDetailFor } from '../../domain/lab-orders/status-detail.js';
import type { SimulationOptions } from '../../domain/lab-results/generate.js';
import type { Queryable } from '../../storage/database.js';
import { emitEvent, emitEvents, type BatchEvent } from '../../storage/repositories/events.js';
import type { LabOrderCaches } from '../../storage/repositories/lab-order-caches.js';
import { teamWantsPartialResults } from '../../storage/repositories/lab-order-team-settings.js';
import { transitionOrder, transitionOrders, type LabOrderRecord, type OrderTransition } from '../../storage/repositories/lab-orders.js';
import { settleAppointmentWithOrder } from '../lab-appointments/sync.js';

/** The app's caches a status change uses (lab-order-caches.ts): lab test values and their digests. */
export type TransitionCaches = Pick<LabOrderCaches, 'labTestValues' | 'labTestSnapshots'>;
import { orderFieldsOf, planResults, resultsOfStatus, storeResults, type PlannedResults } from '../lab-results/record.js';

/**
 * Moves an order one status on, in the caller's transaction: the order's row and its
 * event, `labtest.order.updated` (a `partial_results` status only for teams that opted
 * in), and the results the status produces (jobs/lab-results/record.ts: made first, so that
 * the row's `interpretation` and `has_missing_results`, and the event, say what they read;
 * stored after), and what the change does to the order's appointment (jobs/lab-appointments/sync.ts). Null when the order is no longer in `order.status` (another change came
 * first): nothing is written then.
 */
export async function applyTransition(
  tx: Queryable,
  order: LabOrderRecord,
  to: string,
  options: {
    at: string;
    /** What the service says about the change in words, appended to the order's `notes` (the event's `status_detail` is a code: domain status-detail.ts). */
    note?: string;
    /** A simulated step's SimulationFlags. */
    flags?: SimulationOptions;
    caches?: TransitionCaches | undefined;
    /** What the change adds to the order's body besides the step's own, merged after it (a registered kit's patient, an appointment's id). */
    body_patch?: Record<string, unknown>;
    /** Results that arrived for the order (an accepted unmatched result), stored instead of generated ones. */
    results?: PlannedResults;
  },
): Promise<LabOrderRecord | null> {
  const parsed = parseStatus(to);
  if (!parsed) throw new RangeError(`Unknown order status ${to}`);
  let partialResults: Promise<boolean> | null = null;
  const wantsPartialResults = () => (partialResults ??= teamWantsPartialResults(tx, order.team_id));
  const planned = options.results ?? await planResults(tx, {
    order,
    to,
    at: options.at,
    flags: options.flags ?? null,
    partialResultsEnabled: wantsPartialResults,
  });
  const fields = planned ? orderFieldsOf(planned) : null;
  const moved = await transitionOrder(tx, transitionOf(order, to, parsed.low, { ...options, fields }), options.caches?.labTestValues);
  if (!moved) return null;
  const event = moved.events[moved.events.length - 1];
  if (parsed.low !== 'partial_results' || (await wantsPartialResults())) {
    await emitOrderUpdated(tx, moved, `${event?.id ?? to}`, options.caches);
  }
  if (planned) await storeResults(tx, { order: moved, planned, at: options.at });
  await settleAppointmentWithOrder(tx, moved, options.at);
  return moved;
}

/** The stored change of an order to `to`: the step's patch, then the caller's, the note appended, and the fields of results the change produces. */
function transitionOf(order: LabOrderRecord, to: string, low: string, options: { at: string; note?: string | undefined; body_patch?: Record<string, unknown> | undefined; fields: ReturnType<typeof orderFieldsOf> | null }): OrderTransition {
  // The caller's patch last: an appointment's id replaces the one the step would make up.
  const patch: Record<string, unknown> = { ...stepPatch(order.id, order.body as unknown as OrderBody, to), ...options.body_patch };
  if (options.note !== undefined) patch.notes = appendOrderNote((order.body as unknown as OrderBody).notes, options.note);
  if (options.fields) patch.has_missing_results = options.fields.has_missing_results;
  return {
    team_id: order.team_id,
    order_id: order.id,
    from: order.status,
    to,
    low_status: low,
    status_detail: statusDetailFor(order.id, to),
    at: options.at,
    ...(options.fields ? { interpretation: options.fields.interpretation } : {}),
    body_patch: patch,
  };
}

/** A move of applyTransitions: an order, the status it goes to, and what goes with it (as applyTransition's options). */
export interface PlainMove {
  order: LabOrderRecord;
  to: string;
  at: string;
  note?: string;
  body_patch?: Record<string, unknown>;
}

/**
 * Moves several orders (each at most once) as applyTransition moves one, in one statement for the
 * orders and one per team for their webhook events: only for changes that produce no results and
 * leave the orders' appointments as they are (an appointment booked; anything else throws).
 * `events` gives the events that go with each order's move, written after its
 * `labtest.order.updated` in the same statement. One result per move, in order, null for an
 * order no longer in its status (nothing is written for it).
 */
export async function applyTransitions(
  tx: Queryable,
  moves: readonly PlainMove[],
  options: { caches?: TransitionCaches | undefined; events?: (moved: LabOrderRecord, index: number) => BatchEvent[] },
): Promise<(LabOrderRecord | null)[]> {
  const transitions = moves.map((move) => {
    const parsed = parseStatus(move.to);
    if (!parsed) throw new RangeError(`Unknown order status ${move.to}`);
    if (resultsOfStatus(move.to) !== null || appointmentEffectOf(move.to)) throw new RangeError(`${move.to} is not a plain move: use applyTransition`);
    return transitionOf(move.order, move.to, parsed.low, { ...move, fields: null });
  });
  const moved = await transitionOrders(tx, transitions, options.caches?.labTestValues);
  const byTeam = new Map<string, BatchEvent[]>();
  moved.forEach((order, index) => {
    if (!order) return;
    let events = byTeam.get(order.team_id);
    if (!events) byTeam.set(order.team_id, (events = []));
    events.push(orderUpdatedEvent(order, `${order.events[order.events.length - 1]?.id ?? order.status}`, options.caches), ...(options.events?.(order, index) ?? []));
  });
  for (const [teamId, events] of byTeam) await emitEvents(tx, teamId, events);
  return moved;
}

/**
 * Writes `labtest.order.updated` with the order as it is now. `occasion` makes its dedup key
 * (`labtest.order.updated:<order id>:<occasion>`): the same occasion writes one event, however
 * often it is retried.
 */
export async function emitOrderUpdated(tx: Queryable, order: LabOrderRecord, occasion: string, caches?: Pick<TransitionCaches, 'labTestSnapshots'>) {
  const { event, ...options } = orderUpdatedEvent(order, occasion, caches);
  return emitEvent(tx, event, options);
}

function orderUpdatedEvent(order: LabOrderRecord, occasion: string, caches?: Pick<TransitionCaches, 'labTestSnapshots'>): BatchEvent {
  return {
    event: { event_type: 'labtest.order.updated', data: toOrderView(order), team_id: order.team_id, user_id: order.user_id, client_user_id: order.client_user_id },
    dedupKey: `labtest.order.updated:${order.id}:${occasion}`,
    labTestView: order.lab_test_view,
    labTestSnapshots: caches?.labTestSnapshots,
  };
}
