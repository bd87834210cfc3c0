/**
 * The simulation's part in appointments: when a simulated at-home or walk-in order reaches
 * `appointment_scheduled`, it gets a real appointment at the first free slot (the patient's
 * address for an at-home visit; the nearest center that books through this API for a walk-in
 * visit), or the request it has pending is confirmed at that slot, as its provider would.
 */
import { bookedAppointment, placeOfAddress, placeOfCenter, scheduledAt } from '../../domain/lab-appointments/appointments.js';
import { BOOKING_KEY_VALIDITY_SECONDS, type AppointmentKind, type BookingKeyPayload } from '../../domain/lab-appointments/booking-key.js';
import { resolveUsZip } from '../../domain/lab-appointments/places.js';
import { centerBySiteCode, phlebotomyProvidersAt, PSC_APPOINTMENT_LABS } from '../../domain/lab-appointments/service-centers.js';
import { slotsAfter, type DaySlots } from '../../domain/lab-appointments/slots.js';
import { parseStatus } from '../../domain/lab-orders/lifecycle.js';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../storage/database.js';
import { bookedSlotCounts, insertAppointment, lockAppointmentPlaces, updateAppointment } from '../../storage/repositories/lab-appointments.js';
import { lockActive } from './records.js';
import type { LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { applyTransition, type TransitionCaches } from '../lab-orders/transition.js';
import type { SimulationOptions } from '../../domain/lab-results/generate.js';
import { centerDaysOf, centersNearZip, phlebotomyDaysOf, todayAt, type AppointmentDeps } from './context.js';
import { emitAppointmentEvent } from './sync.js';

/** How far the simulation looks for a center for a walk-in order, in miles. */
const SIMULATED_CENTER_RADIUS = 100;

/**
 * The first slot with room of some places' days (one place's days at a time, in the order given),
 * the places locked first, all of them (a booking at one of them waits until the transaction ends).
 */
async function firstFreeSlot(tx: Queryable, places: Array<{ kind: AppointmentKind; provider: string; location_code: string; time_zone: string; days: DaySlots[]; address: BookingKeyPayload['address'] }>, now: Date): Promise<BookingKeyPayload | null> {
  await lockAppointmentPlaces(tx, places.map((place) => place.location_code));
  for (const place of places) {
    const first = place.days[0]?.slots[0];
    const last = place.days.at(-1)?.slots.at(-1);
    if (!first || !last) continue;
    const booked = await bookedSlotCounts(tx, { location_codes: [place.location_code], from: new Date(first.start).toISOString(), to: new Date(last.end).toISOString() });
    for (const day of place.days) {
      for (const slot of day.slots) {
        if ((booked.get(`${place.location_code} ${slot.start}`) ?? 0) >= slot.capacity) continue;
        return {
          kind: place.kind, provider: place.provider, location_code: place.location_code, start: slot.start / 1000, end: slot.end / 1000, capacity: slot.capacity,
          price: slot.price, is_priority: slot.is_priority, time_zone: place.time_zone, expires: Math.floor(now.getTime() / 1000) + BOOKING_KEY_VALIDITY_SECONDS, address: place.address,
        };
      }
    }
  }
  return null;
}

/** The places a simulated order's appointment can be at, nearest first. */
function placesFor(deps: Pick<AppointmentDeps, 'caches' | 'formatters'>, order: LabOrderRecord, kind: AppointmentKind, now: Date) {
  const address = order.body.patient_address as { first_line: string; second_line: string | null; city: string; state: string; zip: string; access_notes: string | null };
  const place = resolveUsZip(address.zip ?? '');
  if (!place) return [];
  const today = (timeZone: string) => todayAt(deps, timeZone, now);
  if (kind === 'at_home_phlebotomy') {
    const provider = phlebotomyProvidersAt(place).find((p) => p.service_types.includes('appointment-ready'));
    if (!provider) return [];
    const keyAddress = { first_line: address.first_line, second_line: address.second_line, city: address.city, state: address.state, zip_code: place.zip, access_notes: address.access_notes };
    return [{ kind, provider: provider.name as string, location_code: place.zip, time_zone: place.time_zone, address: keyAddress,
      days: slotsAfter(phlebotomyDaysOf(deps, { provider: provider.name, zip: place.zip, timeZone: place.time_zone, first: today(place.time_zone) }), now) }];
  }
  return centersNearZip(deps.caches, place, SIMULATED_CENTER_RADIUS, PSC_APPOINTMENT_LABS)
    .filter((c) => c.center.capabilities.includes('appointment_scheduling_via_junction'))
    .slice(0, 3)
    .map((c) => ({ kind, provider: c.center.lab as string, location_code: c.center.site_code, time_zone: c.center.time_zone, address: null,
      days: slotsAfter(centerDaysOf(deps, c.center, today(c.center.time_zone)), now) }));
}

/**
 * Takes a simulated step to `to` through a real appointment when it is an at-home or walk-in
 * order's `appointment_scheduled`: books the first free slot (or confirms the pending request
 * there) and moves the order with it. Null when the step is not one of those, when the order
 * already has a confirmed appointment, or when no slot is found (an address outside the data,
 * no provider or center around it): the caller then takes the step as any other.
 */
export async function simulateAppointmentStep(
  tx: Queryable,
  deps: Pick<AppointmentDeps, 'caches' | 'formatters'>,
  input: { order: LabOrderRecord; to: string; at: string; flags?: SimulationOptions; caches?: TransitionCaches | undefined },
): Promise<LabOrderRecord | null> {
  const parsed = parseStatus(input.to);
  if (!parsed || parsed.low !== 'appointment_scheduled' || (parsed.method !== 'at_home_phlebotomy' && parsed.method !== 'walk_in_test')) return null;
  const kind: AppointmentKind = parsed.method;
  const active = await lockActive(tx, input.order.team_id, input.order.id);
  if (active && active.status !== 'pending') return null;
  const now = new Date(input.at);
  const slot = await firstFreeSlot(tx, placesFor(deps, input.order, kind, now), now);
  if (!slot) return null;
  const center = kind === 'walk_in_test' ? centerBySiteCode(slot.location_code) : null;
  const place = center ? placeOfCenter(center) : placeOfAddress(slot.address!, resolveUsZip(slot.address!.zip_code)!);
  const appointment = active
    ? scheduledAt(active, { slot, place, at: input.at })
    : bookedAppointment({ id: randomUUID(), user_id: input.order.user_id, order_id: input.order.id, order_transaction_id: input.order.transaction_id, slot, place, notes: null, at: input.at });
  const write = { status: appointment.body.status, location_code: slot.location_code, start_at: appointment.body.start_at, body: appointment.body, events: appointment.events, at: input.at };
  if (active) await updateAppointment(tx, active, write);
  else await insertAppointment(tx, { id: appointment.body.id, team_id: input.order.team_id, order_id: input.order.id, user_id: input.order.user_id, type: appointment.body.type, ...write });
  const details = input.order.body.details as { type: string; data: Record<string, unknown> };
  const moved = await applyTransition(tx, input.order, input.to, {
    at: input.at, flags: input.flags, caches: input.caches,
    note: active ? 'The provider confirmed the requested appointment.' : 'Appointment booked at the first free slot by the simulation.',
    body_patch: { details: { ...details, data: { ...details.data, appointment_id: appointment.body.id } } },
  });
  if (!moved) throw new Error(`order ${input.order.id} changed under its row lock`);
  await emitAppointmentEvent(tx, { type: active ? 'updated' : 'created', appointment, order: moved, now });
  return moved;
}
