/**
 * generateDay: one connection's data for one local calendar day, as the
 * provider would have delivered it by `asOf`. Pure and deterministic: the
 * same context and asOf always give the same records, ids and timestamps.
 */
import { recordId, profileId } from './ids.js';
import { providerTraits, personOf, sourceOf } from './person.js';
import type { SleepPlan, WorkoutPlan } from './plan.js';
import {
  isSummaryResource, isTimeseriesResource, summaryResourcesFor, timeseriesResourcesFor,
  type SummaryResource, type TimeseriesResource,
} from './resources.js';
import { seededRandom } from './random.js';
import {
  grid, intervalSample, pointSample, sleepIdOf, sleepSignals, sleepValuesOf, timelineAt, type SleepValues, workoutFiguresOf, workoutIdOf, workoutStreamOf,
} from './streams.js';
import { extraSeries, bodyOf, mealsOf, tempDeltaOf } from './extras.js';
import { electrocardiogramOf } from './electrocardiogram.js';
import { menstrualCycleOf } from './menstrual-cycle.js';
import { HR_STEP_MS, Timelines, type Bucket, type Timeline } from './timeline.js';
import { HOUR, MINUTE, iso, utcMidnight } from './time-zone.js';
import { round } from './round.js';
import type {
  ActivitySummary, DayContext, DayData, IntervalSample, PointSample, ProfileSummary, SleepCycle, SleepStream,
  SleepSummary, SourceContext, TimeseriesSample, WorkoutStream, WorkoutSummary,
} from './types.js';

export type {
  ActivitySummary, BloodPressureSample, BodySummary, DayContext, DayData, IntervalSample, MealSummary, NoteSample, PointSample,
  ProfileSummary, SleepCycle, SleepStream, SleepSummary, SourceContext, TimeseriesSample, WorkoutStream, WorkoutSummary,
} from './types.js';
export {
  SUMMARY_RESOURCES, TIMESERIES_KINDS, TIMESERIES_RESOURCES, TIMESERIES_UNITS, hasWorkoutStream, isIntervalResource,
  isSummaryResource, isTimeseriesResource, summaryResourcesFor, timeseriesResourcesFor,
  type SampleKind, type SummaryResource, type TimeseriesResource,
} from './resources.js';
export { decodeRecordId, recordId, recordIdMatches, type DecodedRecordId, type RecordKind } from './ids.js';

/** A sleep turns from `tentative` to `confirmed` this long after it ended. */
export const SLEEP_CONFIRM_MS = 2 * HOUR;

export { Timelines } from './timeline.js';

function validate(ctx: DayContext, timelines: Timelines): void {
  utcMidnight(ctx.date); // throws RangeError on a malformed date
  try {
    timelines.zone(ctx.timeZone);
  } catch {
    throw new RangeError(`Unknown time zone: ${ctx.timeZone}`);
  }
}

const timelineFor = (ctx: DayContext, timelines: Timelines) => timelines.of({ userId: ctx.userId, provider: ctx.provider, date: ctx.date, timeZone: ctx.timeZone });

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Value of a bucket quantity as of `asOf`: the whole value once the bucket ended, else the elapsed share (floored). */
function partial(value: number, b: Bucket, asOf: number): { value: number; changedAt: number | null } {
  if (value === 0) return { value: 0, changedAt: null };
  if (asOf >= b.end) return { value, changedAt: b.end };
  const length = Math.max(1, Math.round((b.end - b.start) / MINUTE));
  const elapsed = Math.min(length, Math.floor((asOf - b.start) / MINUTE));
  const p = Math.floor((value * elapsed) / length);
  // The first whole minute at which the partial value reached p.
  return { value: p, changedAt: p === 0 ? null : b.start + Math.floor((p * length + value - 1) / value) * MINUTE };
}

type BucketField = 'steps' | 'pushes' | 'distanceDm' | 'activeDk' | 'basalDk' | 'floors' | 'lowMin' | 'mediumMin' | 'highMin';

const BUCKET_SERIES: Partial<Record<TimeseriesResource, { field: BucketField; scale: number; unit: string }>> = {
  steps: { field: 'steps', scale: 1, unit: 'count' },
  wheelchair_push: { field: 'pushes', scale: 1, unit: 'count' },
  distance: { field: 'distanceDm', scale: 10, unit: 'm' },
  calories_active: { field: 'activeDk', scale: 10, unit: 'kcal' },
  calories_basal: { field: 'basalDk', scale: 10, unit: 'kcal' },
  floors_climbed: { field: 'floors', scale: 1, unit: 'count' },
};

