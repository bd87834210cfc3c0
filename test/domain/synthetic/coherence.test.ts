import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateDay, generateSleepStream, generateWorkoutStream, TIMESERIES_UNITS, timeseriesResourcesFor, isIntervalResource,
  summaryResourcesFor, type IntervalSample, type PointSample, type TimeseriesResource,
} from '../../../server/domain/synthetic/day.js';
import { offsetSecondsAt, localDateOf } from '../../../server/domain/synthetic/time-zone.js';
import { timelineOf } from '../../../server/domain/synthetic/timeline.js';
import { bounds, ctxArb, ms, RUNS, tenths } from './helpers.js';

const WEARABLES = ['fitbit', 'oura', 'garmin', 'apple_health_kit', 'whoop_v2', 'polar', 'samsung_health', 'health_connect', 'withings', 'ultrahuman'];
const WORKOUT_PROVIDERS = ['fitbit', 'strava', 'peloton', 'zwift', 'wahoo', 'polar', 'apple_health_kit', 'garmin', 'runkeeper'];
const SLEEP_PROVIDERS = ['fitbit', 'oura', 'garmin', 'eight_sleep', 'whoop_v2', 'apple_health_kit', 'withings', 'ultrahuman', 'polar'];

const values = (samples: unknown[] | undefined) => (samples as PointSample[] | undefined ?? []).map((s) => s.value);

