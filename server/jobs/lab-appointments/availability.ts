/**
 * Where and when a sample can be drawn: the area summary of a zip code, the service centers near
 * a zip code (or an order's patient), and the available slots of an at-home provider or of
 * service centers, each slot with a signed booking key. The slots' remaining capacity is read
 * from the appointments stored; everything else is deterministic synthetic data.
 */
import { addDays, utcMidnight } from '../../domain/synthetic/time-zone.js';
import { resolveUsZip, type ZipPlace } from '../../domain/lab-appointments/places.js';
import {
  ALLOWED_RADII, CENTER_LABS, centerBySiteCode, DEFAULT_RADIUS, phlebotomyProvidersAt, type Capability, type CenterLabSlug, type CenterNearby,
} from '../../domain/lab-appointments/service-centers.js';
import { AVAILABILITY_DAYS, firstAvailabilityDay, slotsAfter, type DaySlots } from '../../domain/lab-appointments/slots.js';
import { centerAppointmentLocation, toAreaInfo, toDaySlots, toLabLocation } from '../../domain/lab-appointments/views.js';
import type { KeyAddress } from '../../domain/lab-appointments/booking-key.js';
import { bookedSlotCounts } from '../../storage/repositories/lab-appointments.js';
import { bookingKeySecret, centerDaysOf, centersNearZip, phlebotomyDaysOf, refuse422, todayAt, type AppointmentDeps, type Refused } from './context.js';

/** How many centers a walk-in availability answer covers at most (the nearest ones). */
export const MAX_AVAILABILITY_CENTERS = 3;

type Loc = (string | number)[];

/** The place of a zip code, or the 422 naming it. */
export function placeOrRefusal(zip: string, loc: Loc): { ok: true; place: ZipPlace } | Refused {
  const place = resolveUsZip(zip);
  return place ? { ok: true, place } : refuse422(loc, `zip code ${zip} is not a US zip code we know`);
}

const milesOf = (radius: string | null | undefined) => Number(radius ?? DEFAULT_RADIUS);

export interface UsAddressInput {
  first_line: string;
  second_line?: string | null | undefined;
  city: string;
  state: string;
  zip_code: string;
  unit?: string | null | undefined;
  access_notes?: string | null | undefined;
}

export const keyAddressOf = (address: UsAddressInput): KeyAddress => ({
  first_line: address.first_line,
  second_line: address.second_line ?? address.unit ?? null,
  city: address.city,
  state: address.state,
  zip_code: address.zip_code,
  access_notes: address.access_notes ?? null,
});

/** The first instant and the instant after the last of the days of an answer, in a zone's local days (a day's margin either side). */
const spanOf = (first: string) => ({ from: new Date(utcMidnight(first) - 86_400_000).toISOString(), to: new Date(utcMidnight(addDays(first, AVAILABILITY_DAYS + 1))).toISOString() });

/** POST /v3/order/phlebotomy/appointment/availability. */
export async function phlebotomyAvailability(deps: AppointmentDeps, input: { team_id: string; address: UsAddressInput; start_date?: string | null | undefined }) {
  const found = placeOrRefusal(input.address.zip_code, ['body', 'zip_code']);
  if (!found.ok) return found;
  const place = found.place;
  const now = deps.now();
  const first = firstAvailabilityDay(input.start_date, todayAt(deps, place.time_zone, now));
  if (!first.ok) return refuse422(['query', 'start_date'], first.msg);
  const provider = phlebotomyProvidersAt(place).find((p) => p.service_types.includes('appointment-ready'));
  if (!provider) return { ok: true as const, body: { slots: [], timezone: place.time_zone } };
  const days = slotsAfter(phlebotomyDaysOf(deps, { provider: provider.name, zip: place.zip, timeZone: place.time_zone, first: first.first }), now);
  const booked = await bookedSlotCounts(deps.db, { location_codes: [place.zip], ...spanOf(first.first) });
  const address = keyAddressOf(input.address);
  const location = {
    location: { lng: place.lng, lat: place.lat },
    distance: null,
    address,
    code: place.zip,
    name: `${provider.name} at-home phlebotomy, ${place.city}, ${place.state}`,
    iana_timezone: place.time_zone,
  };
  const slots = toDaySlots({
    days, kind: 'at_home_phlebotomy', provider: provider.name, location_code: place.zip, time_zone: place.time_zone, address, location, booked,
    signing: { secret: await bookingKeySecret(deps), team_id: input.team_id, now },
  });
  return { ok: true as const, body: { slots, timezone: place.time_zone } };
}