function bucketSamples(tl: Timeline, resource: TimeseriesResource, asOf: number): IntervalSample[] {
  const spec = BUCKET_SERIES[resource]!;
  const out: IntervalSample[] = [];
  for (const b of tl.buckets()) {
    if (b.start > asOf) break;
    const { value } = partial(b[spec.field], b, asOf);
    if (value > 0) out.push(intervalSample(tl, b.start, b.end, value / spec.scale, spec.unit));
  }
  return out;
}

/** The continuous heart rate of the day visible at asOf, as numbers. */
function heartRateValues(tl: Timeline, asOf: number): { times: number[]; values: number[] } {
  const all = tl.heartRate();
  let n = all.times.length;
  while (n > 0 && all.times[n - 1]! > asOf) n -= 1;
  return n === all.times.length ? all : { times: all.times.slice(0, n), values: all.values.slice(0, n) };
}

function heartRateSamples(tl: Timeline, asOf: number): PointSample[] {
  const { times, values } = heartRateValues(tl, asOf);
  const continuous = times.map((t, i) => pointSample(tl, t, values[i]!, 'bpm'));
  const spot = extraSeries(tl, 'heartrate', asOf) as PointSample[];
  return spot.length === 0 ? continuous : [...continuous, ...spot].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}

/** Samples during the sleeps that fall in this day (the end of last night, a nap, the start of tonight). */
function sleepSeries(tl: Timeline, asOf: number, step: number, value: (t: number, sleep: SleepPlan) => number, unit: string): PointSample[] {
  if (tl.traits.style !== 'wearable' && tl.traits.style !== 'bed') return [];
  const { day } = tl.plan;
  const out: PointSample[] = [];
  for (const sleep of tl.sleeps) {
    for (const t of grid(Math.max(sleep.start, day.start), Math.min(sleep.end, day.end), step)) {
      if (t <= asOf) out.push(pointSample(tl, t, value(t, sleep), unit));
    }
  }
  return out;
}

/** Hypnogram intervals of the stages starting in this day, once their sleep has ended. */
function hypnogramSamples(tl: Timeline, asOf: number): IntervalSample[] {
  const { day } = tl.plan;
  const out: IntervalSample[] = [];
  for (const sleep of tl.sleeps) {
    if (sleep.end > asOf) continue;
    sleep.stageType.forEach((stage, i) => {
      const start = sleep.start + sleep.stageStart[i]! * 1000;
      if (start >= day.start && start < day.end) out.push(intervalSample(tl, start, sleep.start + sleep.stageEnd[i]! * 1000, stage, 'stage'));
    });
  }
  return out;
}

function timeseriesOf(tl: Timeline, resource: TimeseriesResource, asOf: number): TimeseriesSample[] {
  if (BUCKET_SERIES[resource]) return bucketSamples(tl, resource, asOf);
  switch (resource) {
    case 'heartrate':
      return heartRateSamples(tl, asOf);
    case 'hrv':
      return sleepSeries(tl, asOf, HR_STEP_MS, (t, s) => tl.hrvAt(t, s), 'rmssd');
    case 'respiratory_rate':
      return sleepSeries(tl, asOf, HR_STEP_MS, (t, s) => tl.respirationAt(t, s), 'bpm');
    case 'hypnogram':
      return hypnogramSamples(tl, asOf);
    default:
      return extraSeries(tl, resource, asOf);
  }
}

type HeartStats = NonNullable<ActivitySummary['heart_rate']>;

/**
 * Heart-rate figures of the samples, and the index of the last sample that
 * changed them (updated_at moves only when the figures change). One pass:
 * running sums, min, max and the five lowest values.
 */
