import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateDay, TIMESERIES_KINDS, type DayData, type IntervalSample, type TimeseriesResource,
} from '../../../server/domain/synthetic/day.js';
import { asOfArb, bounds, ctxArb, ms } from './helpers.js';

const withoutUpdatedAt = <T extends { updated_at: string }>(record: T) => ({ ...record, updated_at: undefined });

/** Summaries of a day by id, every kind together. */
function summaries(day: DayData): Map<string, { updated_at: string; created_at: string }> {
  const all = [...(day.activity ? [day.activity] : []), ...day.sleep, ...day.sleep_cycle, ...(day.body ? [day.body] : []), ...day.workouts, ...day.meal];
  return new Map(all.map((s) => [s.id, s]));
}

const keyOf = (s: { timestamp: string }) => s.timestamp;

describe('synthetic days: what is visible as of an instant', () => {
  it('when the day is seen at t1 and again at t2 >= t1, then every record seen at t1 is still there with the same id, and only incomplete buckets and growing summaries changed', () => {
    fc.assert(fc.property(ctxArb().chain((ctx) => fc.tuple(fc.constant(ctx), asOfArb(ctx), asOfArb(ctx))), ([ctx, a, b]) => {
      const [t1, t2] = a <= b ? [a, b] : [b, a];
      const d1 = generateDay(ctx, new Date(t1));
      const d2 = generateDay(ctx, new Date(t2));
      const s1 = summaries(d1);
      const s2 = summaries(d2);
      for (const [id, r1] of s1) {
        const r2 = s2.get(id);
        expect(r2, `summary ${id} disappeared`).toBeDefined();
        expect(r2!.created_at).toBe(r1.created_at);
        expect(ms(r1.created_at)).toBeLessThanOrEqual(ms(r1.updated_at));
        expect(ms(r1.updated_at)).toBeLessThanOrEqual(t1);
        // updated_at moves exactly when the content changes.
        const same = JSON.stringify(withoutUpdatedAt(r1)) === JSON.stringify(withoutUpdatedAt(r2!));
        if (same) expect(r2!.updated_at).toBe(r1.updated_at);
        else expect(ms(r2!.updated_at)).toBeGreaterThan(t1);
      }
      if (d1.activity && d2.activity) {
        for (const field of ['steps', 'distance', 'calories_active', 'calories_total', 'floors_climbed', 'low', 'medium', 'high'] as const) {
          expect(d2.activity[field] ?? 0).toBeGreaterThanOrEqual(d1.activity[field] ?? 0);
        }
      }
      for (const [resource, samples] of Object.entries(d1.timeseries) as [TimeseriesResource, IntervalSample[]][]) {
        const later = new Map((d2.timeseries[resource] as IntervalSample[]).map((s) => [keyOf(s), s]));
        for (const s of samples) {
          const s2 = later.get(keyOf(s));
          expect(s2, `${resource} ${s.timestamp} disappeared`).toBeDefined();
          if (TIMESERIES_KINDS[resource] === 'bucket' && ms(s.end) > t1) {
            expect(s2!.value).toBeGreaterThanOrEqual(s.value);
            expect(s2!.start).toBe(s.start);
            expect(s2!.end).toBe(s.end);
          } else {
            expect(s2).toEqual(s);
          }
        }
      }
    }), { numRuns: 80 });
  }, 120_000);

  it('when asOf is a day after the local day ends, then the day is final: the same as without asOf', () => {
    fc.assert(fc.property(ctxArb(), (ctx) => {
      const day = bounds(ctx);
      expect(generateDay(ctx, new Date(day.end + 86_400_000))).toEqual(generateDay(ctx));
    }), { numRuns: 60 });
  }, 60_000);

  it('when asOf is before the local day starts, then nothing of the day is visible', () => {
    fc.assert(fc.property(ctxArb(), (ctx) => {
      const day = generateDay(ctx, new Date(bounds(ctx).start - 1000));
      expect(day.activity).toBeNull();
      expect(day.sleep).toEqual([]);
      expect(day.workouts).toEqual([]);
      expect(day.meal).toEqual([]);
      expect(day.body).toBeNull();
      for (const samples of Object.values(day.timeseries)) expect(samples).toEqual([]);
    }), { numRuns: 40 });
  });

  it('when a sleep has just ended, then it is tentative, and two hours later confirmed with the same id and stages', () => {
    fc.assert(fc.property(ctxArb(['fitbit', 'oura', 'garmin', 'eight_sleep']), (ctx) => {
      const final = generateDay(ctx);
      for (const sleep of final.sleep) {
        const stop = ms(sleep.bedtime_stop);
        expect(generateDay(ctx, new Date(stop - 1000)).sleep.find((s) => s.id === sleep.id)).toBeUndefined();
        const tentative = generateDay(ctx, new Date(stop)).sleep.find((s) => s.id === sleep.id)!;
        expect(tentative.state).toBe('tentative');
        expect(tentative.created_at).toBe(sleep.bedtime_stop);
        const confirmed = generateDay(ctx, new Date(stop + 2 * 3_600_000)).sleep.find((s) => s.id === sleep.id)!;
        expect(confirmed.state).toBe('confirmed');
        expect({ ...tentative, state: null, updated_at: null }).toEqual({ ...confirmed, state: null, updated_at: null });
        expect(ms(confirmed.updated_at)).toBe(stop + 2 * 3_600_000);
      }
    }), { numRuns: 40 });
  });

  it('when the current bucket is incomplete, then it holds the elapsed share of its final value', () => {
    const ctx = { userId: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', provider: 'fitbit', date: '2026-11-20', timeZone: 'Europe/Berlin' };
    const final = generateDay(ctx).timeseries.steps as IntervalSample[];
    const busy = final.reduce((best, s) => (s.value > best.value ? s : best));
    const half = ms(busy.start) + 7.5 * 60_000;
    const partial = (generateDay(ctx, new Date(half)).timeseries.steps as IntervalSample[]).find((s) => s.start === busy.start)!;
    expect(partial.value).toBe(Math.floor((busy.value * 7) / 15));
    expect(partial.end).toBe(busy.end);
  });
});
