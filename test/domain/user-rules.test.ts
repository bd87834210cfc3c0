import { describe, expect, it } from 'vitest';
import { userSearch } from '../../server/domain/users/search.js';
import { birthDateProblem, ingestionBoundsAreOrdered, isKnownTimeZone, looksLikePersonalData } from '../../server/domain/users/rules.js';

describe('client_user_id personal data rule', () => {
  it.each(['maria@example.com', 'user-maria.lopez@example.co.uk', 'id maria@example.com'])('when it contains an e-mail address (%s), then it is personal data', (value) => {
    expect(looksLikePersonalData(value)).toBe('email');
  });
  it.each(['+14155550123', '415-555-0123', '(415) 555 0123', '0044 20 7946 0958'])('when it is a phone number (%s), then it is personal data', (value) => {
    expect(looksLikePersonalData(value)).toBe('phone');
  });
  it.each(['patient-000123', 'a1b2c3', '123456', 'user_42', '2026-11-22-abc', '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10'])('when it is an opaque reference (%s), then it is accepted', (value) => {
    expect(looksLikePersonalData(value)).toBeNull();
  });
});

describe('time zones and ingestion bounds', () => {
  it('when the zone is an IANA id, then it is known', () => {
    expect(isKnownTimeZone('Europe/London')).toBe(true);
    expect(isKnownTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
  });
  it('when the zone is an IANA link or legacy name (Etc/GMT, the UTC-offset zones, GMT, EST5EDT), then it is known', () => {
    // Etc/GMT is what a client picks for "UTC+0" from the Etc/GMT±N family; the runtime resolves it to UTC.
    for (const zone of ['Etc/GMT', 'Etc/GMT+5', 'Etc/GMT-14', 'Etc/UTC', 'GMT', 'US/Eastern', 'EST5EDT', 'europe/london']) {
      expect(isKnownTimeZone(zone), zone).toBe(true);
    }
  });
  it('when the zone is made up, then it is unknown', () => {
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('+25:00')).toBe(false);
    // An offset is not an IANA name, even where the runtime accepts it as a time zone.
    expect(isKnownTimeZone('+05:00')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
  it('when the start is after the end, then the bounds are refused', () => {
    expect(ingestionBoundsAreOrdered('2026-02-01', '2026-01-01')).toBe(false);
    expect(ingestionBoundsAreOrdered('2026-01-01', '2026-01-01')).toBe(true);
    expect(ingestionBoundsAreOrdered(null, '2026-01-01')).toBe(true);
  });
});

describe('userSearch (the users list search)', () => {
  it('when the text is a UUID in any case, then it also names that user id, lower-cased; the text is kept as sent', () => {
    expect(userSearch('6B1C5C1E-0CBB-4C58-9C7B-2C1D0E8F7A10')).toEqual({ contains: '6B1C5C1E-0CBB-4C58-9C7B-2C1D0E8F7A10', user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10' });
  });

  it.each(['patient-0001', '', '6b1c5c1e-0cbb-4c58-9c7b', ' 6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10'])('when the text %j is not a UUID, then it names no user id', (text) => {
    expect(userSearch(text)).toEqual({ contains: text, user_id: null });
  });
});

describe('birthDateProblem (the date of birth of user info and of an order\'s patient)', () => {
  // 2026-06-01 at 11:00 UTC: it is already 2026-06-02 in UTC+14 (Kiribati's Line Islands).
  const now = new Date('2026-06-01T11:00:00Z');

  it('when the date is today anywhere on Earth, or any earlier day of the last 150 years, then it is accepted', () => {
    for (const dob of ['2026-06-02', '2026-06-01', '1986-04-21', '1876-06-02']) expect(birthDateProblem(dob, now), dob).toBeNull();
  });

  it('when the date has not begun anywhere yet, then it is in the future', () => {
    expect(birthDateProblem('2026-06-03', now)).toBe('The date of birth 2026-06-03 is in the future: it may be at most 2026-06-02 (today in UTC+14, the time zone furthest ahead)');
    expect(birthDateProblem('2099-01-01', now)).toMatch(/in the future/);
  });

  it('when the date is more than 150 years before today, then it is refused', () => {
    expect(birthDateProblem('1876-06-01', now)).toBe('The date of birth 1876-06-01 is more than 150 years ago: it may be at the earliest 1876-06-02');
    expect(birthDateProblem('0001-01-01', now)).toMatch(/more than 150 years ago/);
  });

  it('when today is 29 February, then the earliest date 150 years before is compared as text and 1 March of that year is accepted', () => {
    const leap = new Date('2028-02-29T00:00:00Z');
    expect(birthDateProblem('1878-03-01', leap)).toBeNull();
    expect(birthDateProblem('1878-02-28', leap)).toMatch(/more than 150 years ago/);
  });
});