/** The walk-in centers an availability search names: its site codes, or the nearest that book through us around its zip code. */
function pscCentersOf(deps: AppointmentDeps, input: { lab: CenterLabSlug; site_codes?: string[] | null | undefined; zip_code?: string | null | undefined; radius?: string | null | undefined }):
  { ok: true; centers: CenterNearby[] } | Refused {
  if (input.site_codes && input.site_codes.length > 0) {
    const centers: CenterNearby[] = [];
    for (const [i, code] of input.site_codes.entries()) {
      const center = centerBySiteCode(code);
      if (!center || center.lab !== input.lab) return { ok: false, status: 404, detail: `No ${input.lab} patient service center has the site code ${code}.` };
      if (!center.capabilities.includes('appointment_scheduling_via_junction')) {
        return refuse422(['query', 'site_codes', i], `the center ${code} does not book appointments through this API (its capabilities: ${center.capabilities.join(', ') || 'none'}); patients walk in there`);
      }
      if (!centers.some((c) => c.center.site_code === center.site_code)) centers.push({ center, distance: 0 });
    }
    if (centers.length > MAX_AVAILABILITY_CENTERS) return refuse422(['query', 'site_codes'], `at most ${MAX_AVAILABILITY_CENTERS} site codes at a time`);
    return { ok: true, centers };
  }
  if (!input.zip_code) return refuse422(['query', 'zip_code'], 'give the site_codes of the centers, or a zip_code to search around');
  const found = placeOrRefusal(input.zip_code, ['query', 'zip_code']);
  if (!found.ok) return found;
  const near = centersNearZip(deps.caches, found.place, milesOf(input.radius), [input.lab]);
  return { ok: true, centers: near.filter((c) => c.center.capabilities.includes('appointment_scheduling_via_junction')).slice(0, MAX_AVAILABILITY_CENTERS) };
}

/** POST /v3/order/psc/appointment/availability. */
export async function pscAvailability(deps: AppointmentDeps, input: { team_id: string; lab: CenterLabSlug; start_date?: string | null | undefined; site_codes?: string[] | null | undefined; zip_code?: string | null | undefined; radius?: string | null | undefined }) {
  const found = pscCentersOf(deps, input);
  if (!found.ok) return found;
  const now = deps.now();
  const perCenter: Array<{ nearby: CenterNearby; days: DaySlots[] }> = [];
  for (const nearby of found.centers) {
    const first = firstAvailabilityDay(input.start_date, todayAt(deps, nearby.center.time_zone, now));
    if (!first.ok) return refuse422(['query', 'start_date'], first.msg);
    perCenter.push({ nearby, days: slotsAfter(centerDaysOf(deps, nearby.center, first.first), now) });
  }
  const firstDay = perCenter.flatMap((c) => c.days.map((d) => d.date)).sort()[0] ?? (input.start_date || new Date(now).toISOString().slice(0, 10));
  const booked = await bookedSlotCounts(deps.db, { location_codes: found.centers.map((c) => c.center.site_code), ...spanOf(firstDay) });
  const signing = { secret: await bookingKeySecret(deps), team_id: input.team_id, now };
  const slots = perCenter.flatMap(({ nearby, days }) => toDaySlots({
    days, kind: 'walk_in_test', provider: nearby.center.lab, location_code: nearby.center.site_code, time_zone: nearby.center.time_zone, address: null,
    location: centerAppointmentLocation(nearby.center, input.site_codes && input.site_codes.length > 0 ? null : nearby.distance), booked, signing,
  }));
  return { ok: true as const, body: { slots, timezone: found.centers[0]?.center.time_zone ?? null } };
}

const labsOfAccount = (accountLabIds: readonly number[] | null): CenterLabSlug[] =>
  CENTER_LABS.filter((lab) => accountLabIds === null || accountLabIds.includes(lab.lab_id)).map((lab) => lab.slug);

/** GET /v3/order/area/info. `accountLabIds`: the labs of the lab account asked for (null: no account). */
export function areaInfo(deps: AppointmentDeps, input: { zip_code: string; radius?: string | undefined; labs: CenterLabSlug[] | null; accountLabIds: readonly number[] | null }) {
  const found = placeOrRefusal(input.zip_code, ['query', 'zip_code']);
  if (!found.ok) return found;
  const radius = input.radius ?? DEFAULT_RADIUS;
  const allowed = labsOfAccount(input.accountLabIds);
  const labs = input.labs && input.labs.length > 0 ? allowed.filter((lab) => input.labs!.includes(lab)) : allowed;
  const centers = new Map<CenterLabSlug, readonly CenterNearby[]>(labs.map((lab) => [lab, centersNearZip(deps.caches, found.place, milesOf(radius), [lab])]));
  return { ok: true as const, body: toAreaInfo({ zip_code: found.place.zip, radius, providers: phlebotomyProvidersAt(found.place), labs, centers }) };
}

/** GET /v3/order/psc/info and /v3/order/{order_id}/psc/info: the centers of one lab near a zip code, nearest first. */
export function pscInfo(deps: AppointmentDeps, input: { zip_code: string; zipLoc: Loc; lab: CenterLabSlug; radius?: string | undefined; capabilities?: Capability[] | null | undefined }) {
  const found = placeOrRefusal(input.zip_code, input.zipLoc);
  if (!found.ok) return found;
  const lab = CENTER_LABS.find((l) => l.slug === input.lab)!;
  const wanted = input.capabilities ?? [];
  const centers = centersNearZip(deps.caches, found.place, milesOf(input.radius), [input.lab]).filter((c) => wanted.every((w) => c.center.capabilities.includes(w)));
  return { ok: true as const, body: { lab_id: lab.lab_id, slug: lab.slug, patient_service_centers: centers.map(toLabLocation) } };
}

export { ALLOWED_RADII };
