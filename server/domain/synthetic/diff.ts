/**
 * What changed in a day between two views of it (asOf = t1, then t2 >= t1):
 * the summaries that appeared or changed, identified by `id`, and the samples
 * that appeared or changed, identified by their compound key (resource,
 * provider, source type, timestamp; within one connection the timestamp).
 * A sync turns this into `daily.data.*.created` / `.updated` events. Records
 * never disappear as asOf grows, so there are no deletions.
 */
import type { TimeseriesResource } from './resources.js';
import type { ActivitySummary, BodySummary, DayData, Electrocardiogram, MealSummary, MenstrualCycle, SleepCycle, SleepSummary, TimeseriesSample, WorkoutSummary } from './types.js';

export type DiffSummary =
  | { resource: 'activity'; record: ActivitySummary }
  | { resource: 'sleep'; record: SleepSummary }
  | { resource: 'sleep_cycle'; record: SleepCycle }
  | { resource: 'electrocardiogram'; record: Electrocardiogram }
  | { resource: 'menstrual_cycle'; record: MenstrualCycle }
  | { resource: 'body'; record: BodySummary }
  | { resource: 'workouts'; record: WorkoutSummary }
  | { resource: 'meal'; record: MealSummary };

export interface DayDiff {
  created: DiffSummary[];
  updated: DiffSummary[];
  /** Samples new at t2, by resource, in time order. */
  samplesCreated: Partial<Record<TimeseriesResource, TimeseriesSample[]>>;
  /** Samples whose value changed (the bucket that was incomplete at t1), by resource. */
  samplesUpdated: Partial<Record<TimeseriesResource, TimeseriesSample[]>>;
}

function summariesOf(day: DayData): DiffSummary[] {
  return [
    ...(day.activity ? [{ resource: 'activity' as const, record: day.activity }] : []),
    ...day.sleep.map((record) => ({ resource: 'sleep' as const, record })),
    ...day.sleep_cycle.map((record) => ({ resource: 'sleep_cycle' as const, record })),
    ...day.electrocardiogram.map((record) => ({ resource: 'electrocardiogram' as const, record })),
    ...day.menstrual_cycle.map((record) => ({ resource: 'menstrual_cycle' as const, record })),
    ...(day.body ? [{ resource: 'body' as const, record: day.body }] : []),
    ...day.workouts.map((record) => ({ resource: 'workouts' as const, record })),
    ...day.meal.map((record) => ({ resource: 'meal' as const, record })),
  ];
}

/** Changes from `before` (null: nothing known yet) to `after`, two views of the same connection and day. */
export function diffDays(before: DayData | null, after: DayData): DayDiff {
  const diff: DayDiff = { created: [], updated: [], samplesCreated: {}, samplesUpdated: {} };
  const known = new Map((before ? summariesOf(before) : []).map((s) => [s.record.id, JSON.stringify(s.record)]));
  for (const s of summariesOf(after)) {
    const previous = known.get(s.record.id);
    if (previous === undefined) diff.created.push(s);
    else if (previous !== JSON.stringify(s.record)) diff.updated.push(s);
  }
  for (const [resource, samples] of Object.entries(after.timeseries) as [TimeseriesResource, TimeseriesSample[]][]) {
    const old = new Map((before?.timeseries[resource] ?? []).map((s) => [s.timestamp, JSON.stringify(s)]));
    const created: TimeseriesSample[] = [];
    const updated: TimeseriesSample[] = [];
    for (const s of samples) {
      const previous = old.get(s.timestamp);
      if (previous === undefined) created.push(s);
      else if (previous !== JSON.stringify(s)) updated.push(s);
    }
    if (created.length > 0) diff.samplesCreated[resource] = created;
    if (updated.length > 0) diff.samplesUpdated[resource] = updated;
  }
  return diff;
}

/** True when nothing changed. */
export const isEmptyDiff = (diff: DayDiff): boolean =>
  diff.created.length === 0 && diff.updated.length === 0 && Object.keys(diff.samplesCreated).length === 0 && Object.keys(diff.samplesUpdated).length === 0;
