import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCommonDateTime, isDateTime, isStorableDate, isStorableDateTime } from '../../server/http/formats.js';

const full = (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate;

/** Strings near the common shape: each character of a valid timestamp may be replaced, dropped or doubled. */
const nearTimestamps = fc
  .tuple(
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.constantFrom('Z', '+00:00', '-05:30', '+14:00', '+15:59', '-16:00', '+23:59', '-24:00', '+0100', '+1600', 'z', '', '+1:00'),
    fc.constantFrom('', '.000', '.5', '.123456789', '.'),
    fc.array(fc.tuple(fc.nat(40), fc.constantFrom('drop', 'double', ...'0123456789-:.TtZ +x9'.split(''))), { maxLength: 3 }),
  )
  .map(([date, zone, fraction, edits]) => {
    let text = `${date.toISOString().slice(0, 19)}${fraction}${zone}`;
    for (const [at, edit] of edits) {
      const i = at % Math.max(1, text.length);
      text = edit === 'drop' ? text.slice(0, i) + text.slice(i + 1) : edit === 'double' ? text.slice(0, i) + text[i] + text.slice(i) : text.slice(0, i) + edit + text.slice(i + 1);
    }
    return text;
  });

describe('date-time format', () => {
  it('when a string is near the common shape or anything else, then the fast path accepts only what the full RFC 3339 check accepts, and the format is that check within year 0001 on and offsets of ±15:59', () => {
    fc.assert(
      fc.property(fc.oneof(nearTimestamps, fc.string()), (text) => {
        if (isCommonDateTime(text)) expect(full(text)).toBe(true);
        const offset = /([+-])(\d\d):?(\d\d)$/.exec(text);
        const instant = Date.parse(text);
        const edgeYear = text.startsWith('0001-') || text.startsWith('9999-');
        const inYears = !edgeYear || (instant >= Date.parse('0001-01-01T00:00:00Z') && instant <= Date.parse('9999-12-31T23:59:59.999Z'));
        const storable = !text.startsWith('0000') && (offset === null || Number(offset[2]) < 16) && inYears;
        expect(isDateTime(text)).toBe(full(text) && storable);
      }),
      { numRuns: 20_000 },
    );
  });

  it('when the server writes a timestamp, then the fast path accepts it without the full check; other valid shapes still pass through the full check', () => {
    for (const text of ['2026-11-23T08:15:00.000Z', '2024-02-29T23:59:59Z', '2026-01-01T00:00:00+14:00', '2026-06-30T12:00:00.5-05:30']) {
      expect(isCommonDateTime(text)).toBe(true);
    }
    for (const text of ['2026-11-23 08:15:00Z', '2026-11-23t08:15:00z', '2016-12-31T23:59:60Z', '2026-11-23T08:15:00+0100']) {
      expect(isCommonDateTime(text)).toBe(false);
      expect(isDateTime(text)).toBe(true);
    }
    for (const text of ['2023-02-29T00:00:00Z', '2026-11-23T24:00:00Z', '2026-11-23T08:15:00', '2026-11-23T08:15:00+24:00', '2026-13-01T00:00:00Z']) {
      expect(isDateTime(text)).toBe(false);
    }
  });

  it('when a valid RFC 3339 date-time is one no database timestamp holds (year 0000, an offset beyond ±15:59, an instant outside years 0001 to 9999 in UTC), then it is refused; the bounds themselves pass', () => {
    for (const text of ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59.999+01:00', '2026-01-01T00:00:00+16:00', '2026-01-01T00:00:00-23:59', '2026-01-01T00:00:00+1600', '9999-12-31T23:59:59-00:01', '0001-01-01T00:00:00+01:00']) {
      expect(full(text)).toBe(true);
      expect(isStorableDateTime(text)).toBe(false);
      expect(isDateTime(text)).toBe(false);
    }
    for (const text of ['0001-01-01T00:00:00Z', '0001-01-01T01:00:00+01:00', '9999-12-31T23:59:59+00:00', '9999-12-31T08:00:00-15:59', '2026-01-01T00:00:00+15:59', '2026-01-01T00:00:00-15:59', '2026-01-01T00:00:00-1559', '9999-12-31T23:59:59.999z']) {
      expect(isDateTime(text)).toBe(true);
    }
  });
});

describe('date format', () => {
  it('when a date is a real calendar day from year 1 on, then it is storable; 1986-02-30 and year 0000 are not', () => {
    expect(isStorableDate('2024-02-29')).toBe(true);
    expect(isStorableDate('1986-02-30')).toBe(false);
    expect(isStorableDate('0000-01-01')).toBe(false);
    expect(isStorableDate('2026-1-01')).toBe(false);
  });

  it('when a string is near a date or anything else, then it is storable exactly when it reads YYYY-MM-DD in ASCII digits and names that day of year 1 or later', () => {
    // The reference: the pattern's parts put into a Date, which must give them back.
    const reference = (text: string) => {
      const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
      if (!match) return false;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(0);
      date.setUTCFullYear(year, month - 1, day);
      return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    };
    const nearDates = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.array(fc.tuple(fc.nat(12), fc.constantFrom('drop', 'double', ...'0123456789-/ x\u0660'.split(''))), { maxLength: 2 }))
      .map(([year, month, day, edits]) => {
        let text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        for (const [at, edit] of edits) {
          const i = at % text.length;
          text = edit === 'drop' ? text.slice(0, i) + text.slice(i + 1) : edit === 'double' ? text.slice(0, i) + text[i] + text.slice(i) : text.slice(0, i) + edit + text.slice(i + 1);
        }
        return text;
      });
    fc.assert(
      fc.property(fc.oneof(nearDates, fc.string()), (text) => {
        expect(isStorableDate(text)).toBe(reference(text));
      }),
      { numRuns: 20_000, examples: [['2024-02-29'], ['2023-02-29'], ['1900-02-29'], ['2000-02-29'], ['0001-01-01'], ['9999-12-31'], ['2026-04-31'], ['2026-00-10'], ['2026-12-00']] },
    );
  });
});
