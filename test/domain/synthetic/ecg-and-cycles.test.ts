/**
 * ECG recordings and menstrual cycles agree with the timeseries they sit beside: a recording
 * with its voltage samples, a cycle with the basal body temperatures of its mornings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffDay, type DaySnapshot } from '../../../server/domain/data-sync/events.js';
import { generateDay, type PointSample } from '../../../server/domain/synthetic/day.js';
import { ECG_CLASSIFIABLE_BPM } from '../../../server/domain/synthetic/electrocardiogram.js';
import { decodeRecordId } from '../../../server/domain/synthetic/ids.js';
import { CYCLE_DAYS, OVULATION_DAY } from '../../../server/domain/synthetic/menstrual-cycle.js';
import { personOf } from '../../../server/domain/synthetic/person.js';
import { addDays } from '../../../server/domain/synthetic/time-zone.js';
import { ctxArb, dateArb, ms, RUNS, ZONES } from './helpers.js';

const ECG_PROVIDERS = ['kardia', 'withings', 'apple_health_kit'];
const CYCLE_PROVIDERS = ['oura', 'garmin', 'apple_health_kit', 'health_connect'];
const hasCycles = (userId: string) => { const p = personOf(userId); return p.sex === 'female' && p.age <= 52; };

/** Beats per minute read off a waveform: the R peaks are the samples above 0.5 mV that are local maxima (the other waves stay below). */
function beatsPerMinute(samples: readonly PointSample[]): number {
  const peaks: number[] = [];
  for (let i = 1; i < samples.length - 1; i += 1) {
    const v = samples[i]!.value;
    if (v > 0.5 && v >= samples[i - 1]!.value && v > samples[i + 1]!.value) peaks.push(ms(samples[i]!.timestamp));
  }
  const intervals = peaks.slice(1).map((t, i) => t - peaks[i]!);
  return 60_000 / (intervals.reduce((a, b) => a + b, 0) / intervals.length);
}

describe('synthetic ECG recordings', () => {
  it('when a day has a recording, then its summary counts its voltage samples, spans them, and reads their rate and rhythm', () => {
    let seen = 0;
    fc.assert(fc.property(ctxArb(ECG_PROVIDERS), (ctx) => {
      const day = generateDay({ ...ctx, resources: ['electrocardiogram', 'electrocardiogram_voltage'] });
      const samples = (day.timeseries.electrocardiogram_voltage ?? []) as PointSample[];
      expect(day.electrocardiogram.length).toBe(samples.length > 0 ? 1 : 0);
      const [ecg] = day.electrocardiogram;
      if (!ecg) return;
      seen += 1;
      expect(ecg.voltage_sample_count).toBe(samples.length);
      expect(ms(samples[0]!.timestamp)).toBe(ms(ecg.session_start));
      const last = ms(samples.at(-1)!.timestamp);
      expect(last).toBeLessThan(ms(ecg.session_end));
      expect(ms(ecg.session_end) - last).toBe(1000 / ecg.sampling_frequency_hz!);
      expect(decodeRecordId(ecg.id)).toMatchObject({ kind: 'electrocardiogram', provider: ctx.provider, date: ctx.date });
      if (ecg.classification === 'sinus_rhythm') {
        expect(Math.abs(beatsPerMinute(samples) - ecg.heart_rate_mean!)).toBeLessThan(1.5);
        expect(ecg.heart_rate_mean!).toBeGreaterThanOrEqual(ECG_CLASSIFIABLE_BPM.low);
        expect(ecg.heart_rate_mean!).toBeLessThanOrEqual(ECG_CLASSIFIABLE_BPM.high);
        expect(ecg.inconclusive_cause).toBeNull();
      } else {
        expect(ecg.classification).toBe('inconclusive');
        expect(ecg.inconclusive_cause).not.toBeNull();
      }
    }), { ...RUNS, numRuns: 150 });
    expect(seen).toBeGreaterThan(0);
  });

  it('when a recording has not ended at asOf, then its summary is not there yet; once it has, it is', () => {
    fc.assert(fc.property(ctxArb(['kardia']), (ctx) => {
      const whole = generateDay({ ...ctx, resources: ['electrocardiogram'] }).electrocardiogram[0];
      if (!whole) return;
      expect(generateDay({ ...ctx, resources: ['electrocardiogram'] }, new Date(ms(whole.session_end) - 1)).electrocardiogram).toEqual([]);
      expect(generateDay({ ...ctx, resources: ['electrocardiogram'] }, new Date(ms(whole.session_end))).electrocardiogram).toEqual([whole]);
    }), RUNS);
  });
});