function heartStats(values: readonly number[], walking: readonly boolean[]): { stats: HeartStats; lastChange: number } {
  let sum = 0;
  let walkSum = 0;
  let walkCount = 0;
  let min = Infinity;
  let max = -Infinity;
  const lowest: number[] = [];
  let prev: HeartStats | null = null;
  let lastChange = 0;
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    sum += v;
    if (walking[i]) {
      walkSum += v;
      walkCount += 1;
    }
    if (v < min) min = v;
    if (v > max) max = v;
    let j = -1;
    if (lowest.length < 5) {
      lowest.push(v);
      j = lowest.length - 1;
    } else if (v < lowest[4]!) {
      j = 4;
    }
    if (j >= 0) {
      while (j > 0 && lowest[j - 1]! > v) {
        lowest[j] = lowest[j - 1]!;
        j -= 1;
      }
      lowest[j] = v;
    }
    const stats: HeartStats = {
      avg_bpm: Math.round(sum / (i + 1)),
      min_bpm: min,
      max_bpm: max,
      resting_bpm: Math.round(lowest.reduce((a, b) => a + b, 0) / lowest.length),
      avg_walking_bpm: walkCount > 0 ? Math.round(walkSum / walkCount) : null,
    };
    if (!prev || !sameHeart(prev, stats)) lastChange = i;
    prev = stats;
  }
  return { stats: prev!, lastChange };
}

const sameHeart = (a: HeartStats, b: HeartStats) =>
  a.avg_bpm === b.avg_bpm && a.min_bpm === b.min_bpm && a.max_bpm === b.max_bpm && a.resting_bpm === b.resting_bpm && a.avg_walking_bpm === b.avg_walking_bpm;

function activityOf(tl: Timeline, asOf: number, hr: { times: number[]; values: number[] } | null): ActivitySummary | null {
  const { day } = tl.plan;
  if (asOf < day.start) return null;
  const claims = tl.traits.claims;
  const everyday = tl.traits.style === 'wearable';
  const sums: Record<BucketField, number> = { steps: 0, pushes: 0, distanceDm: 0, activeDk: 0, basalDk: 0, floors: 0, lowMin: 0, mediumMin: 0, highMin: 0 };
  const fields: BucketField[] = [];
  if (claims.has('steps')) fields.push('steps');
  if (claims.has('distance') || claims.has('activity')) fields.push('distanceDm');
  if (claims.has('calories_active') || claims.has('activity')) fields.push('activeDk');
  if (everyday) fields.push('basalDk', 'lowMin', 'mediumMin', 'highMin');
  else fields.push('mediumMin', 'highMin');
  if (claims.has('floors_climbed')) fields.push('floors');
  if (everyday && tl.person.wheelchair) fields.push('pushes');
  let changedAt = day.start;
  for (const b of tl.buckets()) {
    if (b.start > asOf) break;
    for (const f of fields) {
      const { value, changedAt: at } = partial(b[f], b, asOf);
      sums[f] += value;
      if (at !== null && at > changedAt) changedAt = at;
    }
  }
  let heart: ActivitySummary['heart_rate'] = null;
  if (hr && hr.values.length > 0) {
    const walking = hr.times.map((t) => (tl.bucketAt(t)?.rate ?? 0) >= 20 && !tl.sleepAt(t) && !tl.workoutAt(t));
    const { stats, lastChange } = heartStats(hr.values, walking);
    heart = stats;
    const last = hr.times[lastChange]!;
    if (last > changedAt) changedAt = last;
  }
  const distance = fields.includes('distanceDm') ? sums.distanceDm / 10 : null;
  const active = fields.includes('activeDk') ? sums.activeDk / 10 : null;
  return {
    id: recordId(tl.key.userId, tl.key.provider, 'activity', tl.key.date),
    user_id: tl.key.userId,
    date: iso(utcMidnight(tl.key.date)),
    calendar_date: tl.key.date,
    calories_total: active !== null && everyday ? (sums.activeDk + sums.basalDk) / 10 : active,
    calories_active: active,
    steps: fields.includes('steps') ? sums.steps : null,
    daily_movement: distance,
    distance,
    // The buckets count whole minutes; the summary gives seconds.
    low: everyday ? sums.lowMin * 60 : null,
    medium: sums.mediumMin * 60,
    high: sums.highMin * 60,
    floors_climbed: fields.includes('floors') ? sums.floors : null,
    time_zone: tl.key.timeZone,
    timezone_offset: day.startOffset,
    heart_rate: heart,
    // The family reports wheelchair use as true or unknown (null), never false.
    wheelchair_use: everyday && tl.person.wheelchair ? true : null,
    wheelchair_push: fields.includes('pushes') ? sums.pushes : null,
    source: sourceOf(tl.traits),
    created_at: iso(day.start),
    updated_at: iso(changedAt),
  };
}

