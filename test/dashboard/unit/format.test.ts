import { describe, expect, it } from 'vitest';
import { addDays, daysInclusive, formatDateTime, formatDuration, formatNumber, isoDate, lastDays, rangeProblem, readableDetail } from '../../../server/dashboard/src/lib/format.js';

describe('readableDetail', () => {
  it('when the detail is a text, then it is the message as-is', () => {
    expect(readableDetail(401, 'Invalid API key.')).toBe('Invalid API key.');
  });

  it('when the detail is a 422 list, then each issue reads "<field path>: <msg>" without the location kind', () => {
    const detail = [
      { loc: ['body', 'client_user_id'], msg: 'Field required', type: 'missing' },
      { loc: ['query', 'limit'], msg: 'must be <= 500', type: 'maximum' },
    ];
    expect(readableDetail(422, detail)).toBe('client_user_id: Field required; limit: must be <= 500');
  });

  it('when a 422 issue has no field (the whole body), then only its msg is shown', () => {
    expect(readableDetail(422, [{ loc: ['body'], msg: 'Invalid JSON', type: 'json_invalid' }])).toBe('Invalid JSON');
  });

  it('when there is no detail, then the status explains itself (0 is an unreachable server)', () => {
    expect(readableDetail(0, undefined)).toBe('The server could not be reached.');
    expect(readableDetail(404, '')).toBe('Not found.');
    expect(readableDetail(418, null)).toBe('The request failed (HTTP 418).');
  });

  it('when the detail is another object, then it is shown as JSON rather than "[object Object]"', () => {
    expect(readableDetail(400, { reason: 'x' })).toBe('{"reason":"x"}');
  });
});

describe('dates and durations', () => {
  it('when a date-time is formatted, then it reads in UTC to the minute, and an unparsable one is kept', () => {
    expect(formatDateTime('2026-11-23T14:05:59+02:00')).toBe('2026-11-23 12:05 UTC');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('when seconds are formatted, then seconds, minutes or hours with padded minutes', () => {
    expect(formatDuration(35)).toBe('35 s');
    expect(formatDuration(42 * 60 + 10)).toBe('42 min');
    expect(formatDuration(7 * 3600 + 5 * 60)).toBe('7 h 05 min');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(Number.NaN)).toBe('–');
  });

  it('when numbers are formatted, then thousands are separated and missing values are a dash', () => {
    expect(formatNumber(12345.678, 1)).toBe('12,345.7');
    expect(formatNumber(null)).toBe('–');
  });

  it('when days are added across a month and a leap day, then the calendar is followed', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysInclusive('2026-11-17', '2026-11-23')).toBe(7);
    expect(isoDate(new Date('2026-11-23T23:59:00Z'))).toBe('2026-11-23');
  });

  it('when the default range is asked, then it is the last N days ending today, both included', () => {
    expect(lastDays(new Date('2026-11-23T10:00:00Z'), 7)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
  });
});

describe('rangeProblem', () => {
  it('when the range is valid and within the limit, then there is no problem', () => {
    expect(rangeProblem('2026-10-24', '2026-11-23', 31)).toBeNull();
  });

  it('when the range is longer than the limit, reversed, or a date is invalid, then it says which', () => {
    expect(rangeProblem('2026-10-23', '2026-11-23', 31)).toBe('At most 31 days at once.');
    expect(rangeProblem('2026-11-24', '2026-11-23', 31)).toBe('The start date is after the end date.');
    expect(rangeProblem('2026-02-30', '2026-03-02', 31)).toBe('Both dates are needed (YYYY-MM-DD).');
    expect(rangeProblem('', '2026-03-02', 31)).toBe('Both dates are needed (YYYY-MM-DD).');
  });
});