describe('synthetic menstrual cycles', () => {
  /** Days of one person's life until a cycle ends. */
  function cycleOf(userId: string, provider: string, from: string, timeZone: string) {
    for (let i = 0; i < CYCLE_DAYS; i += 1) {
      const date = addDays(from, i);
      const [cycle] = generateDay({ userId, provider, date, timeZone, resources: ['menstrual_cycle'] }).menstrual_cycle;
      if (cycle) return { cycle, date };
    }
    return null;
  }

  it('when a person has cycles, then exactly one ends in every 28 days, spans 28 days, and its flow falls on its period', () => {
    fc.assert(fc.property(fc.uuid({ version: 4 }), fc.constantFrom(...CYCLE_PROVIDERS), dateArb, fc.constantFrom(...ZONES), (userId, provider, from, timeZone) => {
      const found = cycleOf(userId, provider, from, timeZone);
      expect(found !== null).toBe(hasCycles(userId));
      if (!found) return;
      const { cycle, date } = found;
      expect(cycle.cycle_end).toBe(date);
      expect(cycle.period_start).toBe(addDays(date, -(CYCLE_DAYS - 1)));
      expect(cycle.is_predicted).toBe(false);
      expect(cycle.menstrual_flow.map((f) => f.date)).toEqual(Array.from({ length: cycle.menstrual_flow.length }, (_, i) => addDays(cycle.period_start, i)));
      expect(cycle.menstrual_flow.at(-1)!.date).toBe(cycle.period_end);
      expect(cycle.menstrual_flow.length).toBeGreaterThanOrEqual(4);
      expect(cycle.menstrual_flow.every((f) => f.flow !== 'none')).toBe(true);
      for (const list of [cycle.cervical_mucus, cycle.ovulation_test, cycle.sexual_activity, cycle.basal_body_temperature]) {
        for (const entry of list) expect(entry.date >= cycle.period_start && entry.date <= cycle.cycle_end!).toBe(true);
      }
      const surge = cycle.ovulation_test.find((t) => t.test_result === 'luteinizing_hormone_surge');
      if (surge) expect(surge.date).toBe(addDays(cycle.period_start, OVULATION_DAY));
      expect(decodeRecordId(cycle.id)).toMatchObject({ kind: 'menstrual_cycle', provider, date });
      // The same person's cycle, whichever provider reports it.
      const other = CYCLE_PROVIDERS.find((p) => p !== provider)!;
      const seenByOther = generateDay({ userId, provider: other, date, timeZone, resources: ['menstrual_cycle'] }).menstrual_cycle[0]!;
      expect({ ...seenByOther.menstrual_flow, ...seenByOther.ovulation_test }).toEqual({ ...cycle.menstrual_flow, ...cycle.ovulation_test });
    }), { ...RUNS, numRuns: 30 });
  });

  it('when a provider delivers basal body temperature, then the cycle lists each morning\'s sample, higher after ovulation', () => {
    fc.assert(fc.property(fc.uuid({ version: 4 }).filter(hasCycles), fc.constantFrom('apple_health_kit', 'health_connect'), dateArb, fc.constantFrom(...ZONES), (userId, provider, from, timeZone) => {
      const { cycle } = cycleOf(userId, provider, from, timeZone)!;
      const samples = Array.from({ length: CYCLE_DAYS }, (_, i) => addDays(cycle.period_start, i)).flatMap((date) =>
        ((generateDay({ userId, provider, date, timeZone, resources: ['basal_body_temperature'] }).timeseries.basal_body_temperature ?? []) as PointSample[])
          .map((s) => ({ date, value: s.value })));
      expect(cycle.basal_body_temperature).toEqual(samples);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const follicular = cycle.basal_body_temperature.filter((e) => e.date <= addDays(cycle.period_start, OVULATION_DAY)).map((e) => e.value);
      const luteal = cycle.basal_body_temperature.filter((e) => e.date > addDays(cycle.period_start, OVULATION_DAY)).map((e) => e.value);
      expect(mean(luteal) - mean(follicular)).toBeGreaterThan(0.2);
    }), { ...RUNS, numRuns: 20 });
  });

  it('when a provider does not deliver basal body temperature, then the cycle lists none', () => {
    const userId = fc.sample(fc.uuid({ version: 4 }).filter(hasCycles), { numRuns: 1, seed: 7 })[0]!;
    const { cycle } = cycleOf(userId, 'oura', '2026-03-01', 'Europe/Berlin')!;
    expect(cycle.basal_body_temperature).toEqual([]);
  });

  it('when the last day of a cycle has not ended at asOf, then the cycle is not reported yet', () => {
    const userId = fc.sample(fc.uuid({ version: 4 }).filter(hasCycles), { numRuns: 1, seed: 11 })[0]!;
    const { date } = cycleOf(userId, 'garmin', '2026-05-01', 'America/New_York')!;
    const ctx = { userId, provider: 'garmin', date, timeZone: 'America/New_York', resources: ['menstrual_cycle' as const] };
    const cycle = generateDay(ctx).menstrual_cycle[0]!;
    expect(generateDay(ctx, new Date(ms(cycle.created_at) - 1)).menstrual_cycle).toEqual([]);
    expect(generateDay(ctx, new Date(ms(cycle.created_at))).menstrual_cycle).toEqual([cycle]);
  });
});

describe('events of ECG recordings and menstrual cycles', () => {
  it('when a sync first sees a recording or a cycle, then it emits daily.data.<resource>.created with the summary in data, and nothing when unchanged', () => {
    const empty: DaySnapshot = { activity: null, sleep: [], sleep_cycle: [], electrocardiogram: [], menstrual_cycle: [], body: null, workouts: [], meal: [], timeseries: {} };
    const provider = { id: 16, slug: 'apple_health_kit', name: 'Apple HealthKit', logo: 'https://example.com/logo.png', source_type: 'watch', streams: false };
    const ecg = { id: 'e1', session_start: '2026-03-01T10:00:00+00:00' };
    const cycle = { id: 'c1', period_start: '2026-02-02' };
    const after: DaySnapshot = { ...empty, electrocardiogram: [ecg], menstrual_cycle: [cycle] };
    const events = diffDay(empty, after, { userId: 'u1', provider });
    expect(events.map((e) => e.event_type)).toEqual(['daily.data.electrocardiogram.created', 'daily.data.menstrual_cycle.created']);
    expect(events[0]!.data).toMatchObject({ id: 'e1', user_id: 'u1', source: { provider: 'apple_health_kit' } });
    expect(diffDay(after, after, { userId: 'u1', provider })).toEqual([]);
  });
});
