import { describe, expect, it } from 'vitest';
import { isHighlighted, resultFlags, resultsSummary } from '../../../server/dashboard/src/lib/result-flags.js';

describe('resultFlags', () => {
  it('when a result is within range, then it has no flag and is not highlighted', () => {
    const result = { interpretation: 'normal', is_above_max_range: false, is_below_min_range: false };
    expect(resultFlags(result)).toEqual([]);
    expect(isHighlighted(result)).toBe(false);
  });

  it('when a result is above its range and critical, then both flags', () => {
    expect(resultFlags({ interpretation: 'critical', is_above_max_range: true, is_below_min_range: false })).toEqual(['high', 'critical']);
  });

  it('when below range and abnormal, then only the range flag (abnormal is implied)', () => {
    expect(resultFlags({ interpretation: 'abnormal', is_above_max_range: false, is_below_min_range: true })).toEqual(['low']);
  });

  it('when abnormal without a range (a coded answer), then abnormal', () => {
    expect(resultFlags({ interpretation: 'abnormal', is_above_max_range: null, is_below_min_range: null })).toEqual(['abnormal']);
    expect(isHighlighted({ interpretation: 'abnormal' })).toBe(true);
  });
});

describe('resultsSummary', () => {
  it('when results are mixed, then the counts of each kind', () => {
    expect(
      resultsSummary([
        { interpretation: 'critical', is_above_max_range: true },
        { interpretation: 'abnormal', is_below_min_range: true },
        { interpretation: 'normal' },
      ]),
    ).toBe('3 results: 1 critical, 2 out of range');
  });

  it('when every result is normal, then it says so', () => {
    expect(resultsSummary([{ interpretation: 'normal' }])).toBe('1 result, all within range');
  });
});
