/** Rules of the user record that the schema cannot express. */

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
