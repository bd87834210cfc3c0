/**
 * Local calendar days of an IANA time zone, without a date library: the
 * bounds of a day (23, 24 or 25 hours around DST changes, or shorter/longer by
 * 30 minutes in a few zones) and the UTC offset at any instant of it.
 *
 * Intl is slow: constructing a formatter costs far more than a day's other
 * arithmetic, and each offset asked is a formatToParts. So the work of one
 * generation goes through a `Zone`: one formatter (taken from the app's
 * formatter cache when the caller passes one) and each local day resolved once
 * (its start, end and at most one offset change found by bisection). A Zone is
 * made by its caller for one read or one sync of a window and dropped with it:
 * nothing here outlives a call. The functions taking a zone's name make a Zone
 * for that call alone.
 */

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a caller may lend the generator to keep across calls: a value per key that never goes stale (BoundedCache fits). */
export interface Memo<K, V> {
  getOrSet(key: K, create: () => V): V;
}

/** The app's formatters, one per zone: a zone's rules do not change while the process runs. */
export type FormatterMemo = Memo<string, Intl.DateTimeFormat>;

/** A new formatter of `timeZone` (RangeError for a zone the runtime does not know). */
export function newZoneFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string, formatters?: FormatterMemo): boolean {
  try {
    // Throws RangeError for an unknown zone, which a memo does not keep.
    if (formatters) formatters.getOrSet(timeZone, () => newZoneFormatter(timeZone));
    else newZoneFormatter(timeZone);
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

/** Milliseconds of midnight UTC of a YYYY-MM-DD date (RangeError when not a real date). */
export function utcMidnight(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const ms = utcMs(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return ms;
}

export const addDays = (date: string, days: number): string => new Date(utcMidnight(date) + days * DAY).toISOString().slice(0, 10);

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

/**
 * One time zone for the length of one call: its formatter and the local days asked of it
 * (a read of a year asks for each day and its neighbours; a Zone lives no longer than that).
 */
export class Zone {
  private readonly formatter: Intl.DateTimeFormat | null;
  private readonly days = new Map<string, LocalDay>();

  /** RangeError for a zone the runtime does not know. */
  constructor(readonly name: string, formatters?: FormatterMemo) {
    this.formatter = isUtc(name) ? null : formatters ? formatters.getOrSet(name, () => newZoneFormatter(name)) : newZoneFormatter(name);
  }

  /** UTC offset at `epochMs`, in seconds (east positive). */
  offsetSecondsAt(epochMs: number): number {
    if (isUtc(this.name)) return 0;
    const parts = this.formatter!.formatToParts(new Date(epochMs));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const wall = utcMs(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    const floored = Math.floor(epochMs / 1000) * 1000;
    return Math.round((wall - floored) / 1000);
  }

  /** The local calendar date (YYYY-MM-DD) of an instant. */
  localDateOf(epochMs: number): string {
    return new Date(epochMs + this.offsetSecondsAt(epochMs) * 1000).toISOString().slice(0, 10);
  }

  /** The local calendar dates that overlap the instants [fromMs, toMs] (inclusive), in order. */
  localDatesBetween(fromMs: number, toMs: number): string[] {
    if (toMs < fromMs) return [];
    const out: string[] = [];
    const last = this.localDateOf(toMs);
    for (let date = this.localDateOf(fromMs); date <= last; date = addDays(date, 1)) out.push(date);
    return out;
  }

  /**
   * The first instant whose local wall clock reads at least `wallMs` (a wall
   * time written as if it were UTC). In a DST gap the wall time does not exist
   * and the answer is the end of the gap.
   */
  wallToInstant(wallMs: number): number {
    // Every zone offset lies within [-12 h, +14 h], so the offsets 14 h before and
    // 12 h after the wall time bracket every instant that can read it.
    const early = wallMs - this.offsetSecondsAt(wallMs - 14 * HOUR) * 1000;
    const late = wallMs - this.offsetSecondsAt(wallMs + 12 * HOUR) * 1000;
    const reads = (t: number) => t + this.offsetSecondsAt(t) * 1000;
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

  /** The bounds and offsets of local day `date` (resolved once per Zone). */
  localDay(date: string): LocalDay {
    const known = this.days.get(date);
    if (known) return known;
    const timeZone = this.name;
    const midnight = utcMidnight(date);
    const start = timeZone === 'UTC' ? midnight : this.wallToInstant(midnight);
    const end = timeZone === 'UTC' ? midnight + DAY : this.wallToInstant(midnight + DAY);
    const startOffset = this.offsetSecondsAt(start);
    const lastOffset = this.offsetSecondsAt(end - 1000);
    let change: number | null = null;
    if (lastOffset !== startOffset) {
      let lo = start;
      let hi = end - 1000;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (this.offsetSecondsAt(mid) === startOffset) lo = mid;
        else hi = mid;
      }
      change = hi;
    }
    const day: LocalDay = Object.freeze({ date, timeZone, start, end, startOffset, endOffset: lastOffset, change });
    this.days.set(date, day);
    return day;
  }

  /** The instant a local wall clock time (minutes after local midnight of `day`, may exceed 1440 or be negative) occurs. */
  localInstant(day: LocalDay, minutesAfterMidnight: number): number {
    if (minutesAfterMidnight >= 1440) return this.localInstant(this.localDay(addDays(day.date, 1)), minutesAfterMidnight - 1440);
    if (minutesAfterMidnight < 0) return this.localInstant(this.localDay(addDays(day.date, -1)), minutesAfterMidnight + 1440);
    const wall = utcMidnight(day.date) + minutesAfterMidnight * MINUTE;
    // The day's offsets are known: a wall time reads one of them (both in a fall-back overlap: the earlier instant).
    let best = Number.POSITIVE_INFINITY;
    for (const offset of [day.startOffset, day.endOffset]) {
      const t = wall - offset * 1000;
      if (t >= day.start && t < day.end && offsetIn(day, t) === offset && t < best) best = t;
    }
    // None: the wall time is in a DST gap.
    return best !== Number.POSITIVE_INFINITY ? best : this.wallToInstant(wall);
  }
}

/** A zone given by name (a Zone made for this call alone) or a Zone the caller keeps for its calls. */
export type ZoneLike = string | Zone;

const zoneOf = (zone: ZoneLike): Zone => (typeof zone === 'string' ? new Zone(zone) : zone);

/** UTC offset of `timeZone` at `epochMs`, in seconds (east positive). */
export const offsetSecondsAt = (timeZone: ZoneLike, epochMs: number): number => zoneOf(timeZone).offsetSecondsAt(epochMs);

/** The local calendar date (YYYY-MM-DD) of an instant. */
export const localDateOf = (timeZone: ZoneLike, epochMs: number): string => zoneOf(timeZone).localDateOf(epochMs);

/** The local calendar dates of `timeZone` that overlap the instants [fromMs, toMs] (inclusive), in order. */
export const localDatesBetween = (timeZone: ZoneLike, fromMs: number, toMs: number): string[] => zoneOf(timeZone).localDatesBetween(fromMs, toMs);

/** See Zone#wallToInstant. */
export const wallToInstant = (timeZone: ZoneLike, wallMs: number): number => zoneOf(timeZone).wallToInstant(wallMs);

/** The bounds and offsets of local day `date` in `timeZone`. */
export const localDay = (date: string, timeZone: ZoneLike): LocalDay => zoneOf(timeZone).localDay(date);

/** Offset (seconds) at an instant inside `day`. */
export const offsetIn = (day: LocalDay, epochMs: number): number =>
  day.change !== null && epochMs >= day.change ? day.endOffset : day.startOffset;

/** The instant a local wall clock time (minutes after local midnight of `day`, may exceed 1440 or be negative) occurs. */
export const localInstant = (day: LocalDay, minutesAfterMidnight: number, zone?: Zone): number =>
  (zone ?? new Zone(day.timeZone)).localInstant(day, minutesAfterMidnight);

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** Years 0000 to 9999: toISOString writes them with four digits (the fast path's fixed layout). */
const ISO_FIRST_MS = -62_167_219_200_000;
const ISO_END_MS = 253_402_300_800_000;

/** `YYYY-MM-DDT` of UTC day number `day` (days since 1970-01-01; years 0 to 9999), by arithmetic (H. Hinnant's civil_from_days). */
function isoDayPrefix(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}T`;
}

/** `iso` of a whole second of years 0000 to 9999, given its day's `YYYY-MM-DDT`. */
function isoOfSecond(epochMs: number, day: number, prefix: string): string {
  const seconds = (epochMs - day * DAY) / 1000;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds % 60]}+00:00`;
}

const isWholeSecondOfIsoYears = (epochMs: number) => epochMs % 1000 === 0 && epochMs >= ISO_FIRST_MS && epochMs < ISO_END_MS;

/** Any other instant: toISOString ends in `.sssZ` whether the year has 4 digits or is `+010000`. */
function isoOfAny(epochMs: number): string {
  const s = new Date(epochMs).toISOString();
  return epochMs % 1000 === 0 ? `${s.slice(0, -5)}+00:00` : `${s.slice(0, -1)}+00:00`;
}

/**
 * ISO 8601 in UTC as the API family writes it (`+00:00`; milliseconds only when not zero),
 * from arithmetic on the epoch milliseconds for whole seconds (Date#toISOString was a third
 * of a sync's CPU time). Samples are written by an IsoWriter, which also keeps its last day.
 */
export function iso(epochMs: number): string {
  if (!isWholeSecondOfIsoYears(epochMs)) return isoOfAny(epochMs);
  const day = Math.floor(epochMs / DAY);
  return isoOfSecond(epochMs, day, isoDayPrefix(day));
}

/**
 * `iso` for the samples of one call (a Timelines holds one): a day's samples are thousands of
 * whole seconds of the same UTC day, so the writer keeps the `YYYY-MM-DDT` of the last day
 * it wrote instead of working it out for each.
 */
export class IsoWriter {
  private day = Number.NaN;
  private prefix = '';

  iso(epochMs: number): string {
    if (!isWholeSecondOfIsoYears(epochMs)) return isoOfAny(epochMs);
    const day = Math.floor(epochMs / DAY);
    if (day !== this.day) {
      this.prefix = isoDayPrefix(day);
      this.day = day;
    }
    return isoOfSecond(epochMs, day, this.prefix);
  }
}

const digit = (text: string, at: number) => {
  const value = text.charCodeAt(at) - 48;
  return value >= 0 && value <= 9 ? value : -1;
};

const twoDigits = (text: string, at: number) => {
  const tens = digit(text, at);
  const units = digit(text, at + 1);
  return tens >= 0 && units >= 0 ? tens * 10 + units : -1;
};

/**
 * Date.parse, fast for what `iso` writes for whole seconds (`YYYY-MM-DDTHH:MM:SS+00:00`): the
 * date and time are read from their digits (as Date.parse reads them: months 01 to 12, days
 * 01 to 31, a day past the month's end running into the next); any other text goes through
 * Date.parse (NaN when it is not a date). Date.parse of every sample of both views of a day
 * was a quarter of a sync's CPU time, and a read tests every sample of its days.
 */
export function isoMs(timestamp: string): number {
  if (timestamp.length !== 25 || timestamp[4] !== '-' || timestamp[7] !== '-' || timestamp[10] !== 'T' || timestamp[13] !== ':' || timestamp[16] !== ':' || !timestamp.endsWith('+00:00')) {
    return Date.parse(timestamp);
  }
  const century = twoDigits(timestamp, 0);
  const yearInCentury = twoDigits(timestamp, 2);
  const month = twoDigits(timestamp, 5);
  const day = twoDigits(timestamp, 8);
  const hours = twoDigits(timestamp, 11);
  const minutes = twoDigits(timestamp, 14);
  const seconds = twoDigits(timestamp, 17);
  if (century < 0 || yearInCentury < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) {
    return Date.parse(timestamp);
  }
  return utcMs(century * 100 + yearInCentury, month - 1, day, hours, minutes, seconds);
}
