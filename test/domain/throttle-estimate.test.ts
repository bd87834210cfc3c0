import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowance } from '../../server/domain/throttle/policy.js';
import { DEFAULT_PULL_MS, estimateBucketEnds, expectedPullMs, slotStartAt, windowStartAt, type QueuedOp } from '../../server/domain/throttle/estimate.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const op = (id: string, pending: number, running = 0, lastClaimMs: number | null = null): QueuedOp => ({ id, pending, running, lastClaimMs });

/** The next `n` start times as the worker would take them: each at the first moment `allowance` has room. */
function simulateWindowStarts(policy: { limit: number; windowMs: number }, recent: readonly number[], now: number, n: number): number[] {
  const starts = [...recent];
  const taken: number[] = [];
  let t = now;
  while (taken.length < n) {
    const room = allowance({ kind: 'window', ...policy }, starts, 0, t);
    if (room.startNow > 0) {
      starts.push(t);
      taken.push(t);
    } else {
      t = room.nextSlotAt!;
    }
  }
  return taken;
}

describe('windowStartAt', () => {
  it('when the window is empty, then the first limit starts are now and the next ones a window later each round', () => {
    const policy = { limit: 150, windowMs: 5 * MINUTE };
    expect([0, 149, 150, 299, 300].map((j) => windowStartAt(policy, [], T0, j) - T0)).toEqual([0, 0, 5 * MINUTE, 5 * MINUTE, 10 * MINUTE]);
  });

  it('when the window is full of recent starts, then each next start waits for the start limit places before it to leave', () => {
    const policy = { limit: 2, windowMs: MINUTE };
    const recent = [T0 - 50_000, T0 - 10_000];
    expect([0, 1, 2, 3].map((j) => windowStartAt(policy, recent, T0, j) - T0)).toEqual([10_000, 50_000, 70_000, 110_000]);
  });

  it('for any window, recent starts and count, then it is exactly when the worker could start each trigger under allowance()', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 20 * MINUTE }),
        fc.array(fc.integer({ min: 0, max: 30 * MINUTE }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 40 }),
        (limit, windowMs, ages, n) => {
          const policy = { limit, windowMs };
          const recent = ages.map((age) => T0 - age);
          const expected = simulateWindowStarts(policy, recent, T0, n);
          expect(expected.map((_, j) => windowStartAt(policy, recent, T0, j))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('slotStartAt', () => {
  it('when slots are free, then starts are now; then one pull later per round of slots', () => {
    expect([0, 2, 3, 6, 7].map((j) => slotStartAt(4, 1, T0, 500, j) - T0)).toEqual([0, 0, 500, 500, 1000]);
  });

  it('when more run than there are slots, then even the first start waits', () => {
    expect(slotStartAt(2, 5, T0, 100, 0) - T0).toBe(200);
  });
});

describe('estimateBucketEnds', () => {
  it('when an oura op has 300 pending on an empty window, then its last trigger starts after one window and ends a pull later', () => {
    const ends = estimateBucketEnds({ policy: { kind: 'window', limit: 150, windowMs: 5 * MINUTE }, recentStarts: [], ops: [op('a', 300)], now: T0, pullMs: 200, workers: 1000 });
    expect(ends.get('a')! - T0).toBe(5 * MINUTE + 200);
  });

  it('when an older op of the bucket still has pending triggers, then a newer op waits behind them', () => {
    const policy = { kind: 'window', limit: 1, windowMs: 15 * MINUTE } as const;
    const ends = estimateBucketEnds({ policy, recentStarts: [], ops: [op('older', 2), op('newer', 1)], now: T0, pullMs: 1000, workers: 16 });
    expect([ends.get('older')! - T0, ends.get('newer')! - T0]).toEqual([15 * MINUTE + 1000, 30 * MINUTE + 1000]);
  });

  it('when a concurrency policy allows more than the workers run, then the workers set the pace', () => {
    const ends = estimateBucketEnds({ policy: { kind: 'concurrency', limit: 250 }, recentStarts: [], ops: [op('a', 100, 16, T0 - 100)], now: T0, pullMs: 300, workers: 16 });
    // 16 running free their slots at T0 + 300; 100 more start in 7 rounds of 16 (the last at T0 + 7 * 300).
    expect(ends.get('a')! - T0).toBe(7 * 300 + 300);
  });

  it('when an op has only running triggers, then it ends a pull after their latest claim, never before now', () => {
    const policy = { kind: 'window', limit: 8, windowMs: MINUTE } as const;
    const ends = estimateBucketEnds({ policy, recentStarts: [T0 - 100], ops: [op('a', 0, 1, T0 - 100), op('b', 0, 1, T0 - 5000)], now: T0, pullMs: 1000, workers: 16 });
    expect([ends.get('a')! - T0, ends.get('b')! - T0]).toEqual([900, 0]);
  });

  it('for any bucket, then ends are never before now, and never earlier for an op queued behind another', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ kind: fc.constant('window' as const), limit: fc.integer({ min: 1, max: 200 }), windowMs: fc.integer({ min: 1, max: 20 * MINUTE }) }),
          fc.record({ kind: fc.constant('concurrency' as const), limit: fc.integer({ min: 1, max: 300 }) }),
        ),
        fc.array(fc.integer({ min: 0, max: 30 * MINUTE }), { maxLength: 20 }),
        fc.array(fc.record({ pending: fc.integer({ min: 1, max: 5000 }), running: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 64 }),
        (policy, ages, counts, pullMs, workers) => {
          const ops = counts.map((c, i) => op(`op${i}`, c.pending, c.running, c.running > 0 ? T0 : null));
          const ends = estimateBucketEnds({ policy, recentStarts: ages.map((age) => T0 - age), ops, now: T0, pullMs, workers });
          const list = ops.map((queued) => ends.get(queued.id)!);
          for (const end of list) expect(end).toBeGreaterThanOrEqual(T0 + pullMs);
          for (let i = 1; i < list.length; i++) expect(list[i]).toBeGreaterThanOrEqual(list[i - 1]! - pullMs);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('expectedPullMs', () => {
  it('when a positive average was measured, then it is used (rounded up); otherwise the default', () => {
    expect([expectedPullMs(12.2), expectedPullMs(null), expectedPullMs(0), expectedPullMs(-5), expectedPullMs(Number.NaN)]).toEqual([13, DEFAULT_PULL_MS, DEFAULT_PULL_MS, DEFAULT_PULL_MS, DEFAULT_PULL_MS]);
  });
});
