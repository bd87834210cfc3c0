/** Rules of the user record (and of a person's data) that the schema cannot express. */

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

/**
 * A client user id must not carry personal data. It is rejected when it
 * contains an e-mail address, or when it is a phone number: only digits and
 * phone punctuation, with 7 to 15 digits (E.164 allows at most 15).
 */
export function looksLikePersonalData(clientUserId: string): 'email' | 'phone' | null {
  if (EMAIL.test(clientUserId)) return 'email';
  const value = clientUserId.trim();
  if (PHONE_CHARACTERS.test(value)) {
    const digits = value.replace(/\D/g, '').length;
    if (digits >= 7 && digits <= 15) return 'phone';
  }
  return null;
}

/**
 * Whether `id` names an IANA time zone this runtime knows: a canonical name, a link such as `Etc/GMT`,
 * `GMT` or `US/Eastern`, or a legacy name such as `EST5EDT`, in any letter case. UTC offsets (`+05:00`),
 * which newer runtimes also accept as a time zone, are not IANA names.
 */
export function isKnownTimeZone(id: string): boolean {
  if (!/^[A-Za-z]/.test(id)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

/** Ingestion bounds are inclusive dates; the start may not be after the end. */
export function ingestionBoundsAreOrdered(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || start <= end;
}

/** The oldest a person may be: a date of birth at most this many years before today. */
export const MAX_AGE_YEARS = 150;

/** How far the time zone furthest ahead (UTC+14, the Line Islands) is ahead of UTC. */
const FURTHEST_AHEAD_MS = 14 * 3_600_000;

/**
 * The rule of a date of birth (`YYYY-MM-DD`, a calendar date), for user info and an order's patient
 * alike: not after today, and not more than MAX_AGE_YEARS years before it. Today is the date in
 * UTC+14, where a day begins first, so a child born today anywhere on Earth can be a patient. The
 * earliest date is today's month and day MAX_AGE_YEARS years back, compared as text (29 February
 * of a year without one lets 1 March in). The problem as a message, or null.
 */
export function birthDateProblem(dob: string, now: Date): string | null {
  const today = new Date(now.getTime() + FURTHEST_AHEAD_MS).toISOString().slice(0, 10);
  if (dob > today) return `The date of birth ${dob} is in the future: it may be at most ${today} (today in UTC+14, the time zone furthest ahead)`;
  const earliest = `${String(Number(today.slice(0, 4)) - MAX_AGE_YEARS).padStart(4, '0')}${today.slice(4)}`;
  if (dob < earliest) return `The date of birth ${dob} is more than ${MAX_AGE_YEARS} years ago: it may be at the earliest ${earliest}`;
  return null;
}
