/**
 * Rules of a connection's data window (the readable span of its derived data; see
 * server/storage/migrations/008_data_windows.sql and 020_data_window_ingestion_bounds.sql).
 */
import { addDays } from '../pull-preferences/pull-range.js';
import { isValidTimeZone, localDateOf, type FormatterMemo, type ZoneLike } from '../synthetic/time-zone.js';

/**
 * The zone a user's data days are local to: the fallback time zone, else UTC (also for a zone the
 * runtime does not know). `formatters`: the app's formatter cache, so that a known zone is not
 * checked by making a formatter on every read.
 */
export function dataTimeZone(fallbackTimeZone: string | null | undefined, formatters?: FormatterMemo): string {
  if (!fallbackTimeZone) return 'UTC';
  return isValidTimeZone(fallbackTimeZone, formatters) ? fallbackTimeZone : 'UTC';
}

/** The local calendar day (YYYY-MM-DD) of an instant in `timeZone` (a Zone the caller keeps for its call, or a name). */
export function localDate(timeZone: ZoneLike, instant: string | Date): string {
  return localDateOf(timeZone, typeof instant === 'string' ? Date.parse(instant) : instant.getTime());
}

/**
 * A new connection's window starts on the local day it was made, synced up to that instant. Until
 * its first sync that day is not readable (see lastReadableDay): the first sync announces it whole.
 */
export function newDataWindow(fallbackTimeZone: string | null | undefined, connectedAt: string) {
  return { history_start: localDate(dataTimeZone(fallbackTimeZone), connectedAt), opened_at: connectedAt };
}

/**
 * A user's ingestion bounds: inclusive local days (YYYY-MM-DD, the user's data time zone), null
 * for no bound. No data dated outside them is synced, announced or read.
 */
export interface IngestionBounds {
  ingestion_start: string | null;
  ingestion_end: string | null;
}

/** Whether the local day `day` lies within the bounds. */
export const withinBounds = (bounds: IngestionBounds, day: string): boolean =>
  (bounds.ingestion_start === null || day >= bounds.ingestion_start) && (bounds.ingestion_end === null || day <= bounds.ingestion_end);

/** The window's part a sync has announced: its history, its last sync and its opening. */
export interface SyncedWindow {
  /** First local day of the window's history (YYYY-MM-DD). */
  history_start: string;
  synced_through: string;
  opened_at: string;
}

/**
 * The last local day a window shows: the day of its last sync; before its first sync
 * (`synced_through` = `opened_at`), the day before the connection's (the first sync announces
 * the connection's day from its start, as `.created`).
 */
export function lastReadableDay(window: SyncedWindow, timeZone: ZoneLike): string {
  const synced = localDate(timeZone, window.synced_through);
  return Date.parse(window.synced_through) === Date.parse(window.opened_at) ? addDays(synced, -1) : synced;
}

/**
 * The local days a read shows of a window, [firstDay, lastDay] (empty when firstDay > lastDay):
 * its history up to lastReadableDay, within both the bounds its last sync applied (`synced`) and
 * the user's current ones: a narrowed bound hides its days at once, a widened one shows the days
 * it admits once a sync announced them.
 */
export function readableDays(window: SyncedWindow, timeZone: ZoneLike, synced: IngestionBounds, current: IngestionBounds): { firstDay: string; lastDay: string } {
  let firstDay = window.history_start;
  let lastDay = lastReadableDay(window, timeZone);
  for (const bounds of [synced, current]) {
    if (bounds.ingestion_start !== null && bounds.ingestion_start > firstDay) firstDay = bounds.ingestion_start;
    if (bounds.ingestion_end !== null && bounds.ingestion_end < lastDay) lastDay = bounds.ingestion_end;
  }
  return { firstDay, lastDay };
}

/**
 * The days of a window's history before `before` that the user's bounds (`current`) admit and
 * the bounds of its last sync (`synced`) did not: a widened bound's days, which the next sync
 * announces whole. Oldest first.
 */
export function admittedDays(window: SyncedWindow, synced: IngestionBounds, current: IngestionBounds, before: string): string[] {
  if (synced.ingestion_start === current.ingestion_start && synced.ingestion_end === current.ingestion_end) return [];
  let day = window.history_start;
  if (current.ingestion_start !== null && current.ingestion_start > day) day = current.ingestion_start;
  const days: string[] = [];
  for (; day < before && (current.ingestion_end === null || day <= current.ingestion_end); day = addDays(day, 1)) {
    if (!withinBounds(synced, day)) days.push(day);
  }
  return days;
}

/**
 * A profile's `created_at` and `updated_at`: the opening of the window it is read from (a profile
 * belongs to no day), the same in the profile read and in `daily.data.profile.created`.
 */
export function profileTimes(openedAt: string): { created_at: string; updated_at: string } {
  const at = new Date(openedAt).toISOString();
  return { created_at: at, updated_at: at };
}
