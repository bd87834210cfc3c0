import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../helpers/fake-clock.js';
import { maxStartsInAnyWindow } from '../helpers/windows.js';
import {
  allowance,
  DEFAULT_POLICY,
  policyFor,
  PROVIDER_POLICIES,
  startsInWindow,
  type ThrottlePolicy,
} from '../../server/domain/throttle/policy.js';
import { seededRandom } from '../../server/domain/synthetic/random.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

/** The classes of the Limits table, with a provider of each. */
const CLASSES: { name: string; provider: string; policy: ThrottlePolicy }[] = [
  { name: 'garmin: 2 per 1 minute', provider: 'garmin', policy: { kind: 'window', limit: 2, windowMs: MINUTE } },
  { name: 'fitbit: 250 at a time', provider: 'fitbit', policy: { kind: 'concurrency', limit: 250 } },
  { name: 'polar: 250 at a time', provider: 'polar', policy: { kind: 'concurrency', limit: 250 } },
  { name: 'strava: 1 per 15 minutes', provider: 'strava', policy: { kind: 'window', limit: 1, windowMs: 15 * MINUTE } },
  { name: 'oura: 150 per 5 minutes', provider: 'oura', policy: { kind: 'window', limit: 150, windowMs: 5 * MINUTE } },
  { name: 'withings: 8 per 1 minute', provider: 'withings', policy: { kind: 'window', limit: 8, windowMs: MINUTE } },
  { name: 'any other (wahoo): 8 per 1 minute', provider: 'wahoo', policy: { kind: 'window', limit: 8, windowMs: MINUTE } },
];

interface Run {
  start: number;
  end: number;
}

/**
 * A scheduler that follows `allowance` on a fake clock: at every moment something can change
 * (a window slot frees, a pull ends) it starts as many pending triggers as allowed, then
 * sleeps until the next such moment. Pull durations are random (seeded).
 */
async function simulate(policy: ThrottlePolicy, triggers: number, seed: string): Promise<{ runs: Run[]; clock: FakeClock }> {
  const clock = new FakeClock(T0);
  const random = seededRandom(seed);
  const runs: Run[] = [];
  let pending = triggers;
  let running: Run[] = [];
  while (pending > 0 || running.length > 0) {
    const now = clock.now();
    running = running.filter((run) => run.end > now);
    const starts = runs.map((run) => run.start);
    const { startNow } = allowance(policy, starts, running.length, now);
    const count = Math.min(startNow, pending);
    for (let i = 0; i < count; i += 1) {
      // From a few seconds to longer than the largest window: pulls overlap windows.
      const run = { start: now, end: now + Math.round(random.between(2_000, 20 * MINUTE)) };
      runs.push(run);
      running.push(run);
    }
    pending -= count;
    const wakes: number[] = [];
    if (pending > 0) {
      const after = allowance(policy, runs.map((run) => run.start), running.length, now);
      expect(after.startNow, 'allowance left unused while work is pending').toBe(0);
      if (after.nextSlotAt !== null) wakes.push(after.nextSlotAt);
    }
    if (running.length > 0) wakes.push(Math.min(...running.map((run) => run.end)));
    if (wakes.length === 0) break;
    const next = Math.min(...wakes);
    expect(next).toBeGreaterThan(now);
    void clock.sleep(next - now);
    clock.advanceTo(next);
  }
  return { runs, clock };
}

/** Triggers running at `time` (a run ending at `time` is over; one starting at it runs). */
const runningAt = (runs: readonly Run[], time: number) => runs.filter((run) => run.start <= time && run.end > time).length;

describe('throttle policies', () => {
  it('when looking up a provider, then the Limits table applies, and every other provider gets 8 per minute', () => {
    for (const c of CLASSES) expect(policyFor(c.provider)).toEqual(c.policy);
    expect(policyFor('google_fit')).toEqual(DEFAULT_POLICY);
    expect(policyFor('not_a_provider')).toEqual({ kind: 'window', limit: 8, windowMs: MINUTE });
    expect(Object.keys(PROVIDER_POLICIES).sort()).toEqual(['fitbit', 'garmin', 'oura', 'polar', 'strava', 'withings']);
  });

  it('when overrides are given, then windows scale and per-provider or default policies replace the table', () => {
    const overrides = { scale: 0.001, policies: { strava: { kind: 'window', limit: 3, windowMs: 1000 }, '*': { kind: 'concurrency', limit: 4 } } } as const;
    expect(policyFor('oura', overrides)).toEqual({ kind: 'window', limit: 150, windowMs: 300 });
    expect(policyFor('fitbit', overrides)).toEqual({ kind: 'concurrency', limit: 250 });
    expect(policyFor('strava', overrides)).toEqual({ kind: 'window', limit: 3, windowMs: 1 });
    expect(policyFor('wahoo', overrides)).toEqual({ kind: 'concurrency', limit: 4 });
  });
});

