/**
 * Rules of a connection's data window (the readable span of its derived data; see
 * server/storage/migrations/008_data_windows.sql).
 */

const localDateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone a user's data days are local to: the fallback time zone, else UTC (also for a zone the runtime does not know). */
export function dataTimeZone(fallbackTimeZone: string | null | undefined): string {
  if (!fallbackTimeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: fallbackTimeZone });
    return fallbackTimeZone;
  } catch {
    return 'UTC';
  }
}

/** The local calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDate(timeZone: string, instant: string | Date): string {
  let f = localDateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    localDateFormatters.set(timeZone, f);
  }
  return f.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** A new connection's window starts on the local day it was made, synced up to that instant. */
export function newDataWindow(fallbackTimeZone: string | null | undefined, connectedAt: string) {
  return { history_start: localDate(dataTimeZone(fallbackTimeZone), connectedAt), opened_at: connectedAt };
}
