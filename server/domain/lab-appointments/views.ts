/**
 * The wire shapes of places and slots (spec/team/components/schemas): a center as
 * ClientFacingLabLocation and AppointmentLocation, a day's slots as DaySlots with each slot's
 * signed booking key, the area summary as AreaInfo. Pure.
 */
import { BOOKING_KEY_VALIDITY_SECONDS, signPlaceKeys, type AppointmentKind, type KeyAddress } from './booking-key.js';
import { CENTER_LABS, type CenterLabSlug, type CenterNearby, type ServiceCenter, type Capability, type AppointmentServiceType } from './service-centers.js';
import type { DaySlots, Slot } from './slots.js';

export function toLabLocation(nearby: CenterNearby) {
  const c = nearby.center;
  return {
    metadata: {
      name: c.name, state: c.state, city: c.city, zip_code: c.zip_code, first_line: c.first_line, second_line: c.second_line,
      phone_number: c.phone_number, fax_number: c.fax_number, hours: c.hours as unknown as Record<string, unknown>, website: c.website,
    },
    distance: nearby.distance,
    site_code: c.site_code,
    supported_bill_types: [...c.supported_bill_types],
    location: { lng: c.lng, lat: c.lat },
    capabilities: [...c.capabilities],
  };
}

export function centerAppointmentLocation(center: ServiceCenter, distance: number | null) {
  return {
    location: { lng: center.lng, lat: center.lat },
    distance,
    address: { first_line: center.first_line, second_line: center.second_line, city: center.city, state: center.state, zip_code: center.zip_code, access_notes: null },
    code: center.site_code,
    name: center.name,
    iana_timezone: center.time_zone,
  };
}

export interface SlotSigning {
  secret: string;
  team_id: string;
  now: Date;
}

/**
 * The DaySlots of one place: each slot with what is left of it (its capacity less the
 * appointments it holds, `booked` by `<location_code> <start ms>`), full slots left out, and a
 * booking key that expires BOOKING_KEY_VALIDITY_SECONDS from now.
 */
export function toDaySlots(input: {
  days: readonly DaySlots[];
  kind: AppointmentKind;
  provider: string;
  location_code: string;
  time_zone: string;
  address: KeyAddress | null;
  location: unknown;
  booked: ReadonlyMap<string, number>;
  signing: SlotSigning;
}) {
  const expires = Math.floor(input.signing.now.getTime() / 1000) + BOOKING_KEY_VALIDITY_SECONDS;
  const expiresAt = new Date(expires * 1000).toISOString();
  // The slots with room left, each with what is left of it; then every key of the place at once
  // (one nonce, one place key: signPlaceKeys), and the wire slots in the same order.
  const open: Slot[] = [];
  const left: number[] = [];
  const perDay: number[] = [];
  // Most places have nothing booked: no lookup per slot then.
  const anyBooked = input.booked.size > 0;
  for (const day of input.days) {
    let count = 0;
    for (const slot of day.slots) {
      const room = anyBooked ? slot.capacity - (input.booked.get(`${input.location_code} ${slot.start}`) ?? 0) : slot.capacity;
      if (room <= 0) continue;
      open.push(slot);
      left.push(room);
      count++;
    }
    perDay.push(count);
  }
  const keys = signPlaceKeys(
    input.signing,
    { kind: input.kind, provider: input.provider, location_code: input.location_code, time_zone: input.time_zone, expires, address: input.address },
    open.map((slot) => slot.key_fields),
  );
  const answer = [];
  let next = 0;
  for (const [d, day] of input.days.entries()) {
    if (perDay[d] === 0) continue;
    const slots = [];
    for (const end = next + perDay[d]!; next < end; next++) {
      const slot = open[next]!;
      slots.push({
        booking_key: keys[next]!, start: slot.start_local, end: slot.end_local, expires_at: expiresAt, price: slot.price, is_priority: slot.is_priority, num_appointments_available: left[next]!,
      });
    }
    answer.push({ location: input.location as never, date: day.date, slots });
  }
  return answer;
}

/** The AreaInfo of a zip code: at-home coverage, and per lab its centers within the radius. */
/** One lab's service centers around a zip code, as GET /v3/order/area/info names them. */
export interface CentralLabAreaInfo {
  patient_service_centers: { appointment_with_vital: boolean; within_radius: number; radius: string; capabilities: Capability[] };
  supported_bill_types: Array<'client_bill' | 'commercial_insurance' | 'patient_bill'>;
  lab_id: number;
}

export function toAreaInfo(input: {
  zip_code: string;
  radius: string;
  providers: Array<{ name: string; service_types: AppointmentServiceType[] }>;
  labs: readonly CenterLabSlug[];
  centers: ReadonlyMap<CenterLabSlug, readonly CenterNearby[]>;
}) {
  const central_labs: Record<string, CentralLabAreaInfo> = {};
  for (const slug of input.labs) {
    const lab = CENTER_LABS.find((l) => l.slug === slug)!;
    const centers = input.centers.get(slug) ?? [];
    const capabilities = new Set<Capability>(centers.flatMap((c) => c.center.capabilities));
    central_labs[slug] = {
      patient_service_centers: {
        appointment_with_vital: centers.some((c) => c.center.capabilities.includes('appointment_scheduling_via_junction')),
        within_radius: centers.length,
        radius: input.radius,
        capabilities: [...capabilities].sort(),
      },
      supported_bill_types: slug === 'bioreference' ? ['client_bill', 'commercial_insurance'] : ['client_bill', 'commercial_insurance', 'patient_bill'],
      lab_id: lab.lab_id,
    };
  }
  return { zip_code: input.zip_code, phlebotomy: { is_served: input.providers.length > 0, providers: input.providers }, central_labs };
}