describe('synthetic days: coherence across resources', () => {
  it('when a day is generated, then activity steps, distance, calories and floors equal the sums of their samples', () => {
    fc.assert(fc.property(ctxArb(WEARABLES), (ctx) => {
      const day = generateDay(ctx);
      const a = day.activity;
      if (!a) return;
      const ts = day.timeseries;
      if (ts.steps) expect(a.steps).toBe(values(ts.steps).reduce((x, y) => x + y, 0));
      if (ts.distance) expect(Math.round((a.distance ?? 0) * 10)).toBe(tenths(values(ts.distance)));
      if (ts.calories_active) expect(Math.round((a.calories_active ?? 0) * 10)).toBe(tenths(values(ts.calories_active)));
      if (ts.calories_active && ts.calories_basal) {
        expect(Math.round((a.calories_total ?? 0) * 10)).toBe(tenths(values(ts.calories_active)) + tenths(values(ts.calories_basal)));
      }
      if (ts.floors_climbed) expect(a.floors_climbed).toBe(values(ts.floors_climbed).reduce((x, y) => x + y, 0));
      if (ts.heartrate && ts.heartrate.length > 0) {
        const hr = values(ts.heartrate);
        expect(a.heart_rate?.min_bpm).toBe(Math.min(...hr));
        expect(a.heart_rate?.max_bpm).toBe(Math.max(...hr));
        expect(a.heart_rate?.avg_bpm).toBe(Math.round(hr.reduce((x, y) => x + y, 0) / hr.length));
      }
    }), RUNS);
  });

  it('when a sleep is generated, then its stages tile the session and its deep/light/rem/awake equal its sleep_cycle stages and stream hypnogram', () => {
    fc.assert(fc.property(ctxArb(SLEEP_PROVIDERS), (ctx) => {
      const day = generateDay(ctx);
      expect(day.sleep.length).toBeGreaterThanOrEqual(1);
      for (const sleep of day.sleep) {
        const duration = (ms(sleep.bedtime_stop) - ms(sleep.bedtime_start)) / 1000;
        expect(sleep.duration).toBe(duration);
        expect(sleep.total + sleep.awake).toBe(duration);
        expect(sleep.deep + sleep.light + sleep.rem).toBe(sleep.total);
        expect(duration).toBeGreaterThanOrEqual(15 * 60);
        expect(duration).toBeLessThanOrEqual(10.5 * 3600);
        const stream = generateSleepStream(ctx, sleep.id)!;
        const cycle = day.sleep_cycle.find((c) => c.sleep_id === sleep.id);
        const stages = cycle
          ? cycle.stage_type.map((type, i) => ({ type, start: cycle.stage_start_offset_second[i]!, end: cycle.stage_end_offset_second[i]! }))
          : stream.hypnogram.map((h) => ({ type: h.value, start: (ms(h.start) - ms(sleep.bedtime_start)) / 1000, end: (ms(h.end) - ms(sleep.bedtime_start)) / 1000 }));
        if (cycle) {
          expect(summaryResourcesFor(ctx.provider)).toContain('sleep_cycle');
          expect(cycle.session_start).toBe(sleep.bedtime_start);
          expect(cycle.session_end).toBe(sleep.bedtime_stop);
        }
        expect(stages[0]!.start).toBe(0);
        expect(stages[stages.length - 1]!.end).toBe(duration);
        for (let i = 1; i < stages.length; i += 1) expect(stages[i]!.start).toBe(stages[i - 1]!.end);
        const sum = (type: number) => stages.filter((s) => s.type === type).reduce((acc, s) => acc + s.end - s.start, 0);
        expect({ deep: sum(1), light: sum(2), rem: sum(3), awake: sum(4) }).toEqual({ deep: sleep.deep, light: sleep.light, rem: sleep.rem, awake: sleep.awake });
        // The stream hypnogram is the same stages as intervals.
        expect(stream.hypnogram.map((h) => [h.value, (ms(h.start) - ms(sleep.bedtime_start)) / 1000, (ms(h.end) - ms(sleep.bedtime_start)) / 1000]))
          .toEqual(stages.map((s) => [s.type, s.start, s.end]));
        if (stream.heartrate.length > 0) {
          expect(sleep.hr_lowest).toBe(Math.min(...values(stream.heartrate)));
          expect(sleep.hr_average).toBe(Math.round(values(stream.heartrate).reduce((x, y) => x + y, 0) / stream.heartrate.length));
        }
      }
    }), RUNS);
  });

  it('when a workout is generated, then average_hr, max_hr, hr_zones and distance agree with its stream', () => {
    fc.assert(fc.property(ctxArb(WORKOUT_PROVIDERS), (ctx) => {
      for (const w of generateDay(ctx).workouts) {
        const stream = generateWorkoutStream(ctx, w.id)!;
        expect(stream).not.toBeNull();
        const n = stream.time.length;
        expect(n).toBe((ms(w.time_end) - ms(w.time_start)) / 10_000);
        expect(stream.time[0]).toBe(ms(w.time_start) / 1000);
        for (const key of ['heartrate', 'lat', 'lng', 'altitude', 'velocity_smooth', 'cadence', 'distance', 'power', 'resistance', 'temperature'] as const) {
          expect([0, n]).toContain(stream[key].length);
        }
        expect(w.average_hr).toBe(Math.round(stream.heartrate.reduce((a, b) => a + b, 0) / n));
        expect(w.max_hr).toBe(Math.max(...stream.heartrate));
        expect(w.hr_zones!.reduce((a, b) => a + b, 0)).toBe(n * 10);
        if (stream.distance.length > 0) expect(w.distance).toBe(stream.distance[n - 1]);
        else expect(w.distance).toBeNull();
        expect(w.max_hr!).toBeGreaterThan(w.average_hr! - 1);
        // The day's heart rate shows the workout: its samples inside the workout are the stream's values.
        for (const s of (generateDay({ ...ctx, resources: ['heartrate'] }).timeseries.heartrate ?? []) as PointSample[]) {
          const t = ms(s.timestamp);
          if (t >= ms(w.time_start) && t < ms(w.time_end) && (t - ms(w.time_start)) % 10_000 === 0) {
            expect(s.value).toBe(stream.heartrate[(t - ms(w.time_start)) / 10_000]);
          }
        }
      }
    }), RUNS);
  });

  it('when any provider day is generated, then only claimed resources appear, with the API units, inside the local day, with its offsets', () => {
    fc.assert(fc.property(ctxArb(), (ctx) => {
      const day = generateDay(ctx);
      const claimed = new Set(timeseriesResourcesFor(ctx.provider));
      const { start, end } = bounds(ctx);
      // Plain checks collected into one list: thousands of expect() calls per day (an ECG) are slow.
      const problems: string[] = [];
      const check = (ok: boolean, what: string) => { if (!ok) problems.push(what); };
      for (const [resource, samples] of Object.entries(day.timeseries) as [TimeseriesResource, unknown[]][]) {
        check(claimed.has(resource), `${resource} not claimed`);
        let previous = -Infinity;
        (samples as (PointSample & Partial<IntervalSample> & { systolic?: number; diastolic?: number })[]).forEach((sample, index) => {
          const at = `${resource}[${index}]`;
          check(sample.unit === TIMESERIES_UNITS[resource], `${at} unit ${sample.unit}`);
          const t = ms(sample.timestamp);
          check(t >= start && t < end, `${at} outside the day`);
          check(t > previous, `${at} out of order or a duplicate timestamp (the sample key)`);
          previous = t;
          // Intl is slow: check the offset and local date on a spread of samples.
          if (index % 17 === 0 || index === samples.length - 1) {
            check(sample.timezone_offset === offsetSecondsAt(ctx.timeZone, t), `${at} offset ${sample.timezone_offset}`);
            check(localDateOf(ctx.timeZone, t) === ctx.date, `${at} local date`);
          }
          if (isIntervalResource(resource)) {
            check(sample.start === sample.timestamp && ms(sample.end!) >= t, `${at} interval ${sample.start}..${sample.end}`);
          } else {
            check(sample.start === undefined, `${at} has a start`);
          }
          if (resource === 'blood_pressure') check(sample.systolic! > sample.diastolic! && sample.diastolic! > 40, `${at} bp`);
          else if (resource !== 'note') check(Number.isFinite(sample.value), `${at} value ${sample.value}`);
          if (resource === 'heartrate') check(sample.value >= 38 && sample.value <= 220, `${at} hr ${sample.value}`);
          if (resource === 'glucose') check(sample.value > 2.5 && sample.value < 20, `${at} glucose ${sample.value}`);
        });
      }
      expect(problems).toEqual([]);
    }), { numRuns: 150 });
  }, 120_000);

  it('when a CGM provider reports glucose, then it rises after each meal above the fasting level', () => {
    fc.assert(fc.property(ctxArb(['ultrahuman', 'dexcom_v3', 'freestyle_libre']), (ctx) => {
      const day = generateDay(ctx);
      const glucose = (day.timeseries.glucose ?? []) as PointSample[];
      expect(glucose.length).toBeGreaterThanOrEqual(90);
      // The person eats whether or not the provider records meals: the day's plan has them.
      const meals = timelineOf(ctx).plan.meals;
      expect(meals.length).toBeGreaterThanOrEqual(3);
      const fasting = Math.min(...glucose.map((s) => s.value));
      for (const meal of meals.filter((m) => m.carbs >= 40)) {
        const t = meal.time;
        const after = glucose.filter((s) => ms(s.timestamp) > t && ms(s.timestamp) <= t + 2 * 3_600_000);
        if (after.length > 3) expect(Math.max(...after.map((s) => s.value))).toBeGreaterThan(fasting + 0.8);
      }
    }), RUNS);
  });

  it('when a population of days is generated, then its figures are physiologically plausible', () => {
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    const steps: number[] = [];
    const resting: number[] = [];
    const deepShare: number[] = [];
    const remShare: number[] = [];
    const asleepHours: number[] = [];
    const fasting: number[] = [];
    for (let u = 0; u < 30; u += 1) {
      for (const date of ['2026-05-04', '2026-05-05', '2026-05-06']) {
        const day = generateDay({ userId: `population-${u}`, provider: 'ultrahuman', date, timeZone: 'America/Chicago' });
        steps.push(day.activity!.steps!);
        resting.push(day.activity!.heart_rate!.resting_bpm!);
        for (const s of day.sleep.filter((x) => x.type === 'long_sleep')) {
          deepShare.push(s.deep / s.total);
          remShare.push(s.rem / s.total);
          asleepHours.push(s.total / 3600);
        }
        fasting.push(Math.min(...values(day.timeseries.glucose)));
      }
    }
    expect(median(steps)).toBeGreaterThan(5000);
    expect(median(steps)).toBeLessThan(14000);
    expect(Math.min(...resting)).toBeGreaterThanOrEqual(38);
    expect(median(resting)).toBeGreaterThan(42);
    expect(median(resting)).toBeLessThan(70);
    expect(median(deepShare)).toBeGreaterThan(0.1);
    expect(median(deepShare)).toBeLessThan(0.3);
    expect(median(remShare)).toBeGreaterThan(0.12);
    expect(median(remShare)).toBeLessThan(0.3);
    expect(median(asleepHours)).toBeGreaterThan(6);
    expect(median(asleepHours)).toBeLessThan(8.5);
    expect(Math.min(...fasting)).toBeGreaterThan(3.5);
    expect(median(fasting)).toBeLessThan(6.1);
  });
});
