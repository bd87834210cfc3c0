import { describe, expect, it } from 'vitest';
import { round } from '../../../server/domain/synthetic/round.js';

describe('round', () => {
  it('when a value rounds to its decimals, then it is the nearest one', () => {
    expect(round(36.6549, 2)).toBe(36.65);
    expect(round(-0.456, 2)).toBe(-0.46);
    expect(round(41.5)).toBe(42);
  });

  it('when a small negative value rounds to zero, then it is 0, not -0 (JSON has no -0: the value delivered is 0)', () => {
    expect(Object.is(round(-0.004, 2), 0)).toBe(true);
    expect(Object.is(round(-0.4), 0)).toBe(true);
  });
});
