/**
 * The date ranges of the data reads (/v2/summary/*, /v2/timeseries/*): how `start_date` and
 * `end_date` are read in the user's time zone, and the bounds every read enforces.
 */
import { findProvider } from '../providers/catalog.js';
import { DAY, addDays, localDateOf, utcMidnight, wallToInstant, type ZoneLike } from '../synthetic/time-zone.js';

/** Longest range of the summary reads and the grouped (paged) timeseries read, in days. */
export const MAX_RANGE_DAYS = 366;
/** Longest range of the deprecated plain timeseries read (not paged), in days. */
export const MAX_PLAIN_TIMESERIES_DAYS = 31;

export interface RangeError422 {
  loc: 'start_date' | 'end_date' | 'provider';
  msg: string;
}

export interface ReadRange {
  /** First and last instant of the range (epoch ms, both inclusive). */
  startMs: number;
  endMs: number;
  /** Local days (in the user's time zone) of the two instants. */
  startDay: string;
  endDay: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function validDate(date: string): boolean {
  try {
    utcMidnight(date);
    return true;
  } catch {
    return false;
  }
}

/**
 * One bound: a date `YYYY-MM-DD` is 00:00 of that local day (`start`) or the last
 * millisecond of it (`end`); a date-time with an offset is that instant; one without is that
 * wall time in `timeZone`. Null when the value is none of these.
 */
export function parseBound(value: string, bound: 'start' | 'end', timeZone: ZoneLike): number | null {
  if (DATE.test(value)) {
    if (!validDate(value)) return null;
    if (bound === 'start') return wallToInstant(timeZone, utcMidnight(value));
    return wallToInstant(timeZone, utcMidnight(value) + DAY) - 1;
  }
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (!validDate(date) || hour > 23 || minute > 59 || second > 59) return null;
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const wall = utcMidnight(date) + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
  const zone = m[8];
  if (!zone) return wallToInstant(timeZone, wall);
  if (zone.toUpperCase() === 'Z') return wall;
  const zm = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const offsetMin = Number(zm[2]) * 60 + Number(zm[3]);
  if (Number(zm[2]) > 15 || Number(zm[3]) > 59) return null;
  return wall - (zm[1] === '-' ? -1 : 1) * offsetMin * 60_000;
}

/**
 * The range of a read, or every violation: `start_date` missing or malformed, `end_date`
 * malformed, before `start_date` or more than `maxDays` after it. `end_date` omitted: now.
 */
export function resolveRange(
  input: { start_date?: string | undefined; end_date?: string | undefined },
  timeZone: ZoneLike,
  now: Date,
  maxDays: number,
): { range: ReadRange } | { errors: RangeError422[] } {
  const errors: RangeError422[] = [];
  const bound = (loc: 'start_date' | 'end_date', value: string, which: 'start' | 'end'): number | null => {
    const ms = parseBound(value, which, timeZone);
    if (ms === null) errors.push({ loc, msg: `${loc} must be a date YYYY-MM-DD or a date-time (YYYY-MM-DDTHH:MM[:SS][offset])` });
    else if (!withinReadableDays(timeZone, ms)) errors.push({ loc, msg: `${loc} must be within ${FIRST_DAY} and ${LAST_DAY} in the user's time zone` });
    else return ms;
    return null;
  };
  const startMs = input.start_date === undefined ? null : bound('start_date', input.start_date, 'start');
  if (input.start_date === undefined) errors.push({ loc: 'start_date', msg: 'start_date must be a date YYYY-MM-DD or a date-time (YYYY-MM-DDTHH:MM[:SS][offset])' });
  const endMs = input.end_date === undefined || input.end_date === '' ? now.getTime() : bound('end_date', input.end_date, 'end');
  if (startMs !== null && endMs !== null) {
    if (endMs < startMs) errors.push({ loc: 'end_date', msg: 'end_date must not be before start_date' });
    else if (dayCount(localDateOf(timeZone, startMs), localDateOf(timeZone, endMs)) > maxDays) {
      errors.push({ loc: 'end_date', msg: `The range from start_date to end_date must not exceed ${maxDays} days` });
    }
  }
  if (errors.length > 0 || startMs === null || endMs === null) return { errors };
  return { range: { startMs, endMs, startDay: localDateOf(timeZone, startMs), endDay: localDateOf(timeZone, endMs) } };
}

/** The `provider` filter: '' (or absent) is every provider; otherwise a slug of the catalog. */
export function resolveProviderFilter(provider: string | undefined): { provider: string | null } | { error: RangeError422 } {
  if (provider === undefined || provider === '') return { provider: null };
  if (!findProvider(provider)) {
    return { error: { loc: 'provider', msg: `Unknown provider '${provider}': use a slug of the provider catalog, or '' for all` } };
  }
  return { provider };
}

/** Number of local days from `from` to `to`, both counted. */
export function dayCount(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY) + 1;
}

/** Local days from `from` to `to`, inclusive (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const count = to < from ? 0 : dayCount(from, to);
  for (let i = 0; i < count; i++) days.push(i === 0 ? from : addDays(from, i));
  return days;
}

/** The first and last local day a read may name: every day of them has a date of four digits. */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** Whether the instant falls on a local day from FIRST_DAY to LAST_DAY in `timeZone`. */
function withinReadableDays(timeZone: ZoneLike, epochMs: number): boolean {
  const day = localDateOf(timeZone, epochMs);
  return DATE.test(day) && day >= FIRST_DAY && day <= LAST_DAY;
}
