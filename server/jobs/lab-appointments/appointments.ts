/**
 * Booking, requesting, rescheduling and cancelling an order's appointment. Each change is one
 * transaction: the order's row is locked first (as every status change does), the rules are
 * decided on what is stored (domain/lab-appointments/appointments.ts), then the appointment and
 * its event, the booking key's use, the order's status change and event, and the webhook events
 * (`labtest.appointment.created` / `.updated`, `labtest.order.updated`) are written together.
 */
import { randomUUID } from 'node:crypto';
import {
  appointmentCancelledStatus, bookedAppointment, cancellationReasonsOf, cancelledAppointment, checkOrderKind, decideAppointmentCancel, decideNewAppointment,
  decideReschedule, placeOfAddress, placeOfCenter, requestedAppointment, scheduledAt, toAppointmentView, TYPE_OF_KIND, type AppointmentBody, type AppointmentEvent, type SlotPlace, type StoredAppointment,
} from '../../domain/lab-appointments/appointments.js';
import { bookingKeyDigest, verifyBookingKey, type AppointmentKind, type BookingKeyPayload } from '../../domain/lab-appointments/booking-key.js';
import { resolveUsZip } from '../../domain/lab-appointments/places.js';
import { centerBySiteCode, phlebotomyProvidersAt } from '../../domain/lab-appointments/service-centers.js';
import type { Queryable } from '../../storage/database.js';
import { preferGenericPlans } from '../../storage/repositories/support.js';
import { findBookingKeyUse, insertAppointment, insertBookedAppointments, lockActiveAppointments, lockAppointmentSlot, lockAppointmentSlots, slotBookingState, slotBookingStates, updateAppointment } from '../../storage/repositories/lab-appointments.js';
import { latestAppointment, lockActive } from './records.js';
import { findOrder, findOrdersOfTeams, lockOrders, lockOrderStatus, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { applyTransition, applyTransitions, type PlainMove } from '../lab-orders/transition.js';
import { keyAddressOf, placeOrRefusal, type UsAddressInput } from './availability.js';
import { appointmentEvent, emitAppointmentEvent } from './sync.js';
import { bookingKeySecret, refuse422, type AppointmentDeps, type Refused } from './context.js';

export type AppointmentOutcome = { ok: true; appointment: ReturnType<typeof toAppointmentView>; order: LabOrderRecord } | Refused;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Where a key's slot is: the center of its site code, or the patient's address at its zip code. Null when it no longer resolves. */
function placeOfSlot(slot: BookingKeyPayload): SlotPlace | null {
  if (slot.kind === 'walk_in_test') {
    const center = centerBySiteCode(slot.location_code);
    return center ? placeOfCenter(center) : null;
  }
  const place = slot.address ? resolveUsZip(slot.address.zip_code) : null;
  return place && slot.address ? placeOfAddress(slot.address, place) : null;
}

/** The order, locked, or a 404. */
async function lockedOrder(tx: Queryable, deps: AppointmentDeps, teamId: string, orderId: string): Promise<LabOrderRecord | null> {
  const locked = await lockOrderStatus(tx, teamId, orderId);
  return locked ? findOrder(tx, teamId, orderId, deps.transitionCaches?.labTestValues) : null;
}

const orderNotFound = (orderId: string): Refused => ({ ok: false, status: 404, detail: `Order ${orderId} not found.` });

const writeOf = (a: StoredAppointment, slot: BookingKeyPayload | null, at: string) => ({
  status: a.body.status, location_code: slot?.location_code ?? null, start_at: a.body.start_at, body: a.body, events: a.events, at,
});

const detailAt = (body: StoredAppointment['body']) => `${body.type === 'phlebotomy' ? 'At-home visit' : 'Visit'} at ${body.start_at} (${body.iana_timezone}), ${body.address.first_line}, ${body.address.city}`;

const keyUseOf = (key: string, slot: BookingKeyPayload) => ({ digest: bookingKeyDigest(key), expires_at: iso(slot.expires) });

/** Verifies a booking key for `kind`, or the 422 at `body.booking_key`. */
function slotOfKey(deps: AppointmentDeps, secret: string, key: string, teamId: string, kind: AppointmentKind): { ok: true; slot: BookingKeyPayload } | Refused {
  const verdict = verifyBookingKey(key, { secret, team_id: teamId, kind, now: deps.now() });
  return verdict.ok ? { ok: true, slot: verdict.payload } : refuse422(['body', 'booking_key'], verdict.msg);
}

const keyUsed = (appointmentId: string | null): Refused =>
  refuse422(['body', 'booking_key'], `booking_key was used already${appointmentId ? ` (appointment ${appointmentId})` : ''}; each slot's key books once, ask for availability again`);

const slotFull = (slot: BookingKeyPayload): Refused => ({ ok: false, status: 409, detail: `The slot at ${iso(slot.start)} is fully booked now; choose another slot.` });

/**
 * Whether a key's slot can be taken (`except` the appointment being moved), in one read under the
 * slot's lock (held until the transaction ends, so that no other booking counts the slot before
 * this one is written): the key not used yet (a 422 naming the appointment that used it), then
 * room left in the slot (its capacity less the appointments still to happen there: a 409).
 */
async function slotRefusal(tx: Queryable, key: string, slot: BookingKeyPayload, except: string | null): Promise<Refused | null> {
  await lockAppointmentSlot(tx, slot);
  const state = await slotBookingState(tx, { digest: bookingKeyDigest(key), location_code: slot.location_code, start: slot.start, except });
  if (state.used_by) return keyUsed(state.used_by);
  return state.booked < slot.capacity ? null : slotFull(slot);
}

/** The key was used by another booking between the read and the write (nothing was written): the 422 of a used key. */
const usedMeanwhile = async (tx: Queryable, key: string): Promise<Refused> => keyUsed((await findBookingKeyUse(tx, bookingKeyDigest(key)))?.appointment_id ?? null);

export interface BookingInput {
  team_id: string;
  order_id: string;
  kind: AppointmentKind;
  booking_key: string;
  notes: string | null;
}

/**
 * POST /v3/order/{order_id}/(phlebotomy|psc)/appointment/book, for bookings sent together (the
 * handlers' group commit): one outcome per input, in order, each as if the bookings had been made
 * one after the other in that order. Bookings of distinct orders with distinct keys are made in
 * one transaction and a few statements for all of them (bookRound); from an order or a key that
 * comes again, the bookings go to the next round, in a transaction of its own after the first.
 */
export async function bookAppointments(deps: AppointmentDeps, inputs: readonly BookingInput[]): Promise<AppointmentOutcome[]> {
  // Read before the transaction: the secret's first read writes it through the pool, not the transaction.
  const secret = await bookingKeySecret(deps);
  const outcomes: AppointmentOutcome[] = [];
  for (const round of bookingRounds(inputs)) {
    const answers = await deps.db.transaction((tx) => bookRound(tx, deps, secret, round.map((index) => inputs[index]!)));
    round.forEach((index, k) => { outcomes[index] = answers[k]!; });
  }
  return outcomes;
}

/**
 * The inputs' indexes in rounds: runs of inputs in their order, a new one from the first input
 * whose order or key is already in the run (the rounds keep the inputs' order, so that a slot's
 * last place goes to the booking sent first).
 */
function bookingRounds(inputs: readonly BookingInput[]): number[][] {
  const rounds: number[][] = [];
  let round: number[] = [];
  let names = new Set<string>();
  inputs.forEach((input, index) => {
    const own = [`order ${input.order_id.toLowerCase()}`, `key ${input.booking_key}`];
    if (own.some((name) => names.has(name))) {
      rounds.push(round);
      round = [];
      names = new Set();
    }
    round.push(index);
    for (const name of own) names.add(name);
  });
  rounds.push(round);
  return rounds;
}

/**
 * Bookings of distinct orders with distinct keys, in the caller's transaction, with the checks of
 * a booking in its order: the order (locked; another team's is a 404 whatever key comes with
 * it), the key, the order's status and its appointment still to happen (locked), the key's use
 * and the slot's room (under the slots' locks; a slot's places taken by earlier bookings of the
 * round count), the place. Then the appointments with their keys' uses, the orders' moves and
 * the webhook events, each in one statement for the round.
 */
async function bookRound(tx: Queryable, deps: AppointmentDeps, secret: string, inputs: readonly BookingInput[]): Promise<AppointmentOutcome[]> {
  const outcomes: AppointmentOutcome[] = [];
  // Its statements are over the round's arrays (support.ts).
  await preferGenericPlans(tx);
  const pairs = inputs.map((input) => ({ team_id: input.team_id, order_id: input.order_id }));
  const locked = await lockOrders(tx, pairs);
  const orders = await findOrdersOfTeams(tx, pairs.filter((pair) => locked.has(pair.order_id.toLowerCase())), deps.transitionCaches?.labTestValues);
  const now = deps.now();
  const at = now.toISOString();
  type Candidate = { index: number; input: BookingInput; order: LabOrderRecord; slot: BookingKeyPayload; to: string };
  const keyed: Omit<Candidate, 'to'>[] = [];
  inputs.forEach((input, index) => {
    const order = orders.get(input.order_id.toLowerCase());
    if (!order) return void (outcomes[index] = orderNotFound(input.order_id));
    const key = slotOfKey(deps, secret, input.booking_key, input.team_id, input.kind);
    if (!key.ok) return void (outcomes[index] = key);
    keyed.push({ index, input, order, slot: key.slot });
  });
  const active = await lockActiveAppointments<AppointmentBody, AppointmentEvent>(tx, keyed.map((c) => ({ team_id: c.order.team_id, order_id: c.order.id })));
  const decided: Candidate[] = [];
  for (const candidate of keyed) {
    const decision = decideNewAppointment({ orderStatus: candidate.order.status, kind: candidate.input.kind, active: active.get(candidate.order.id) ?? null, request: false });
    if (!decision.ok) outcomes[candidate.index] = decision;
    else decided.push({ ...candidate, to: decision.to });
  }
  await lockAppointmentSlots(tx, decided.map((c) => c.slot));
  const states = await slotBookingStates(tx, decided.map((c) => ({ digest: bookingKeyDigest(c.input.booking_key), location_code: c.slot.location_code, start: c.slot.start, except: null })));
  const takenInRound = new Map<string, number>();
  const booked: (Candidate & { appointment: StoredAppointment })[] = [];
  decided.forEach((candidate, k) => {
    const { slot } = candidate;
    const state = states[k]!;
    const slotName = `${slot.location_code} ${slot.start}`;
    if (state.used_by) return void (outcomes[candidate.index] = keyUsed(state.used_by));
    if (state.booked + (takenInRound.get(slotName) ?? 0) >= slot.capacity) return void (outcomes[candidate.index] = slotFull(slot));
    const place = placeOfSlot(slot);
    if (!place) return void (outcomes[candidate.index] = refuse422(['body', 'booking_key'], 'booking_key names a place that no longer exists; ask for availability again'));
    takenInRound.set(slotName, (takenInRound.get(slotName) ?? 0) + 1);
    const { order } = candidate;
    const appointment = bookedAppointment({ id: randomUUID(), user_id: order.user_id, order_id: order.id, order_transaction_id: order.transaction_id, slot, place, notes: candidate.input.notes, at });
    booked.push({ ...candidate, appointment });
  });
  const stored = await insertBookedAppointments(tx, booked.map(({ order, appointment, slot, input }) => ({
    id: appointment.body.id, team_id: order.team_id, order_id: order.id, user_id: order.user_id, type: appointment.body.type, ...writeOf(appointment, slot, at), key: keyUseOf(input.booking_key, slot),
  })));
  const written = booked.filter((b) => stored.has(b.appointment.body.id));
  for (const b of booked) if (!stored.has(b.appointment.body.id)) outcomes[b.index] = await usedMeanwhile(tx, b.input.booking_key);
  const moved = await applyTransitions(tx, written.map((b) => moveOf(b.order, b.to, at, `Appointment booked: ${detailAt(b.appointment.body)}.`, b.appointment.body.id)), {
    caches: deps.transitionCaches,
    events: (order, k) => [appointmentEvent({ type: 'created', appointment: written[k]!.appointment, order, now })],
  });
  written.forEach((b, k) => {
    const order = moved[k];
    if (!order) throw new Error(`order ${b.order.id} changed under its row lock`);
    outcomes[b.index] = { ok: true, appointment: toAppointmentView(b.appointment, now), order };
  });
  return outcomes;
}

/** The order's move that goes with an appointment change, with the appointment's id in the order's details. */
function moveOf(order: LabOrderRecord, to: string, at: string, note: string, appointmentId: string): PlainMove {
  const details = order.body.details as { type: string; data: Record<string, unknown> };
  return { order, to, at, note, body_patch: { details: { ...details, data: { ...details.data, appointment_id: appointmentId } } } };
}

/** The order's status change that goes with an appointment change, with the appointment's id in the order's details. */
async function moveOrder(tx: Queryable, deps: AppointmentDeps, order: LabOrderRecord, to: string, at: string, note: string, appointmentId: string): Promise<LabOrderRecord> {
  const move = moveOf(order, to, at, note, appointmentId);
  const moved = await applyTransition(tx, order, to, { at, note, body_patch: move.body_patch, caches: deps.transitionCaches });
  if (!moved) throw new Error(`order ${order.id} changed under its row lock`);
  return moved;
}

/** POST /v3/order/{order_id}/phlebotomy/appointment/request: a pending appointment a provider that takes requests confirms later. */
export async function requestAppointment(deps: AppointmentDeps, input: { team_id: string; order_id: string; address: UsAddressInput; provider: string; notes: string | null }): Promise<AppointmentOutcome> {
  const found = placeOrRefusal(input.address.zip_code, ['body', 'address', 'zip_code']);
  if (!found.ok) return found;
  const place = found.place;
  const takers = phlebotomyProvidersAt(place).filter((p) => p.service_types.includes('appointment-request')).map((p) => p.name as string);
  if (!takers.includes(input.provider)) {
    return refuse422(['body', 'provider'], `${input.provider} takes no at-home appointment requests at zip code ${place.zip}${takers.length > 0 ? ` (providers that do: ${takers.join(', ')})` : ' (no provider does; see GET /v3/order/area/info)'}`);
  }
  return deps.db.transaction(async (tx): Promise<AppointmentOutcome> => {
    const order = await lockedOrder(tx, deps, input.team_id, input.order_id);
    if (!order) return orderNotFound(input.order_id);
    const now = deps.now();
    const at = now.toISOString();
    const active = await lockActive(tx, input.team_id, order.id);
    const decision = decideNewAppointment({ orderStatus: order.status, kind: 'at_home_phlebotomy', active, request: true });
    if (!decision.ok) return decision;
    const appointment = requestedAppointment({
      id: randomUUID(), user_id: order.user_id, order_id: order.id, order_transaction_id: order.transaction_id, provider: input.provider, place: placeOfAddress(keyAddressOf(input.address), place), time_zone: place.time_zone, notes: input.notes, at,
    });
    await insertAppointment(tx, { id: appointment.body.id, team_id: order.team_id, order_id: order.id, user_id: order.user_id, type: 'phlebotomy', ...writeOf(appointment, null, at), location_code: place.zip });
    const moved = await moveOrder(tx, deps, order, decision.to, at, `Appointment requested from ${input.provider}; the provider confirms its time.`, appointment.body.id);
    await emitAppointmentEvent(tx, { type: 'created', appointment, order: moved, now });
    return { ok: true, appointment: toAppointmentView(appointment, now), order: moved };
  });
}

/** PATCH /v3/order/{order_id}/(phlebotomy|psc)/appointment/reschedule: the confirmed appointment moved to another slot. */
export async function rescheduleAppointment(deps: AppointmentDeps, input: { team_id: string; order_id: string; kind: AppointmentKind; booking_key: string; notes: string | null | undefined }): Promise<AppointmentOutcome> {
  // Read before the transaction: the secret's first read writes it through the pool, not the transaction.
  const secret = await bookingKeySecret(deps);
  return deps.db.transaction(async (tx): Promise<AppointmentOutcome> => {
    // The order first: another team's order is a 404 whatever key comes with it.
    const order = await lockedOrder(tx, deps, input.team_id, input.order_id);
    if (!order) return orderNotFound(input.order_id);
    const key = slotOfKey(deps, secret, input.booking_key, input.team_id, input.kind);
    if (!key.ok) return key;
    const slot = key.slot;
    const now = deps.now();
    const at = now.toISOString();
    const latest = (await lockActive(tx, input.team_id, order.id)) ?? (await latestAppointment(tx, input.team_id, order.id, TYPE_OF_KIND[input.kind]));
    const refusal = decideReschedule({ orderStatus: order.status, kind: input.kind, latest, now });
    if (refusal) return { ok: false, ...refusal };
    const refused = await slotRefusal(tx, input.booking_key, slot, latest!.id);
    if (refused) return refused;
    const place = placeOfSlot(slot);
    if (!place) return refuse422(['body', 'booking_key'], 'booking_key names a place that no longer exists; ask for availability again');
    const moved = scheduledAt(latest!, { slot, place, notes: input.notes ?? undefined, at });
    if (!(await updateAppointment(tx, latest!, writeOf(moved, slot, at), keyUseOf(input.booking_key, slot)))) return usedMeanwhile(tx, input.booking_key);
    const movedOrder = await moveOrder(tx, deps, order, order.status, at, `Appointment rescheduled: ${detailAt(moved.body)}.`, latest!.id);
    await emitAppointmentEvent(tx, { type: 'updated', appointment: moved, order: movedOrder, now });
    return { ok: true, appointment: toAppointmentView(moved, now), order: movedOrder };
  });
}

/** PATCH /v3/order/{order_id}/(phlebotomy|psc)/appointment/cancel. */
export async function cancelAppointment(deps: AppointmentDeps, input: { team_id: string; order_id: string; kind: AppointmentKind; reason_id: string; reasonLoc: (string | number)[]; notes: string | null }): Promise<AppointmentOutcome> {
  const reasons = cancellationReasonsOf(TYPE_OF_KIND[input.kind]);
  const reason = reasons.find((r) => r.id === input.reason_id.toLowerCase());
  if (!reason) return refuse422(input.reasonLoc, `${input.reason_id} is not one of the cancellation reasons of ${TYPE_OF_KIND[input.kind]} appointments (see their cancellation-reasons operation)`);
  return deps.db.transaction(async (tx): Promise<AppointmentOutcome> => {
    const order = await lockedOrder(tx, deps, input.team_id, input.order_id);
    if (!order) return orderNotFound(input.order_id);
    const now = deps.now();
    const at = now.toISOString();
    const latest = (await lockActive(tx, input.team_id, order.id)) ?? (await latestAppointment(tx, input.team_id, order.id, TYPE_OF_KIND[input.kind]));
    const refusal = decideAppointmentCancel({ orderStatus: order.status, kind: input.kind, latest, now });
    if (refusal) return { ok: false, ...refusal };
    const cancelled = cancelledAppointment(latest!, { reason, notes: input.notes, at });
    await updateAppointment(tx, latest!, { ...writeOf(cancelled, null, at), location_code: latest!.location_code, start_at: cancelled.body.start_at });
    const movedOrder = await moveOrder(tx, deps, order, appointmentCancelledStatus(order.status), at, `Appointment cancelled: ${reason.name}.`, latest!.id);
    await emitAppointmentEvent(tx, { type: 'updated', appointment: cancelled, order: movedOrder, now });
    return { ok: true, appointment: toAppointmentView(cancelled, now), order: movedOrder };
  });
}

/** GET /v3/order/{order_id}/(phlebotomy|psc)/appointment: the order's newest appointment of that kind. */
export async function getAppointment(deps: AppointmentDeps, input: { team_id: string; order_id: string; kind: AppointmentKind }): Promise<AppointmentOutcome> {
  const order = await findOrder(deps.db, input.team_id, input.order_id, deps.transitionCaches?.labTestValues);
  if (!order) return orderNotFound(input.order_id);
  const wrong = checkOrderKind(order.status, input.kind);
  if (wrong) return { ok: false, ...wrong };
  const latest = await latestAppointment(deps.db, input.team_id, order.id, TYPE_OF_KIND[input.kind]);
  if (!latest) return { ok: false, status: 404, detail: `The order ${order.id} has no ${input.kind === 'walk_in_test' ? 'patient service center' : 'phlebotomy'} appointment yet.` };
  return { ok: true, appointment: toAppointmentView(latest, deps.now()), order };
}

