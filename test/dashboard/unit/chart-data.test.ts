import { describe, expect, it } from 'vitest';
import { dayToUnix, hasData, slug, stack, timeToUnix } from '../../../server/dashboard/src/lib/chart-data.js';

describe('chart data', () => {
  it('when a title is slugified, then it is lowercase words joined by dashes', () => {
    expect(slug('Daily steps')).toBe('daily-steps');
    expect(slug('  Heart rate (bpm) ')).toBe('heart-rate-bpm');
  });

  it('when every value is null or there is no x, then there is no data to draw', () => {
    expect(hasData({ title: 't', x: [1, 2], series: [{ label: 'a', values: [null, null] }] })).toBe(false);
    expect(hasData({ title: 't', x: [], series: [] })).toBe(false);
    expect(hasData({ title: 't', x: [1], series: [{ label: 'a', values: [0] }] })).toBe(true);
  });

  it('when series are stacked, then each is the running sum, a null adds nothing, and an x with no value stays null', () => {
    const stacked = stack([
      { label: 'deep', values: [1, null, null] },
      { label: 'light', values: [2, 3, null] },
      { label: 'rem', values: [0.5, 1, null] },
    ]);
    expect(stacked.map((s) => s.values)).toEqual([
      [1, null, null],
      [3, 3, null],
      [3.5, 4, null],
    ]);
    expect(stacked.map((s) => s.label)).toEqual(['deep', 'light', 'rem']);
  });

  it('when dates and date-times are turned into unix seconds, then they are UTC seconds', () => {
    expect(dayToUnix('1970-01-02')).toBe(86_400);
    expect(timeToUnix('1970-01-01T00:01:00+00:00')).toBe(60);
  });
});
