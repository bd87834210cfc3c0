/**
 * The data plane's caches (docs/architecture.md, "Caches"), made once per app by
 * server/caches.ts and handed to the data reads (Deps.caches.dataReads) and the data sync
 * worker (its options).
 */
import type { CacheRegistry, BoundedCache } from '../../shared/cache.js';
import type { DayData } from '../../domain/synthetic/types.js';

/** A data read's response body and what it was made of (the parts are compared by identity). */
export interface ReadBody {
  readonly parts: readonly unknown[];
  readonly body: object;
}

export interface DataReadCaches {
  /** Generated days of the reads (read-data.ts dayOf). */
  readonly days: BoundedCache<string, DayData>;
  /** The last body of each read (data-read-views.ts readBody). */
  readonly bodies: BoundedCache<string, ReadBody>;
  /** Intl formatters by time zone, for the reads and the data sync (server/domain/synthetic/time-zone.ts Zone). */
  readonly formatters: BoundedCache<string, Intl.DateTimeFormat>;
}

/** A body of more parts than this is not kept (it is still built from them and frozen). */
export const MAX_BODY_PARTS = 2_000;

export function createDataReadCaches(registry: CacheRegistry): DataReadCaches {
  return {
    days: registry.create<string, DayData>({
      name: 'data-read-days',
      key: 'user id | provider | local date | time zone | resources | synced_through (the instant the day is read as of)',
      maxEntries: 1_000,
      invalidatedBy:
        'nothing needs to: a day is a pure function of its key (generateDay of the connection, date, zone and resources as of synced_through), '
        + 'so a sync (a later synced_through) or a time zone change makes another key; what a read may see of it (ingestion bounds, '
        + 'a deleted or deregistered connection) is decided from the data windows read on every request, not cached',
    }),
    bodies: registry.create<string, ReadBody>({
      name: 'data-read-bodies',
      key: 'operation | user id | query; an entry answers only while its parts (records of data-read-days, cursor, group sources) are the same',
      maxEntries: 64,
      invalidatedBy:
        'its parts: a read rebuilds its parts (from data-read-days and the windows read on every request) and the body is reused only '
        + 'when each is the same object or equal primitive, so any change of the records, cursor or groups builds a new body',
    }),
    formatters: registry.create<string, Intl.DateTimeFormat>({
      name: 'time-zone-formatters',
      key: 'IANA time zone name',
      maxEntries: 1_000,
      invalidatedBy: 'nothing: a zone\'s formatter is fixed by the runtime\'s time zone data, which does not change while the process runs; an unknown zone is never stored (its constructor throws)',
    }),
  };
}