describe('allowance', () => {
  const oura: ThrottlePolicy = { kind: 'window', limit: 150, windowMs: 5 * MINUTE };

  it('when a window has room, then the room starts now', () => {
    expect(allowance(oura, [], 0, T0)).toEqual({ startNow: 150, nextSlotAt: T0 });
    expect(allowance(oura, Array(149).fill(T0 - 1000), 0, T0)).toEqual({ startNow: 1, nextSlotAt: T0 });
  });

  it('when a window is full, then nothing starts until the oldest counted start leaves it', () => {
    const starts = [...Array(100).fill(T0 - 4 * MINUTE), ...Array(50).fill(T0 - MINUTE)];
    expect(allowance(oura, starts, 0, T0)).toEqual({ startNow: 0, nextSlotAt: T0 + MINUTE });
    // Exactly one window later the start no longer counts.
    expect(allowance(oura, starts, 0, T0 + MINUTE).startNow).toBe(100);
    expect(allowance(oura, starts, 0, T0 + MINUTE - 1).startNow).toBe(0);
  });

  it('when a window holds more starts than the limit (a lowered limit), then it waits for the excess to leave', () => {
    const policy: ThrottlePolicy = { kind: 'window', limit: 2, windowMs: 1000 };
    expect(allowance(policy, [T0 - 900, T0 - 800, T0 - 700, T0 - 600], 0, T0)).toEqual({ startNow: 0, nextSlotAt: T0 - 700 + 1000 });
  });

  it('when a concurrency cap is reached, then nothing starts and no time is known', () => {
    const fitbit: ThrottlePolicy = { kind: 'concurrency', limit: 250 };
    expect(allowance(fitbit, [T0, T0], 250, T0)).toEqual({ startNow: 0, nextSlotAt: null });
    expect(allowance(fitbit, [], 249, T0)).toEqual({ startNow: 1, nextSlotAt: T0 });
    expect(allowance(fitbit, [], 0, T0)).toEqual({ startNow: 250, nextSlotAt: T0 });
  });

  it('for any starts and time, then starting the allowance fills the window exactly, and the next slot is the first moment with room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: -20_000, max: 0 }), { maxLength: 60 }),
        (limit, windowMs, offsets) => {
          const policy: ThrottlePolicy = { kind: 'window', limit, windowMs };
          const starts = offsets.map((offset) => T0 + offset);
          const counted = startsInWindow(policy, starts, T0).length;
          const { startNow, nextSlotAt } = allowance(policy, starts, 0, T0);
          expect(startNow).toBe(Math.max(0, limit - counted));
          const filled = [...starts, ...Array<number>(startNow).fill(T0)];
          const full = allowance(policy, filled, 0, T0);
          expect(full.startNow).toBe(0);
          expect(full.nextSlotAt!).toBeGreaterThan(T0);
          expect(allowance(policy, filled, 0, full.nextSlotAt! - 1).startNow).toBe(0);
          expect(allowance(policy, filled, 0, full.nextSlotAt!).startNow).toBeGreaterThan(0);
          if (startNow > 0) expect(nextSlotAt).toBe(T0);
        },
      ),
    );
  });
});

describe.each(CLASSES)('1,000 triggers under $name on a fake clock', ({ provider, policy }) => {
  it('then no sliding window (or moment) holds more than the allowance, and the allowance is used whenever work is pending', async () => {
    const { runs } = await simulate(policyFor(provider), 1000, `throttle:${provider}`);
    expect(runs).toHaveLength(1000);
    const starts = runs.map((run) => run.start);
    if (policy.kind === 'window') {
      expect(maxStartsInAnyWindow(starts, policy.windowMs)).toBe(policy.limit);
      // Never idle: the k-th burst of `limit` starts happens exactly k windows after the first.
      starts.forEach((start, i) => expect(start).toBe(T0 + Math.floor(i / policy.limit) * policy.windowMs));
    } else {
      const moments = [...new Set([...starts, ...runs.map((run) => run.end)])];
      expect(Math.max(...moments.map((time) => runningAt(runs, time)))).toBe(policy.limit);
      // Never idle: until the last trigger has started, exactly `limit` run at every moment.
      const lastStart = Math.max(...starts);
      for (const time of moments.filter((t) => t <= lastStart)) expect(runningAt(runs, time)).toBe(policy.limit);
      // Every trigger after the first `limit` starts the moment another ends.
      const ends = new Set(runs.map((run) => run.end));
      for (const start of starts.slice(policy.limit)) expect(ends.has(start)).toBe(true);
    }
  });
});

describe('fake clock', () => {
  it('when advanced, then sleepers wake in time order, and an aborted sleep ends at once', async () => {
    const clock = new FakeClock(T0);
    const woke: string[] = [];
    void clock.sleep(2000).then(() => woke.push('b'));
    void clock.sleep(1000).then(() => woke.push('a'));
    const controller = new AbortController();
    const aborted = clock.sleep(10_000, controller.signal).then(() => woke.push('aborted'));
    expect(clock.nextWakeAt()).toBe(T0 + 1000);
    expect(clock.advanceTo(T0 + 1500)).toBe(1);
    await Promise.resolve();
    expect(woke).toEqual(['a']);
    controller.abort();
    await aborted;
    expect(clock.advanceBy(600)).toBe(1);
    await Promise.resolve();
    expect(woke).toEqual(['a', 'aborted', 'b']);
    expect(clock.sleeping).toBe(0);
  });
});