function stageTotals(sleep: SleepPlan) {
  const totals = { deep: 0, light: 0, rem: 0, awake: 0 };
  sleep.stageType.forEach((stage, i) => {
    const seconds = sleep.stageEnd[i]! - sleep.stageStart[i]!;
    if (stage === 1) totals.deep += seconds;
    else if (stage === 2) totals.light += seconds;
    else if (stage === 3) totals.rem += seconds;
    else totals.awake += seconds;
  });
  return totals;
}

function sleepSummaryOf(tl: Timeline, sleep: SleepPlan, asOf: number, signals: SleepValues): SleepSummary {
  const claims = tl.traits.claims;
  const totals = stageTotals(sleep);
  const duration = (sleep.end - sleep.start) / 1000;
  const total = duration - totals.awake;
  const hr = signals.heartrate;
  const sortedHr = [...hr].sort((a, b) => a - b);
  const confirmed = asOf >= sleep.end + SLEEP_CONFIRM_MS;
  const firstAsleep = sleep.stageType.findIndex((s) => s !== 4);
  const efficiency = round((100 * total) / duration, 1);
  const hrAverage = hr.length > 0 ? round(mean(hr)) : null;
  const awakeAverage = tl.person.restingHr + 9;
  const averageHrv = signals.hrv.length > 0 ? round(mean(signals.hrv), 1) : null;
  const r = seededRandom(`${tl.key.userId}:${tl.key.provider}:${sleep.date}:${sleep.index}:score`);
  const scoreNoise = r.between(-6, 6);
  const readiness = r.between(-8, 8);
  return {
    id: sleepIdOf(tl, sleep),
    user_id: tl.key.userId,
    date: iso(utcMidnight(sleep.date)),
    calendar_date: sleep.date,
    bedtime_start: iso(sleep.start),
    bedtime_stop: iso(sleep.end),
    type: sleep.type,
    timezone_offset: timelineAt(tl, sleep.start).offsetAt(sleep.start),
    duration,
    total,
    awake: totals.awake,
    light: totals.light,
    rem: totals.rem,
    deep: totals.deep,
    score: Math.max(1, Math.min(100, Math.round(30 + (efficiency - 80) + Math.min(total / 3600, 8) * 5 + scoreNoise))),
    recovery_readiness_score: averageHrv !== null && sleep.type === 'long_sleep'
      ? Math.max(1, Math.min(100, Math.round(60 + (averageHrv / tl.person.hrvBase - 1) * 80 + readiness)))
      : null,
    hr_lowest: sortedHr.length > 0 ? sortedHr[0]! : null,
    hr_average: hrAverage,
    hr_resting: sortedHr.length > 0 ? round(mean(sortedHr.slice(0, Math.min(3, sortedHr.length)))) : null,
    efficiency,
    latency: firstAsleep <= 0 ? 0 : sleep.stageStart[firstAsleep]!,
    temperature_delta: claims.has('body_temperature_delta') ? tempDeltaOf(tl, sleep) : null,
    skin_temperature: claims.has('body_temperature') ? round(34.4 + tempDeltaOf(tl, sleep), 2) : null,
    hr_dip: hrAverage !== null ? round((100 * (awakeAverage - hrAverage)) / awakeAverage, 1) : null,
    state: confirmed ? 'confirmed' : 'tentative',
    average_hrv: claims.has('hrv') ? averageHrv : null,
    respiratory_rate: claims.has('respiratory_rate') && signals.respiratory_rate.length > 0
      ? round(mean(signals.respiratory_rate), 1)
      : null,
    source: sourceOf(tl.traits),
    sleep_stream: null,
    created_at: iso(sleep.end),
    updated_at: iso(confirmed ? sleep.end + SLEEP_CONFIRM_MS : sleep.end),
  };
}

