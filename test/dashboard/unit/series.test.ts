import { describe, expect, it } from 'vitest';
import { dayToUnix } from '../../../server/dashboard/src/lib/chart-data.js';
import {
  alignTimeseries,
  dailyByProvider,
  daysOf,
  formatPace,
  hypnogram,
  metersToKm,
  paceMinPerKm,
  sleepStagesPerNight,
  stageTotals,
  workoutStreamCharts,
} from '../../../server/dashboard/src/lib/series.js';

const activity = (calendar_date: string, provider: string, steps: number | null) => ({ calendar_date, source: { provider }, steps });

describe('daily summaries', () => {
  it('when a range is listed, then every day from start to end is there', () => {
    expect(daysOf('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysOf('2026-12-02', '2026-11-29')).toEqual([]);
  });

  it('when activity of two providers is charted, then one series each on every day of the range, null where a day has none', () => {
    const chart = dailyByProvider(
      [activity('2026-11-21', 'fitbit', 8000), activity('2026-11-23', 'fitbit', 6000), activity('2026-11-22', 'oura', 7000)],
      '2026-11-21',
      '2026-11-23',
      (a) => a.steps,
      'Daily steps',
      'steps',
    );
    expect(chart.x).toEqual(['2026-11-21', '2026-11-22', '2026-11-23'].map(dayToUnix));
    expect(chart.series).toEqual([
      { label: 'fitbit', unit: 'steps', values: [8000, null, 6000] },
      { label: 'oura', unit: 'steps', values: [null, 7000, null] },
    ]);
  });

  it('when a provider has only null values or days outside the range, then it has no series', () => {
    const chart = dailyByProvider([activity('2026-11-21', 'fitbit', null), activity('2026-10-01', 'oura', 5)], '2026-11-21', '2026-11-22', (a) => a.steps, 'Daily steps');
    expect(chart.series).toEqual([]);
  });

  it('when a night has a sleep and a nap, then the stages are summed per night in hours, four series in stacking order', () => {
    const sleep = (calendar_date: string, deep: number, light: number, rem: number, awake: number) => ({ calendar_date, source: { provider: 'oura' }, deep, light, rem, awake });
    const chart = sleepStagesPerNight([sleep('2026-11-22', 3600, 7200, 5400, 900), sleep('2026-11-22', 0, 1800, 0, 0), sleep('2026-11-23', 1800, 3600, 3600, 1800)], '2026-11-21', '2026-11-23');
    expect(chart.name).toBe('sleep-stages');
    expect(chart.series.map((s) => s.label)).toEqual(['deep', 'light', 'rem', 'awake']);
    expect(chart.series.map((s) => s.values)).toEqual([
      [null, 1, 0.5],
      [null, 2.5, 1],
      [null, 1.5, 1],
      [null, 0.25, 0.5],
    ]);
  });
});

describe('timeseries', () => {
  it('when two providers sampled at different times, then x is every time once, ascending, and each provider is null where it has no sample', () => {
    const chart = alignTimeseries(
      {
        fitbit: [{ data: [{ timestamp: '2026-11-22T10:00:00Z', value: 60 }, { timestamp: '2026-11-22T10:02:00Z', value: 62 }] }],
        oura: [{ data: [{ timestamp: '2026-11-22T10:01:00Z', value: 58 }, { timestamp: '2026-11-22T10:02:00Z', value: 59 }] }],
      },
      'Heart rate',
      'bpm',
      'day-heartrate',
    );
    const t = (time: string) => Date.parse(`2026-11-22T${time}Z`) / 1000;
    expect(chart.x).toEqual([t('10:00:00'), t('10:01:00'), t('10:02:00')]);
    expect(chart.series).toEqual([
      { label: 'fitbit', unit: 'bpm', values: [60, null, 62] },
      { label: 'oura', unit: 'bpm', values: [null, 58, 59] },
    ]);
    expect(chart.name).toBe('day-heartrate');
  });

  it('when samples are not numbers (notes) or a provider has none, then they are left out', () => {
    const chart = alignTimeseries({ manual: [{ data: [{ timestamp: '2026-11-22T10:00:00Z', value: 'felt fine' }] }], fitbit: [] }, 'Notes');
    expect(chart).toEqual({ title: 'Notes', name: undefined, x: [], series: [] });
  });
});

describe('workout streams', () => {
  it('when a speed is turned into pace, then m/s becomes min/km, and standing still has no pace', () => {
    expect(paceMinPerKm(1000 / 300)).toBe(5);
    expect(paceMinPerKm(2.8)).toBe(5.95);
    expect(paceMinPerKm(0)).toBeNull();
    expect(paceMinPerKm(null)).toBeNull();
    expect(formatPace(5.5)).toBe('5:30 /km');
    expect(formatPace(4.999)).toBe('5:00 /km');
    expect(formatPace(null)).toBe('–');
    expect(metersToKm(1234)).toBe(1.23);
  });

  it('when a stream is charted, then heart rate and pace share its time axis', () => {
    const { heartRate, pace } = workoutStreamCharts({ time: [100, 105, 110], heartrate: [120, 130, null], velocity_smooth: [1000 / 300, 0, 1000 / 360] });
    expect(heartRate).toMatchObject({ name: 'workout-heartrate', x: [100, 105, 110], series: [{ unit: 'bpm', values: [120, 130, null] }] });
    expect(pace).toMatchObject({ name: 'workout-pace', x: [100, 105, 110], series: [{ unit: 'min/km', values: [5, null, 6] }] });
  });

  it('when a stream has no heart rate or speed, then that chart has no series (shown as "No data")', () => {
    const { heartRate, pace } = workoutStreamCharts({ time: [1, 2], heartrate: [], velocity_smooth: [] });
    expect(heartRate.series).toEqual([]);
    expect(pace.series).toEqual([]);
  });
});

describe('hypnogram', () => {
  const cycle = {
    session_start: '2026-11-22T23:00:00Z',
    stage_start_offset_second: [0, 600, 3000, 6000, 7200],
    stage_end_offset_second: [600, 3000, 6000, 6600, 7500],
    stage_type: [4, 2, 1, 3, 4],
  };
  const start = Date.parse(cycle.session_start) / 1000;

  it('when a cycle is drawn, then each stage starts a step at its level, a gap is a break, and the last stage ends the line', () => {
    const chart = hypnogram(cycle);
    expect(chart.x).toEqual([start, start + 600, start + 3000, start + 6000, start + 6600, start + 7200, start + 7500]);
    // awake 3, light 1, deep 0, rem 2, (gap) null, awake 3, and the end repeats the last level.
    expect(chart.series[0]!.values).toEqual([3, 1, 0, 2, null, 3, 3]);
  });

  it('when a stage is unknown or manual, then it is not drawn as a level', () => {
    const chart = hypnogram({ session_start: cycle.session_start, stage_start_offset_second: [0, 60], stage_end_offset_second: [60, 120], stage_type: [-1, 5] });
    expect(chart.series[0]!.values).toEqual([null, null, null]);
  });

  it('when the stage totals are added up, then each stage gets its seconds', () => {
    expect(stageTotals(cycle)).toEqual({ deep: 3000, light: 2400, rem: 600, awake: 900 });
  });
});
