import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * The string formats the validator checks with rules of our own (requests and responses alike).
 *
 * - `date`: a calendar date (`1986-02-30` is not one) from year 1 on; year 0000 passes the
 *   full format check but no database date holds it.
 * - `date-time`: ajv-formats' full RFC 3339 check (a time zone required), and within what a
 *   database timestamp holds: from year 1 on (as `date`) and with an offset within ±15:59 (RFC
 *   3339 allows ±23:59; PostgreSQL refuses more than 15:59), naming an instant of years 0001
 *   to 9999 in UTC (the years toISOString writes in four digits). Anything else would reach the
 *   database and fail there instead of being a 422 at its location. It has a fast
 *   path for the shape the server itself writes (`2026-11-23T08:15:00.000Z`, `...+01:00`): a
 *   data read's body carries a timestamp per sample, hundreds per response, and the full check
 *   (a split, two regular expressions) was a third of the cost of validating it. The fast
 *   path only ever accepts what the full check accepts; anything else (another separator, a
 *   leap second, an offset without a colon, an invalid string) goes to the full check.
 */
export const SERVER_FORMATS = {
  date: { type: 'string', validate: isStorableDate },
  'date-time': { type: 'string', validate: isDateTime },
} as const;

export function isStorableDate(value: string): boolean {
  // Read by character codes, as isCommonDateTime reads a timestamp's date: every summary of a
  // data read carries its day, and a regular expression's match and a Date for each took over
  // ten times as long.
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const century = twoDigits(value, 0);
  const yearOfCentury = twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (century < 0 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1) return false;
  const year = century * 100 + yearOfCentury;
  return year >= 1 && day <= daysInMonth(year, month);
}

const fullDateTime = (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate;

export function isDateTime(value: string): boolean {
  return (isCommonDateTime(value) || fullDateTime(value)) && isStorableDateTime(value);
}

/** PostgreSQL's largest time zone offset, 15:59, in minutes. */
const MAX_OFFSET_MINUTES = 15 * 60 + 59;

/** The first and last instants a date-time input may name: years 0001 to 9999 in UTC. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * For a string the RFC 3339 check accepts: true when a database timestamp holds it (year
 * 0001 or later, offset within ±15:59) and its instant is within years 0001 to 9999 in UTC.
 */
export function isStorableDateTime(value: string): boolean {
  if (value.startsWith('0000')) return false;
  const length = value.length;
  const last = value.charCodeAt(length - 1);
  if (last === 90 || last === 122) return true; // Z or z: UTC
  // The offset ends the value: `±HH:MM`, or `±HHMM` (the full check takes both).
  const hoursAt = value.charCodeAt(length - 3) === 58 ? length - 5 : length - 4;
  if (twoDigits(value, hoursAt) * 60 + twoDigits(value, length - 2) > MAX_OFFSET_MINUTES) return false;
  // In the first and last year an offset can move the instant out of years 0001 to 9999, which
  // a timestamp written as text (toISOString) does not hold: 9999-12-31T23:00:00-02:00.
  if (value.startsWith('0001-') || value.startsWith('9999-')) {
    const instant = Date.parse(value);
    return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
  }
  return true;
}


const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The days of `month` (1 to 12) of `year` in the proleptic Gregorian calendar, as Date counts them. */
const daysInMonth = (year: number, month: number) => (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month]!);
const ZERO = 48;

/** The value of the two digits at `at`, or -1 when they are not digits. */
function twoDigits(value: string, at: number): number {
  const tens = value.charCodeAt(at) - ZERO;
  const ones = value.charCodeAt(at + 1) - ZERO;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/**
 * `YYYY-MM-DDTHH:MM:SS`, optional `.` and digits, then `Z` or `±HH:MM`, with a real calendar
 * day, hours 00-23, minutes and seconds 00-59 and an offset within ±23:59: true only for
 * strings the full check accepts. False means "not this shape", not "invalid"; true is not
 * yet "storable" (isDateTime checks that too).
 */
export function isCommonDateTime(value: string): boolean {
  const length = value.length;
  if (length < 20 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(10) !== 84 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return false;
  const century = twoDigits(value, 0);
  const yearOfCentury = twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (century < 0 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1) return false;
  if (day > daysInMonth(century * 100 + yearOfCentury, month)) return false;
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  let at = 19;
  if (value.charCodeAt(at) === 46) {
    at += 1;
    const digitsFrom = at;
    while (at < length && value.charCodeAt(at) >= ZERO && value.charCodeAt(at) <= ZERO + 9) at += 1;
    if (at === digitsFrom) return false;
  }
  if (at === length - 1) return value.charCodeAt(at) === 90;
  if (at !== length - 6) return false;
  const sign = value.charCodeAt(at);
  if ((sign !== 43 && sign !== 45) || value.charCodeAt(at + 3) !== 58) return false;
  const offsetHours = twoDigits(value, at + 1);
  const offsetMinutes = twoDigits(value, at + 4);
  return offsetHours >= 0 && offsetHours <= 23 && offsetMinutes >= 0 && offsetMinutes <= 59;
}
