import { addDays, Zone, type FormatterMemo } from '../../domain/synthetic/time-zone.js';
import { buildZipGrid, type ZipGrid } from '../../domain/lab-appointments/places.js';
import { centersNear, type CenterLabSlug, type CenterNearby, type ServiceCenter } from '../../domain/lab-appointments/service-centers.js';
import { centerDays, phlebotomyDays, todayIn, type DaySlots } from '../../domain/lab-appointments/slots.js';
import { newBookingKeySecret } from '../../domain/lab-appointments/booking-key.js';
import type { Database } from '../../storage/database.js';
import { ensureServerSecret } from '../../storage/repositories/server-secrets.js';
import type { TransitionCaches } from '../lab-orders/transition.js';
import type { LabAppointmentCaches } from './caches.js';

/** What the appointment jobs use: storage, the clock and the app's caches. */
export interface AppointmentDeps {
  db: Database;
  now: () => Date;
  caches: LabAppointmentCaches;
  /** The app's time zone formatters (deps.caches.dataReads.formatters). */
  formatters?: FormatterMemo | undefined;
  /** The lab order caches a status change uses. */
  transitionCaches?: TransitionCaches | undefined;
}

/** A refusal, as the handlers answer it: a `detail` (400, 404, 409), or one validation item (422). */
export type Refused = { ok: false; status: 400 | 404 | 409; detail: string } | { ok: false; status: 422; loc: (string | number)[]; msg: string };

export const refuse422 = (loc: (string | number)[], msg: string): Refused => ({ ok: false, status: 422, loc, msg });

export const zipGridOf = (caches: LabAppointmentCaches): ZipGrid => caches.zipGrid.getOrSet('us', buildZipGrid);

/** The centers of some labs near a zip code's place (kept: a pure function of its key). */
export function centersNearZip(caches: LabAppointmentCaches, place: { zip: string; lat: number; lng: number }, miles: number, labs: readonly CenterLabSlug[]): readonly CenterNearby[] {
  const sorted = [...labs].sort();
  return caches.centersNear.getOrSet(`${place.zip}:${miles}:${sorted.join(',')}`, () => centersNear(zipGridOf(caches), place, miles, sorted));
}

/**
 * The slots of an at-home provider at a zip code from a first day, all of them (slotsAfter takes
 * off those too soon): kept, as computing them (each day's bounds and offsets in the zone) was a
 * fifth of an availability answer's CPU.
 */
export const phlebotomyDaysOf = (deps: Pick<AppointmentDeps, 'caches' | 'formatters'>, input: { provider: string; zip: string; timeZone: string; first: string }): readonly DaySlots[] =>
  deps.caches.slotDays.getOrSet(`phlebotomy ${input.provider} ${input.zip} ${input.timeZone} ${input.first}`, () => phlebotomyDays({ ...input, formatters: deps.formatters }));

/** The slots of a center from a first day, all of them (a center is a pure function of its site code). */
export const centerDaysOf = (deps: Pick<AppointmentDeps, 'caches' | 'formatters'>, center: ServiceCenter, first: string): readonly DaySlots[] =>
  deps.caches.slotDays.getOrSet(`center ${center.site_code} ${first}`, () => centerDays({ center, first, formatters: deps.formatters }));

/**
 * Today's date in a time zone at `now`: the local day holding now among the UTC date and its two
 * neighbours (every offset is within a day), each day's bounds kept. Asking the zone's formatter
 * for now's offset instead was the one formatter call of an at-home availability answer.
 */
export function todayAt(deps: Pick<AppointmentDeps, 'caches' | 'formatters'>, timeZone: string, now: Date): string {
  const ms = now.getTime();
  const utc = now.toISOString().slice(0, 10);
  for (const date of [utc, addDays(utc, -1), addDays(utc, 1)]) {
    const day = deps.caches.localDays.getOrSet(`${timeZone} ${date}`, () => new Zone(timeZone, deps.formatters).localDay(date));
    if (ms >= day.start && ms < day.end) return date;
  }
  return todayIn(timeZone, now, deps.formatters);
}

const SECRET_NAME = 'appointment_booking_key';

/** The key that signs booking keys: a server secret kept in the database (made by the first process that needs it), kept once read. */
export async function bookingKeySecret(deps: Pick<AppointmentDeps, 'db' | 'caches'>): Promise<string> {
  const kept = deps.caches.bookingKeySecret.get(SECRET_NAME);
  if (kept !== undefined) return kept;
  return deps.caches.bookingKeySecret.set(SECRET_NAME, await ensureServerSecret(deps.db, SECRET_NAME, newBookingKeySecret()));
}
