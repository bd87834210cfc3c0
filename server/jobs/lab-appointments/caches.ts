/**
 * The caches of lab appointments (docs/architecture.md, "Caches"): made once per app by
 * server/caches.ts, reached as `deps.caches.labAppointments` (handlers) or handed to the
 * simulator. Each is named for CACHES_OFF and says what makes an entry stale.
 */
import type { ZipGrid } from '../../domain/lab-appointments/places.js';
import type { CenterNearby } from '../../domain/lab-appointments/service-centers.js';
import type { DaySlots } from '../../domain/lab-appointments/slots.js';
import type { LocalDay } from '../../domain/synthetic/time-zone.js';
import type { BoundedCache, CacheRegistry } from '../../shared/cache.js';

export interface LabAppointmentCaches {
  /** `zip-code-grid`: every US zip code by coordinates (built once from the zip code data package). */
  readonly zipGrid: BoundedCache<string, ZipGrid>;
  /** `service-centers-near`: the centers of some labs within a radius of a zip code. */
  readonly centersNear: BoundedCache<string, readonly CenterNearby[]>;
  /** `appointment-slot-days`: the slots of a place (an at-home provider at a zip code, or a center) for the days from a first day, before the clock drops those too soon. */
  readonly slotDays: BoundedCache<string, readonly DaySlots[]>;
  /** `zone-local-days`: the bounds of a local day in a time zone (which of them holds now is today there). */
  readonly localDays: BoundedCache<string, LocalDay>;
  /** `booking-key-secret`: the server secret that signs booking keys. */
  readonly bookingKeySecret: BoundedCache<string, string>;
}

export function createLabAppointmentCaches(registry: CacheRegistry): LabAppointmentCaches {
  return {
    zipGrid: registry.create({
      name: 'zip-code-grid',
      key: 'the one grid of US zip codes',
      maxEntries: 1,
      invalidatedBy: 'nothing: it is built from an installed data package',
    }),
    centersNear: registry.create({
      name: 'service-centers-near',
      key: 'zip code, radius and labs of a service center search',
      maxEntries: 2_000,
      invalidatedBy: 'nothing: the centers are a pure function of the zip code data package',
    }),
    slotDays: registry.create({
      name: 'appointment-slot-days',
      key: 'place (provider, zip code and time zone; or site code) and first day of an availability answer',
      maxEntries: 1_000,
      invalidatedBy: "nothing: a place's slots are a pure function of the key (the zip code data, the hashes, the runtime's time zone data); what is booked is read on every request",
    }),
    localDays: registry.create({
      name: 'zone-local-days',
      key: 'time zone and local date',
      maxEntries: 2_000,
      invalidatedBy: "nothing: a day's bounds are a pure function of the key (the runtime's time zone data)",
    }),
    bookingKeySecret: registry.create({
      name: 'booking-key-secret',
      key: "the server secret's name",
      maxEntries: 1,
      invalidatedBy: 'nothing: the secret is made once per database (ensureServerSecret inserts it if absent) and never changed or deleted',
    }),
  };
}
