/**
 * Appointments as values and rules: which orders may book, request, reschedule or cancel an
 * appointment and what each does to the order's status, the cut-off after which an appointment
 * can no longer be moved, the cancellation reasons, and the ClientFacingAppointment wire shape
 * (spec/team/components/schemas/ClientFacingAppointment.yaml). Pure: ids, times and places are
 * handed in.
 */
import type { AppointmentKind, BookingKeyPayload, KeyAddress } from './booking-key.js';
import { parseStatus } from '../lab-orders/lifecycle.js';
import type { ServiceCenter } from './service-centers.js';

export type AppointmentType = 'phlebotomy' | 'patient_service_center';
export type AppointmentStatus = 'confirmed' | 'pending' | 'reserved' | 'in_progress' | 'completed' | 'cancelled';
export type AppointmentEventStatus = 'pending' | 'reserved' | 'scheduled' | 'completed' | 'cancelled' | 'in_progress';

/** The statuses of an appointment still to happen: an order has at most one appointment in them. */
export const ACTIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['pending', 'reserved', 'confirmed', 'in_progress'];
export const isActiveAppointment = (status: string): boolean => (ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status);

/** An appointment can be rescheduled until this long before it starts (can_reschedule turns false then). */
export const RESCHEDULE_CUTOFF_MS = 24 * 3_600_000;

export const TYPE_OF_KIND: Record<AppointmentKind, AppointmentType> = { at_home_phlebotomy: 'phlebotomy', walk_in_test: 'patient_service_center' };

export interface AppointmentAddress {
  first_line: string;
  second_line: string | null;
  city: string;
  state: string;
  zip_code: string;
  access_notes: string | null;
}

/** What an appointment stores besides its status columns and events: the wire fields. */
export interface AppointmentBody {
  id: string;
  user_id: string;
  order_id: string;
  order_transaction_id: string | null;
  address: AppointmentAddress;
  location: { lng: number; lat: number };
  start_at: string | null;
  end_at: string | null;
  iana_timezone: string | null;
  type: AppointmentType;
  provider: string;
  status: AppointmentStatus;
  provider_id: string;
  external_id: string | null;
  appointment_notes: string | null;
  event_status: AppointmentEventStatus;
  event_data: Record<string, unknown> | null;
}

export interface AppointmentEvent {
  created_at: string;
  status: AppointmentEventStatus;
  data: Record<string, unknown> | null;
}

/** A stored appointment (structurally, storage's LabAppointmentRecord). */
export interface StoredAppointment {
  body: AppointmentBody;
  events: AppointmentEvent[];
}

/** The ClientFacingAppointment of a stored appointment at `now` (can_reschedule depends on it). */
export function toAppointmentView(appointment: StoredAppointment, now: Date) {
  return { ...appointment.body, can_reschedule: canReschedule(appointment.body, now), events: appointment.events };
}

/** Whether an appointment may still be moved: confirmed, and its start more than RESCHEDULE_CUTOFF_MS away. */
export function canReschedule(body: Pick<AppointmentBody, 'status' | 'start_at'>, now: Date): boolean {
  return body.status === 'confirmed' && body.start_at !== null && Date.parse(body.start_at) - now.getTime() > RESCHEDULE_CUTOFF_MS;
}

// --- Cancellation reasons ------------------------------------------------------------------

export interface CancellationReason {
  readonly id: string;
  readonly name: string;
  readonly is_refundable: boolean;
}

