/**
 * Local calendar days of an IANA time zone, without a date library: the
 * bounds of a day (23, 24 or 25 hours around DST changes, or shorter/longer by
 * 30 minutes in a few zones) and the UTC offset at any instant of it.
 * Intl lookups are slow, so a day is resolved once (its start, end and at most
 * one offset change found by bisection) and cached.
 */

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone: callers validate zones before generating.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Date.UTC for every year from 1 on: Date.UTC reads the years 0 to 99 as 1900 to 1999. */
function utcMs(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): number {
  if (year >= 100) return Date.UTC(year, monthIndex, day, hour, minute, second);
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.setUTCHours(hour, minute, second, 0);
}

/** UTC offset of `timeZone` at `epochMs`, in seconds (east positive). */
export function offsetSecondsAt(timeZone: string, epochMs: number): number {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 0;
  const parts = formatter(timeZone).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = utcMs(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const floored = Math.floor(epochMs / 1000) * 1000;
  return Math.round((wall - floored) / 1000);
}

const midnightCache = new Map<string, number>();

/** Milliseconds of midnight UTC of a YYYY-MM-DD date (RangeError when not a real date). */
export function utcMidnight(date: string): number {
  const hit = midnightCache.get(date);
  if (hit !== undefined) return hit;
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const ms = utcMs(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  if (midnightCache.size > 100_000) midnightCache.clear();
  midnightCache.set(date, ms);
  return ms;
}

export const addDays = (date: string, days: number): string => new Date(utcMidnight(date) + days * DAY).toISOString().slice(0, 10);

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDateOf(timeZone: string, epochMs: number): string {
  return new Date(epochMs + offsetSecondsAt(timeZone, epochMs) * 1000).toISOString().slice(0, 10);
}

/** The local calendar dates of `timeZone` that overlap the instants [fromMs, toMs] (inclusive), in order. */
export function localDatesBetween(timeZone: string, fromMs: number, toMs: number): string[] {
  if (toMs < fromMs) return [];
  const out: string[] = [];
  const last = localDateOf(timeZone, toMs);
  for (let date = localDateOf(timeZone, fromMs); date <= last; date = addDays(date, 1)) out.push(date);
  return out;
}

/**
 * The first instant whose local wall clock reads at least `wallMs` (a wall
 * time written as if it were UTC). In a DST gap the wall time does not exist
 * and the answer is the end of the gap.
 */
export function wallToInstant(timeZone: string, wallMs: number): number {
  // Every zone offset lies within [-12 h, +14 h], so the offsets 14 h before and
  // 12 h after the wall time bracket every instant that can read it.
  const early = wallMs - offsetSecondsAt(timeZone, wallMs - 14 * HOUR) * 1000;
  const late = wallMs - offsetSecondsAt(timeZone, wallMs + 12 * HOUR) * 1000;
  const reads = (t: number) => t + offsetSecondsAt(timeZone, t) * 1000;
  const valid = [early, late].filter((t) => reads(t) === wallMs);
  if (valid.length > 0) return Math.min(...valid); // overlap (fall back): the earlier reading
  // Gap (spring forward): the first instant whose wall clock is past wallMs.
  let lo = Math.min(early, late);
  let hi = Math.max(early, late);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (reads(mid) >= wallMs) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** One local calendar day: [start, end) in epoch ms and its offsets (seconds). */
export interface LocalDay {
  readonly date: string;
  readonly timeZone: string;
  readonly start: number;
  readonly end: number;
  /** Offset at `start`. */
  readonly startOffset: number;
  /** Offset from `change` on (equals startOffset when the day has no change). */
  readonly endOffset: number;
  /** The instant the offset changes within the day, or null. */
  readonly change: number | null;
}

const dayCache = new Map<string, LocalDay>();
const DAY_CACHE_LIMIT = 20_000;

/** The bounds and offsets of local day `date` in `timeZone` (cached). */
export function localDay(date: string, timeZone: string): LocalDay {
  const key = `${timeZone}|${date}`;
  const hit = dayCache.get(key);
  if (hit) return hit;
  const midnight = utcMidnight(date);
  const start = timeZone === 'UTC' ? midnight : wallToInstant(timeZone, midnight);
  const end = timeZone === 'UTC' ? midnight + DAY : wallToInstant(timeZone, midnight + DAY);
  const startOffset = offsetSecondsAt(timeZone, start);
  const lastOffset = offsetSecondsAt(timeZone, end - 1000);
  let change: number | null = null;
  if (lastOffset !== startOffset) {
    let lo = start;
    let hi = end - 1000;
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2000) * 1000;
      if (offsetSecondsAt(timeZone, mid) === startOffset) lo = mid;
      else hi = mid;
    }
    change = hi;
  }
  const day: LocalDay = Object.freeze({ date, timeZone, start, end, startOffset, endOffset: lastOffset, change });
  if (dayCache.size >= DAY_CACHE_LIMIT) dayCache.clear();
  dayCache.set(key, day);
  return day;
}

/** Offset (seconds) at an instant inside `day`. */
export const offsetIn = (day: LocalDay, epochMs: number): number =>
  day.change !== null && epochMs >= day.change ? day.endOffset : day.startOffset;

/** The instant a local wall clock time (minutes after local midnight of `day`, may exceed 1440 or be negative) occurs. */
export function localInstant(day: LocalDay, minutesAfterMidnight: number): number {
  if (minutesAfterMidnight >= 1440) return localInstant(localDay(addDays(day.date, 1), day.timeZone), minutesAfterMidnight - 1440);
  if (minutesAfterMidnight < 0) return localInstant(localDay(addDays(day.date, -1), day.timeZone), minutesAfterMidnight + 1440);
  const wall = utcMidnight(day.date) + minutesAfterMidnight * MINUTE;
  // The day's offsets are known: a wall time reads one of them (both in a fall-back overlap: the earlier instant).
  let best = Number.POSITIVE_INFINITY;
  for (const offset of [day.startOffset, day.endOffset]) {
    const t = wall - offset * 1000;
    if (t >= day.start && t < day.end && offsetIn(day, t) === offset && t < best) best = t;
  }
  // None: the wall time is in a DST gap.
  return best !== Number.POSITIVE_INFINITY ? best : wallToInstant(day.timeZone, wall);
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let isoDay = Number.NaN;
/** Years 0000 to 9999: toISOString writes them with four digits (the fast path's fixed layout). */
const ISO_FIRST_MS = -62_167_219_200_000;
const ISO_END_MS = 253_402_300_800_000;
let isoDayPrefix = '';

/**
 * ISO 8601 in UTC as the API family writes it (`+00:00`; milliseconds only when not zero).
 * A day's samples are thousands of calls for whole seconds of one UTC day: those reuse the
 * day's `YYYY-MM-DDT` and write the time of day themselves (Date#toISOString was a third of
 * a sync's CPU time).
 */
export function iso(epochMs: number): string {
  if (epochMs % 1000 === 0 && epochMs >= ISO_FIRST_MS && epochMs < ISO_END_MS) {
    const day = Math.floor(epochMs / DAY);
    if (day !== isoDay) {
      isoDayPrefix = new Date(day * DAY).toISOString().slice(0, 11);
      isoDay = day;
    }
    const seconds = (epochMs - day * DAY) / 1000;
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return `${isoDayPrefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds % 60]}+00:00`;
  }
  // Any year: toISOString ends in `.sssZ` whether the year has 4 digits or is `+010000`.
  const s = new Date(epochMs).toISOString();
  return epochMs % 1000 === 0 ? `${s.slice(0, -5)}+00:00` : `${s.slice(0, -1)}+00:00`;
}

const ISO_DAY_PREFIX = /^\d{4}-\d{2}-\d{2}T$/;
let parsedDayPrefix = '';
let parsedDayMs = 0;

const twoDigits = (text: string, at: number) => {
  const tens = text.charCodeAt(at) - 48;
  const units = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
};

/**
 * Date.parse, fast for what `iso` writes for whole seconds (`YYYY-MM-DDTHH:MM:SS+00:00`): the
 * day is parsed once for all its samples and the time of day read from its digits; any other
 * text goes through Date.parse (NaN when it is not a date). Date.parse of every sample of both
 * views of a day was a quarter of a sync's CPU time, and a read tests every sample of its days.
 */
export function isoMs(timestamp: string): number {
  if (timestamp.length !== 25 || timestamp[13] !== ':' || timestamp[16] !== ':' || !timestamp.endsWith('+00:00')) return Date.parse(timestamp);
  if (parsedDayPrefix === '' || !timestamp.startsWith(parsedDayPrefix)) {
    const prefix = timestamp.slice(0, 11);
    const ms = ISO_DAY_PREFIX.test(prefix) ? Date.parse(`${prefix}00:00:00+00:00`) : Number.NaN;
    if (Number.isNaN(ms)) return Date.parse(timestamp);
    parsedDayPrefix = prefix;
    parsedDayMs = ms;
  }
  const hours = twoDigits(timestamp, 11);
  const minutes = twoDigits(timestamp, 14);
  const seconds = twoDigits(timestamp, 17);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return Date.parse(timestamp);
  return parsedDayMs + ((hours * 60 + minutes) * 60 + seconds) * 1000;
}