function sleepCycleOf(tl: Timeline, sleep: SleepPlan): SleepCycle {
  const source = sourceOf(tl.traits);
  return {
    id: recordId(tl.key.userId, tl.key.provider, 'sleep_cycle', sleep.date, sleep.index),
    sleep_id: sleepIdOf(tl, sleep),
    session_start: iso(sleep.start),
    session_end: iso(sleep.end),
    stage_start_offset_second: [...sleep.stageStart],
    stage_end_offset_second: [...sleep.stageEnd],
    stage_type: [...sleep.stageType],
    time_zone: tl.key.timeZone,
    source_provider: tl.key.provider,
    source_type: tl.traits.sourceType,
    source_app_id: tl.traits.appId,
    source_device_id: null,
    created_at: iso(sleep.end),
    updated_at: iso(sleep.end),
    user_id: tl.key.userId,
    source,
  };
}

const timeOfDay = (hour: number) => (hour < 11 ? 'Morning' : hour < 14 ? 'Lunch' : hour < 18 ? 'Afternoon' : 'Evening');

function workoutSummaryOf(tl: Timeline, w: WorkoutPlan): WorkoutSummary {
  const f = workoutFiguresOf(tl, w);
  const id = workoutIdOf(tl, w);
  return {
    id,
    user_id: tl.key.userId,
    title: `${timeOfDay(tl.localHour(w.start))} ${w.sport.name}`,
    timezone_offset: tl.offsetAt(w.start),
    average_hr: f.average_hr,
    max_hr: f.max_hr,
    distance: f.distance,
    calendar_date: w.date,
    time_start: iso(w.start),
    time_end: iso(w.end),
    calories: f.calories,
    sport: { id: w.sport.id, name: w.sport.name, slug: w.sport.slug },
    hr_zones: [...f.hr_zones], // copies: the figures are memoised
    moving_time: f.moving_time,
    total_elevation_gain: f.total_elevation_gain,
    elev_high: f.elev_high,
    elev_low: f.elev_low,
    average_speed: f.average_speed,
    max_speed: f.max_speed,
    average_watts: f.average_watts,
    device_watts: f.average_watts,
    max_watts: f.max_watts,
    weighted_average_watts: f.weighted_average_watts,
    steps: f.steps,
    map: f.map ? { ...f.map } : null,
    provider_id: String(1_000_000_000 + (w.seed % 8_999_999_999)),
    source: sourceOf(tl.traits),
    created_at: iso(w.end),
    updated_at: iso(w.end),
  };
}

function wanted(ctx: DayContext) {
  const filter = ctx.resources ? new Set<string>(ctx.resources) : null;
  const summaries = new Set<SummaryResource>(summaryResourcesFor(ctx.provider).filter((r) => !filter || filter.has(r)));
  const timeseries = timeseriesResourcesFor(ctx.provider).filter((r) => !filter || filter.has(r));
  if (filter) {
    for (const name of filter) {
      if (!isSummaryResource(name) && !isTimeseriesResource(name)) throw new RangeError(`Unknown resource: ${name}`);
    }
  }
  return { summaries, timeseries };
}

/**
 * One connection's data for local day `ctx.date` in `ctx.timeZone`, as of
 * `asOf` (undefined: the whole day, final). Only the resources the provider's
 * catalog entry claims (and, when given, those in `ctx.resources`).
 * Throws RangeError on a malformed date, an unknown time zone or resource.
 */
