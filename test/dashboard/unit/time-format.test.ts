import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, formatDuration, parseInstant, relativeTime } from '../../../server/dashboard/src/lib/time-format.js';

describe('formatDuration', () => {
  it('when given durations, then at most the two largest units are shown', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(3_600_000 * 2 + 5 * 60_000 + 7000)).toBe('2 h 5 min');
    expect(formatDuration(86_400_000 + 3 * 3_600_000)).toBe('1 d 3 h');
  });

  it('when a unit in between is zero, then the smaller ones are dropped instead of skipping to them', () => {
    expect(formatDuration(3_600_000 + 30_000)).toBe('1 h');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  it('when the target is ahead, behind or within a second, then in / ago / now', () => {
    expect(relativeTime(new Date('2026-11-22T09:00:30Z'), now)).toBe('in 30 s');
    expect(relativeTime(new Date('2026-11-22T08:55:00Z'), now)).toBe('5 min ago');
    expect(relativeTime(new Date('2026-11-22T09:00:00.400Z'), now)).toBe('now');
  });
});

describe('clockTime and dateTime', () => {
  it('when a zone is given, then the wall clock of that zone is shown, 24-hour', () => {
    const at = new Date('2026-11-22T21:05:09Z');
    expect(clockTime(at, 'UTC')).toBe('21:05:09');
    expect(clockTime(at, 'Asia/Tokyo')).toBe('06:05:09');
    expect(dateTime(at, 'UTC')).toBe('2026-11-22 21:05:09');
  });
});

describe('parseInstant', () => {
  it('when the value is missing or unreadable, then null', () => {
    expect(parseInstant(null)).toBeNull();
    expect(parseInstant(undefined)).toBeNull();
    expect(parseInstant('not a date')).toBeNull();
    expect(parseInstant('2026-11-22T09:00:00Z')?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });
});