/** The reasons an at-home visit is cancelled for (their ids are fixed: clients keep them). */
export const PHLEBOTOMY_CANCELLATION_REASONS: readonly CancellationReason[] = Object.freeze([
  { id: '6f1d2c3b-8a4e-4b7f-9c10-2d3e4f5a6b71', name: 'The patient is not available at the booked time', is_refundable: true },
  { id: '7a2e3d4c-9b5f-4c80-8d21-3e4f5a6b7c82', name: 'The patient no longer wants the test', is_refundable: false },
  { id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93', name: 'The appointment was booked by mistake', is_refundable: true },
  { id: '9c4a5f6e-1d7b-4ea2-8f43-5a6b7c8d9ea4', name: 'The phlebotomist cannot reach the address', is_refundable: true },
  { id: 'ad5b6a7f-2e8c-4fb3-9a54-6b7c8d9eafb5', name: 'Other', is_refundable: false },
]);

/** The reasons a walk-in appointment is cancelled for. */
export const PSC_CANCELLATION_REASONS: readonly CancellationReason[] = Object.freeze([
  { id: 'be6c7b8a-3f9d-4ac4-8b65-7c8d9eafb0c6', name: 'The patient cannot make it at the booked time', is_refundable: true },
  { id: 'cf7d8c9b-4a0e-4bd5-9c76-8d9eafb0c1d7', name: 'The patient chose another service center', is_refundable: true },
  { id: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8', name: 'The appointment was booked by mistake', is_refundable: true },
  { id: 'e19faebd-6c20-4df7-9e98-afb0c1d2e3f9', name: 'Other', is_refundable: false },
]);

export const cancellationReasonsOf = (type: AppointmentType): readonly CancellationReason[] =>
  type === 'phlebotomy' ? PHLEBOTOMY_CANCELLATION_REASONS : PSC_CANCELLATION_REASONS;

// --- Rules ---------------------------------------------------------------------------------

/** An order's low-level statuses from which an appointment may be booked or requested (no sample drawn yet, order still open). */
export const BOOKABLE_LOWS: readonly string[] = ['ordered', 'requisition_created', 'requisition_bypassed', 'appointment_pending', 'appointment_cancelled', 'redraw_available'];

const KIND_LABEL: Record<AppointmentKind, string> = { at_home_phlebotomy: 'at-home phlebotomy', walk_in_test: 'walk-in (patient service center)' };
const ORDER_METHOD_FOR: Record<AppointmentKind, string> = { at_home_phlebotomy: 'at_home_phlebotomy', walk_in_test: 'walk_in_test' };

export type Refusal = { status: 400 | 404 | 409; detail: string };

/** A 400 when the order is not of the collection method these appointments are for. */
export function checkOrderKind(orderStatus: string, kind: AppointmentKind): Refusal | null {
  const parsed = parseStatus(orderStatus);
  if (parsed?.method === ORDER_METHOD_FOR[kind]) return null;
  return { status: 400, detail: `The order is a ${parsed?.method ?? 'unknown'} order; ${KIND_LABEL[kind]} appointments are for ${ORDER_METHOD_FOR[kind]} orders only.` };
}

/**
 * Whether an order may get a new appointment (booked or requested): of the right method, in one
 * of BOOKABLE_LOWS, and without an appointment still to happen. The status after: the method's
 * `appointment_scheduled` (booked) or `appointment_pending` (requested).
 */
export function decideNewAppointment(input: { orderStatus: string; kind: AppointmentKind; active: { id: string; status: string } | null; request: boolean }):
  { ok: true; to: string } | ({ ok: false } & Refusal) {
  const wrong = checkOrderKind(input.orderStatus, input.kind);
  if (wrong) return { ok: false, ...wrong };
  const parsed = parseStatus(input.orderStatus)!;
  if (input.active) {
    return { ok: false, status: 409, detail: `The order already has a ${input.active.status} appointment (${input.active.id}); reschedule or cancel it instead of booking another.` };
  }
  if (!BOOKABLE_LOWS.includes(parsed.low)) {
    return { ok: false, status: 409, detail: `An appointment can be ${input.request ? 'requested' : 'booked'} only while the order is ${BOOKABLE_LOWS.filter((low) => parsed.method === 'walk_in_test' || low !== 'redraw_available').join(', ')}; this one is ${input.orderStatus}.` };
  }
  return { ok: true, to: `collecting_sample.${parsed.method}.${input.request ? 'appointment_pending' : 'appointment_scheduled'}` };
}

/** Whether the order's latest appointment may be rescheduled at `now`. */
export function decideReschedule(input: { orderStatus: string; kind: AppointmentKind; latest: StoredAppointment | null; now: Date }): Refusal | null {
  const wrong = checkOrderKind(input.orderStatus, input.kind);
  if (wrong) return wrong;
  const body = input.latest?.body;
  if (!body) return { status: 404, detail: `The order has no ${KIND_LABEL[input.kind]} appointment to reschedule; book one first.` };
  if (body.status === 'pending') return { status: 409, detail: `The appointment ${body.id} is a request the provider has not confirmed yet; it has no time to move. Cancel it and book a slot instead.` };
  if (body.status !== 'confirmed') return { status: 409, detail: `The appointment ${body.id} is ${body.status}; only a confirmed appointment can be rescheduled.` };
  if (!canReschedule(body, input.now)) {
    return { status: 409, detail: `The appointment ${body.id} starts at ${body.start_at}, within ${RESCHEDULE_CUTOFF_MS / 3_600_000} hours: it can no longer be rescheduled (can_reschedule is false); cancel it instead.` };
  }
  return null;
}

/** Whether the order's latest appointment may be cancelled at `now`: a pending one always, a confirmed one until it starts. */
export function decideAppointmentCancel(input: { orderStatus: string; kind: AppointmentKind; latest: StoredAppointment | null; now: Date }): Refusal | null {
  const wrong = checkOrderKind(input.orderStatus, input.kind);
  if (wrong) return wrong;
  const body = input.latest?.body;
  if (!body) return { status: 404, detail: `The order has no ${KIND_LABEL[input.kind]} appointment to cancel.` };
  if (!isActiveAppointment(body.status)) return { status: 409, detail: `The appointment ${body.id} is already ${body.status}.` };
  if (body.status !== 'pending' && body.start_at !== null && Date.parse(body.start_at) <= input.now.getTime()) {
    return { status: 409, detail: `The appointment ${body.id} started at ${body.start_at}; it can no longer be cancelled.` };
  }
  return null;
}

/** The order's status after its appointment is cancelled. */
export const appointmentCancelledStatus = (orderStatus: string): string => `collecting_sample.${parseStatus(orderStatus)!.method}.appointment_cancelled`;

// --- Values --------------------------------------------------------------------------------

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** Where a slot is: the center's address and coordinates (walk-in), or the patient's address at its zip code's centroid (at-home). */
export interface SlotPlace {
  address: AppointmentAddress;
  location: { lng: number; lat: number };
}

export function placeOfCenter(center: ServiceCenter): SlotPlace {
  return {
    address: { first_line: center.first_line, second_line: center.second_line, city: center.city, state: center.state, zip_code: center.zip_code, access_notes: null },
    location: { lng: center.lng, lat: center.lat },
  };
}

export function placeOfAddress(address: KeyAddress, at: { lat: number; lng: number }): SlotPlace {
  return { address: { ...address }, location: { lng: at.lng, lat: at.lat } };
}

/** A new appointment booked from a key's slot: confirmed, its first event `scheduled`. */
export function bookedAppointment(input: { id: string; user_id: string; order_id: string; order_transaction_id: string; slot: BookingKeyPayload; place: SlotPlace; notes: string | null; at: string }): StoredAppointment {
  const data = { start_at: iso(input.slot.start), end_at: iso(input.slot.end), location_code: input.slot.location_code, price: input.slot.price, is_priority: input.slot.is_priority };
  return {
    body: {
      id: input.id,
      user_id: input.user_id,
      order_id: input.order_id,
      order_transaction_id: input.order_transaction_id,
      address: input.place.address,
      location: input.place.location,
      start_at: data.start_at,
      end_at: data.end_at,
      iana_timezone: input.slot.time_zone,
      type: TYPE_OF_KIND[input.slot.kind],
      provider: input.slot.provider,
      status: 'confirmed',
      provider_id: input.slot.location_code,
      external_id: `${input.slot.provider}-${input.id.slice(0, 8)}`,
      appointment_notes: input.notes,
      event_status: 'scheduled',
      event_data: data,
    },
    events: [{ created_at: input.at, status: 'scheduled', data }],
  };
}

/** A new requested appointment: pending, without a time until the provider confirms it. */
export function requestedAppointment(input: { id: string; user_id: string; order_id: string; order_transaction_id: string; provider: string; place: SlotPlace; time_zone: string; notes: string | null; at: string }): StoredAppointment {
  const data = { requested_at: input.at };
  return {
    body: {
      id: input.id,
      user_id: input.user_id,
      order_id: input.order_id,
      order_transaction_id: input.order_transaction_id,
      address: input.place.address,
      location: input.place.location,
      start_at: null,
      end_at: null,
      iana_timezone: input.time_zone,
      type: 'phlebotomy',
      provider: input.provider,
      status: 'pending',
      provider_id: input.place.address.zip_code,
      external_id: null,
      appointment_notes: input.notes,
      event_status: 'pending',
      event_data: data,
    },
    events: [{ created_at: input.at, status: 'pending', data }],
  };
}

/** The appointment moved to a key's slot (rescheduled), or a request confirmed at a slot: confirmed, one more `scheduled` event. */
export function scheduledAt(appointment: StoredAppointment, input: { slot: BookingKeyPayload; place: SlotPlace; notes?: string | null | undefined; at: string }): StoredAppointment {
  const previous = appointment.body;
  const data: Record<string, unknown> = {
    start_at: iso(input.slot.start), end_at: iso(input.slot.end), location_code: input.slot.location_code, price: input.slot.price, is_priority: input.slot.is_priority,
    ...(previous.start_at ? { previous_start_at: previous.start_at, previous_end_at: previous.end_at } : {}),
  };
  return {
    body: {
      ...previous,
      address: input.place.address,
      location: input.place.location,
      start_at: iso(input.slot.start),
      end_at: iso(input.slot.end),
      iana_timezone: input.slot.time_zone,
      provider: input.slot.provider,
      provider_id: input.slot.location_code,
      external_id: previous.external_id ?? `${input.slot.provider}-${previous.id.slice(0, 8)}`,
      status: 'confirmed',
      appointment_notes: input.notes === undefined ? previous.appointment_notes : input.notes,
      event_status: 'scheduled',
      event_data: data,
    },
    events: [...appointment.events, { created_at: input.at, status: 'scheduled', data }],
  };
}

/** The appointment cancelled, with the reason. */
export function cancelledAppointment(appointment: StoredAppointment, input: { reason: CancellationReason | null; notes: string | null; at: string; /** Without a reason: why. */ cause?: string }): StoredAppointment {
  const data = {
    cancellation_reason_id: input.reason?.id ?? null,
    cancellation_reason: input.reason?.name ?? input.cause ?? null,
    is_refundable: input.reason?.is_refundable ?? true,
    notes: input.notes,
  };
  return {
    body: { ...appointment.body, status: 'cancelled', event_status: 'cancelled', event_data: data },
    events: [...appointment.events, { created_at: input.at, status: 'cancelled', data }],
  };
}

/** The appointment done: the sample was drawn. */
export function completedAppointment(appointment: StoredAppointment, at: string): StoredAppointment {
  const data = { completed_at: at };
  return {
    body: { ...appointment.body, status: 'completed', event_status: 'completed', event_data: data },
    events: [...appointment.events, { created_at: at, status: 'completed', data }],
  };
}

/**
 * What an order's status change does to its appointment still to happen: the order cancelled,
 * or its appointment cancelled by the simulation, cancels it; a sample drawn (or results, or a
 * sample error) completes it. Null: nothing.
 */
export function appointmentEffectOf(orderStatus: string): 'cancel' | 'complete' | null {
  const parsed = parseStatus(orderStatus);
  if (!parsed || (parsed.method !== 'at_home_phlebotomy' && parsed.method !== 'walk_in_test')) return null;
  if (parsed.low === 'cancelled' || parsed.low === 'appointment_cancelled') return 'cancel';
  if (['draw_completed', 'partial_results', 'completed', 'sample_error'].includes(parsed.low)) return 'complete';
  return null;
}
