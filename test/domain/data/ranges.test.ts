import { describe, expect, it } from 'vitest';
import { MAX_PLAIN_TIMESERIES_DAYS, MAX_RANGE_DAYS, parseBound, resolveProviderFilter, resolveRange } from '../../../server/domain/data/ranges.js';
import { dataTimeZone, localDate, newDataWindow } from '../../../server/domain/data/windows.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('read ranges', () => {
  it('when a bare date bounds the range, then it is 00:00 (start) or the last millisecond (end) of that day in the user zone', () => {
    expect(iso(parseBound('2026-11-21', 'start', 'UTC'))).toBe('2026-11-21T00:00:00.000Z');
    expect(iso(parseBound('2026-11-21', 'end', 'UTC'))).toBe('2026-11-21T23:59:59.999Z');
    expect(iso(parseBound('2026-11-21', 'start', 'Pacific/Kiritimati'))).toBe('2026-11-20T10:00:00.000Z');
    expect(iso(parseBound('2026-11-21', 'end', 'America/New_York'))).toBe('2026-11-22T04:59:59.999Z');
  });

  it('when the day is a DST change, then its bounds are 25 (fall back) or 23 (spring forward) hours apart', () => {
    const span = (day: string, zone: string) => (parseBound(day, 'end', zone)! + 1 - parseBound(day, 'start', zone)!) / 3_600_000;
    expect(span('2026-10-25', 'Europe/London')).toBe(25);
    expect(span('2026-03-29', 'Europe/London')).toBe(23);
    expect(span('2026-11-01', 'America/New_York')).toBe(25);
  });

  it('when a date-time has an offset, then it is that instant; without one, a wall time of the user zone', () => {
    expect(iso(parseBound('2026-11-21T10:30:00+02:00', 'start', 'UTC'))).toBe('2026-11-21T08:30:00.000Z');
    expect(iso(parseBound('2026-11-21T10:30:00Z', 'start', 'Asia/Tokyo'))).toBe('2026-11-21T10:30:00.000Z');
    expect(iso(parseBound('2026-11-21T10:30:00', 'start', 'Asia/Tokyo'))).toBe('2026-11-21T01:30:00.000Z');
    expect(iso(parseBound('2026-11-21T10:30:00.250Z', 'end', 'UTC'))).toBe('2026-11-21T10:30:00.250Z');
  });

  it('when a bound is no date, then it is refused', () => {
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-11-21T24:00:00Z', '2026-11-21T10:61Z', '20261121', '2026-11-21T10:00:00+16:00']) {
      expect(parseBound(bad, 'start', 'UTC'), bad).toBeNull();
    }
  });

  it('when a bound is at the edge of the calendar, a year below 100, an offset up to ±15:59 or a long fraction, then it is read; beyond the calendar, a 422 naming it, never an exception', () => {
    expect(iso(parseBound('0099-06-01', 'start', 'UTC'))).toBe('0099-06-01T00:00:00.000Z');
    expect(iso(parseBound('2026-11-27T10:00:00+15:00', 'start', 'UTC'))).toBe('2026-11-26T19:00:00.000Z');
    expect(iso(parseBound('2026-11-27T10:00:00.1234567Z', 'start', 'UTC'))).toBe('2026-11-27T10:00:00.123Z');
    expect(iso(parseBound('9999-12-31', 'end', 'America/New_York'))).toBe('+010000-01-01T04:59:59.999Z');
    const range = resolveRange({ start_date: '9999-12-31', end_date: '9999-12-31' }, 'America/New_York', NOW, MAX_RANGE_DAYS);
    expect(range).toEqual({ range: expect.objectContaining({ startDay: '9999-12-31', endDay: '9999-12-31' }) });
    expect(resolveRange({ start_date: '2026-11-25', end_date: '9999-12-31' }, 'UTC', NOW, MAX_RANGE_DAYS)).toEqual({ errors: [{ loc: 'end_date', msg: expect.stringMatching(/must not exceed 366 days/) }] });
    expect(resolveRange({ start_date: '9999-12-31T20:00:00-10:00', end_date: '9999-12-31T21:00:00-10:00' }, 'UTC', NOW, MAX_RANGE_DAYS)).toEqual({ errors: [
      { loc: 'start_date', msg: 'start_date must be within 0001-01-01 and 9999-12-31 in the user\'s time zone' },
      { loc: 'end_date', msg: 'end_date must be within 0001-01-01 and 9999-12-31 in the user\'s time zone' },
    ] });
    expect(resolveRange({ start_date: '0001-01-01', end_date: '0001-01-02' }, 'Pacific/Kiritimati', NOW, MAX_RANGE_DAYS)).toEqual({ range: expect.objectContaining({ startDay: '0001-01-01', endDay: '0001-01-02' }) });
  });

  it('when the range is resolved, then every violation names its parameter', () => {
    expect(resolveRange({}, 'UTC', NOW, MAX_RANGE_DAYS)).toEqual({ errors: [expect.objectContaining({ loc: 'start_date' })] });
    expect(resolveRange({ start_date: 'x', end_date: 'y' }, 'UTC', NOW, MAX_RANGE_DAYS)).toEqual({
      errors: [expect.objectContaining({ loc: 'start_date' }), expect.objectContaining({ loc: 'end_date' })],
    });
    expect(resolveRange({ start_date: '2026-11-21', end_date: '2026-11-20' }, 'UTC', NOW, MAX_RANGE_DAYS)).toEqual({
      errors: [{ loc: 'end_date', msg: 'end_date must not be before start_date' }],
    });
  });

  it('when the range spans the maximum number of local days, then it passes, and one day more is refused', () => {
    const ok = resolveRange({ start_date: '2025-11-22', end_date: '2026-11-22' }, 'Europe/London', NOW, MAX_RANGE_DAYS);
    expect(ok).toEqual({ range: expect.objectContaining({ startDay: '2025-11-22', endDay: '2026-11-22' }) });
    expect(resolveRange({ start_date: '2025-11-21', end_date: '2026-11-22' }, 'Europe/London', NOW, MAX_RANGE_DAYS)).toEqual({ errors: [expect.objectContaining({ loc: 'end_date' })] });
    expect(resolveRange({ start_date: '2026-10-01', end_date: '2026-10-31' }, 'UTC', NOW, MAX_PLAIN_TIMESERIES_DAYS)).toHaveProperty('range');
    expect(resolveRange({ start_date: '2026-10-01', end_date: '2026-11-01' }, 'UTC', NOW, MAX_PLAIN_TIMESERIES_DAYS)).toHaveProperty('errors');
  });

  it('when end_date is omitted, then the range ends now, on the local day of now', () => {
    expect(resolveRange({ start_date: '2026-11-23' }, 'Pacific/Kiritimati', NOW, MAX_RANGE_DAYS)).toEqual({
      range: { startMs: Date.parse('2026-11-22T10:00:00Z'), endMs: NOW.getTime(), startDay: '2026-11-23', endDay: '2026-11-24' },
    });
  });

  it("when the provider filter is empty, then every provider; a catalog slug, that one; anything else, a 422 naming provider", () => {
    expect(resolveProviderFilter(undefined)).toEqual({ provider: null });
    expect(resolveProviderFilter('')).toEqual({ provider: null });
    expect(resolveProviderFilter('oura')).toEqual({ provider: 'oura' });
    expect(resolveProviderFilter('ourra')).toEqual({ error: expect.objectContaining({ loc: 'provider' }) });
  });
});

describe('data windows', () => {
  it("when a connection is made, then its window starts on the connection's local day in the user zone (UTC when none or unknown)", () => {
    expect(newDataWindow('Pacific/Kiritimati', '2026-11-23T12:00:00.000Z')).toEqual({ history_start: '2026-11-24', opened_at: '2026-11-23T12:00:00.000Z' });
    expect(newDataWindow('America/Los_Angeles', '2026-11-23T05:00:00.000Z').history_start).toBe('2026-11-22');
    expect(newDataWindow(null, '2026-11-23T23:59:59.000Z').history_start).toBe('2026-11-23');
    expect(dataTimeZone('Not/AZone')).toBe('UTC');
    expect(localDate('UTC', new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });
});