export function generateDay(ctx: DayContext, asOf?: Date, timelines: Timelines = new Timelines()): DayData {
  validate(ctx, timelines);
  const { summaries, timeseries } = wanted(ctx);
  const at = asOf === undefined ? Number.POSITIVE_INFINITY : asOf.getTime();
  if (Number.isNaN(at)) throw new RangeError('asOf is not a valid date');
  const data: DayData = { date: ctx.date, timeZone: ctx.timeZone, activity: null, sleep: [], sleep_cycle: [], electrocardiogram: [], menstrual_cycle: [], body: null, workouts: [], meal: [], timeseries: {} };
  // The profile is not part of a day (generateProfile).
  if ([...summaries].every((r) => r === 'profile') && timeseries.length === 0) return data;
  const tl = timelineFor(ctx, timelines);

  for (const resource of timeseries) data.timeseries[resource] = timeseriesOf(tl, resource, at);

  if (summaries.has('activity')) {
    const hr = tl.traits.claims.has('heartrate') && tl.traits.style === 'wearable' ? heartRateValues(tl, at) : null;
    data.activity = activityOf(tl, at, hr);
  }
  if (summaries.has('sleep') || summaries.has('sleep_cycle')) {
    for (const sleep of [tl.plan.sleep, ...(tl.plan.nap ? [tl.plan.nap] : [])]) {
      if (sleep.end > at) continue;
      if (summaries.has('sleep')) data.sleep.push(sleepSummaryOf(tl, sleep, at, sleepValuesOf(tl, sleep)));
      if (summaries.has('sleep_cycle')) data.sleep_cycle.push(sleepCycleOf(tl, sleep));
    }
  }
  if (summaries.has('workouts')) {
    for (const w of tl.plan.workouts) if (w.end <= at) data.workouts.push(workoutSummaryOf(tl, w));
  }
  if (summaries.has('electrocardiogram')) {
    const ecg = electrocardiogramOf(tl, at);
    if (ecg) data.electrocardiogram.push(ecg);
  }
  if (summaries.has('menstrual_cycle')) {
    const cycle = menstrualCycleOf(tl, at, tl.traits.claims.has('basal_body_temperature'));
    if (cycle) data.menstrual_cycle.push(cycle);
  }
  if (summaries.has('body')) data.body = bodyOf(tl, at);
  if (summaries.has('meal')) data.meal = mealsOf(tl, at);
  return data;
}

/** The stream of a workout of local day ctx.date, or null when the day has no workout with that id. */
export function generateWorkoutStream(ctx: DayContext, workoutId: string, timelines: Timelines = new Timelines()): WorkoutStream | null {
  validate(ctx, timelines);
  if (!summaryResourcesFor(ctx.provider).includes('workouts')) return null;
  const tl = timelineFor(ctx, timelines);
  const w = tl.plan.workouts.find((candidate) => workoutIdOf(tl, candidate) === workoutId.toLowerCase());
  return w ? workoutStreamOf(tl, w) : null;
}

/** The stream of a sleep of local day ctx.date (heart rate, HRV, respiration every 5 min, hypnogram), or null. */
export function generateSleepStream(ctx: DayContext, sleepId: string, timelines: Timelines = new Timelines()): SleepStream | null {
  validate(ctx, timelines);
  if (!summaryResourcesFor(ctx.provider).includes('sleep')) return null;
  const tl = timelineFor(ctx, timelines);
  const sleep = [tl.plan.sleep, ...(tl.plan.nap ? [tl.plan.nap] : [])].find((s) => sleepIdOf(tl, s) === sleepId.toLowerCase());
  if (!sleep) return null;
  const signals = sleepSignals(tl, sleep);
  const claims = tl.traits.claims;
  return {
    hrv: claims.has('hrv') ? signals.hrv : [],
    heartrate: claims.has('heartrate') ? signals.heartrate : [],
    hypnogram: signals.hypnogram,
    respiratory_rate: claims.has('respiratory_rate') ? signals.respiratory_rate : [],
  };
}

/**
 * The source context of a provider's records (`source` of summaries, of a
 * grouped timeseries group, of events); a workout stream's adds its sport
 * slug and workout id.
 */
export function sourceFor(provider: string, workout?: { sport: string; workoutId: string }): SourceContext {
  return sourceOf(providerTraits(provider), workout);
}

/** The integer `source_id` of timeseries events: the provider's catalog id (0 for an unknown slug). */
export const sourceIdFor = (provider: string): number => providerTraits(provider).id;

/**
 * The profile of (user, provider). Timestamps are fixed (2020-01-01) since a
 * profile does not belong to a day: callers that need the connection time
 * overwrite created_at / updated_at.
 */
export function generateProfile(userId: string, provider: string): ProfileSummary {
  const person = personOf(userId);
  const traits = providerTraits(provider);
  const r = seededRandom(`${userId}:${provider}:profile`);
  const knowsBirth = r.next() < 0.85;
  return {
    id: profileId(userId, provider),
    user_id: userId,
    height: person.heightCm,
    birth_date: knowsBirth ? person.birthDate : null,
    wheelchair_use: person.wheelchair ? true : null,
    gender: r.next() < 0.95 ? person.sex : 'other',
    sex: person.sex,
    source: sourceOf(traits),
    created_at: '2020-01-01T00:00:00+00:00',
    updated_at: '2020-01-01T00:00:00+00:00',
  };
}
