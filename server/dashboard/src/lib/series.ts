/**
 * The Data section's shaping: API summaries, timeseries and streams to the x /
 * series arrays the charts draw, with unit conversions. Pure (no DOM, no fetch),
 * typed structurally so the unit tests build inputs by hand:
 * test/dashboard/unit/series.test.ts.
 */
import { addDays, daysInclusive } from './format.js';
import { dayToUnix, timeToUnix, type ChartData, type SeriesData } from './chart-data.js';

interface Sourced {
  calendar_date: string;
  source: { provider: string };
}

/** The days of a range, both ends included, as `YYYY-MM-DD`. */
export function daysOf(from: string, to: string): string[] {
  const count = Math.max(0, daysInclusive(from, to));
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** The providers present in a list, in first-seen order. */
export const providersIn = (items: { source: { provider: string } }[]) => [...new Set(items.map((item) => item.source.provider))];

/**
 * A daily chart: x is each day of the range (00:00 UTC), one series per provider
 * (summed when a provider has several records a day), null on days without a value.
 */
export function dailyByProvider<T extends Sourced>(items: T[], from: string, to: string, pick: (item: T) => number | null | undefined, title: string, unit?: string): ChartData {
  const days = daysOf(from, to);
  const index = new Map(days.map((day, i) => [day, i]));
  const series: SeriesData[] = providersIn(items).map((provider) => {
    const values: (number | null)[] = days.map(() => null);
    for (const item of items) {
      if (item.source.provider !== provider) continue;
      const i = index.get(item.calendar_date);
      const value = pick(item);
      if (i === undefined || value === null || value === undefined || !Number.isFinite(value)) continue;
      values[i] = (values[i] ?? 0) + value;
    }
    return { label: provider, values, unit };
  });
  return { title, x: days.map(dayToUnix), series: series.filter((s) => s.values.some((v) => v !== null)) };
}

interface SleepLike extends Sourced {
  deep: number;
  light: number;
  rem: number;
  awake: number;
}

export const SLEEP_STAGES = ['deep', 'light', 'rem', 'awake'] as const;

/** Sleep stages per night (the sleep's calendar_date), in hours, summed over the night's sleeps: four series to stack. */
export function sleepStagesPerNight(sleeps: SleepLike[], from: string, to: string): ChartData {
  const days = daysOf(from, to);
  const index = new Map(days.map((day, i) => [day, i]));
  const series: SeriesData[] = SLEEP_STAGES.map((stage) => ({ label: stage, unit: 'h', values: days.map(() => null as number | null) }));
  for (const sleep of sleeps) {
    const i = index.get(sleep.calendar_date);
    if (i === undefined) continue;
    SLEEP_STAGES.forEach((stage, s) => {
      const values = series[s]!.values;
      values[i] = round((values[i] ?? 0) + sleep[stage] / 3600, 2);
    });
  }
  return { title: 'Sleep stages per night', name: 'sleep-stages', x: days.map(dayToUnix), series };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Sample {
  timestamp: string;
  value?: number | string | null;
}

/**
 * Timeseries groups (`{provider: [{source, data}]}`) as one line per provider on a
 * shared x (every sample time, ascending); a provider without a sample at a time
 * has null there. Non-numeric samples are left out.
 */
export function alignTimeseries(groups: Record<string, { data: Sample[] }[]>, title: string, unit?: string, name?: string): ChartData {
  const perProvider = Object.entries(groups).map(([provider, list]) => {
    const points = new Map<number, number>();
    for (const group of list) {
      for (const sample of group.data) {
        if (typeof sample.value !== 'number' || !Number.isFinite(sample.value)) continue;
        points.set(timeToUnix(sample.timestamp), sample.value);
      }
    }
    return { provider, points };
  });
  const x = [...new Set(perProvider.flatMap(({ points }) => [...points.keys()]))].sort((a, b) => a - b);
  const series = perProvider.filter(({ points }) => points.size > 0).map(({ provider, points }) => ({ label: provider, unit, values: x.map((t) => points.get(t) ?? null) }));
  return { title, name, x, series };
}

/** Pace in minutes per km from a speed in m/s (null when standing still or unknown). */
export function paceMinPerKm(speed: number | null | undefined): number | null {
  if (speed === null || speed === undefined || !Number.isFinite(speed) || speed <= 0.3) return null;
  return round(1000 / speed / 60, 2);
}

/** `5.5` min/km as `5:30 /km`. */
export function formatPace(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return '–';
  let whole = Math.floor(minutes);
  let seconds = Math.round((minutes - whole) * 60);
  if (seconds === 60) {
    whole += 1;
    seconds = 0;
  }
  return `${whole}:${String(seconds).padStart(2, '0')} /km`;
}

interface StreamLike {
  time: number[];
  heartrate?: (number | null)[];
  velocity_smooth?: (number | null)[];
}

/** A workout's stream as two charts: heart rate and pace (from velocity_smooth) over time. */
export function workoutStreamCharts(stream: StreamLike): { heartRate: ChartData; pace: ChartData } {
  const x = stream.time;
  const at = (values: (number | null)[] | undefined, i: number) => values?.[i] ?? null;
  return {
    heartRate: { title: 'Heart rate', name: 'workout-heartrate', x, series: stream.heartrate?.length ? [{ label: 'heart rate', unit: 'bpm', values: x.map((_, i) => at(stream.heartrate, i)) }] : [] },
    pace: { title: 'Pace', name: 'workout-pace', x, series: stream.velocity_smooth?.length ? [{ label: 'pace', unit: 'min/km', values: x.map((_, i) => paceMinPerKm(at(stream.velocity_smooth, i))) }] : [] },
  };
}

interface CycleLike {
  session_start: string;
  stage_start_offset_second: number[];
  stage_end_offset_second: number[];
  stage_type: number[];
}

/** Hypnogram levels, top to bottom as sleep charts draw them: awake, REM, light, deep. */
export const HYPNOGRAM_LEVELS: Record<number, string> = { 3: 'awake', 2: 'rem', 1: 'light', 0: 'deep' };
/** stage_type (1 deep, 2 light, 3 rem, 4 awake, 5 manual, -1 unknown) to its level (null: not drawn). */
const LEVEL_OF: Record<number, number> = { 1: 0, 2: 1, 3: 2, 4: 3 };

/**
 * A night's hypnogram as a step chart: a point at each stage's start with its level,
 * and one at the last stage's end; a gap between stages (or an unknown stage) is a break (null).
 */
export function hypnogram(cycle: CycleLike): ChartData {
  const start = timeToUnix(cycle.session_start);
  const x: number[] = [];
  const values: (number | null)[] = [];
  let lastEnd: number | null = null;
  cycle.stage_type.forEach((type, i) => {
    const from = start + cycle.stage_start_offset_second[i]!;
    const to = start + cycle.stage_end_offset_second[i]!;
    if (lastEnd !== null && from > lastEnd) {
      x.push(lastEnd);
      values.push(null);
    }
    x.push(from);
    values.push(LEVEL_OF[type] ?? null);
    lastEnd = to;
  });
  if (lastEnd !== null && values.length > 0) {
    x.push(lastEnd);
    values.push(values[values.length - 1]!);
  }
  return { title: 'Hypnogram', name: 'hypnogram', x, series: [{ label: 'stage', values }] };
}

/** Seconds spent in each stage of a cycle (deep, light, rem, awake). */
export function stageTotals(cycle: CycleLike): Record<(typeof SLEEP_STAGES)[number], number> {
  const totals = { deep: 0, light: 0, rem: 0, awake: 0 };
  cycle.stage_type.forEach((type, i) => {
    const stage = ({ 1: 'deep', 2: 'light', 3: 'rem', 4: 'awake' } as const)[type as 1 | 2 | 3 | 4];
    if (stage) totals[stage] += cycle.stage_end_offset_second[i]! - cycle.stage_start_offset_second[i]!;
  });
  return totals;
}

/** Meters as km with 2 decimals. */
export const metersToKm = (meters: number | null | undefined) => (meters === null || meters === undefined || !Number.isFinite(meters) ? null : round(meters / 1000, 2));
