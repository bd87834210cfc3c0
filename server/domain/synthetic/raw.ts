/**
 * Raw records for the /v2/summary/{resource}/{user_id}/raw variants: the
 * provider-shaped record each summary was normalised from (camelCase, the
 * provider's own units: km, minutes, milliseconds), carrying the same figures
 * as the summary so the two never disagree.
 */
import { generateDay, generateProfile, type Timelines } from './day.js';
import { stableUuid } from './random.js';
import { providerTraits, sourceOf } from './person.js';
import type { ActivitySummary, BodySummary, DayContext, ProfileSummary, SleepSummary, SourceContext, WorkoutSummary } from './types.js';

export const RAW_RESOURCES = ['activity', 'sleep', 'body', 'workouts', 'profile'] as const;
export type RawResource = (typeof RAW_RESOURCES)[number];

export interface RawRecord {
  id: string;
  user_id: string;
  timestamp: string;
  data: Record<string, unknown>;
  /** The provider's own id of the record. */
  provider_id: string;
  source_id: number;
  priority_id: number;
  created_at: string;
  updated_at: string;
  source: SourceContext;
}

const providerRecordId = (summaryId: string) => summaryId.replace(/-/g, '').slice(8, 24);

function base(summary: { id: string; user_id: string; created_at: string; updated_at: string; source: SourceContext }, provider: string, timestamp: string, data: Record<string, unknown>): RawRecord {
  const traits = providerTraits(provider);
  return {
    id: stableUuid(summary.id, 'raw'),
    user_id: summary.user_id,
    timestamp,
    data,
    provider_id: providerRecordId(summary.id),
    source_id: traits.id,
    priority_id: traits.id,
    created_at: summary.created_at,
    updated_at: summary.updated_at,
    source: summary.source,
  };
}

/** Fitbit counts activity intensities in minutes; the summary in seconds. */
const minutesOf = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 60));

const activityRaw = (a: ActivitySummary) => ({
  dateTime: a.calendar_date,
  summary: {
    steps: a.steps, caloriesOut: a.calories_total, activityCalories: a.calories_active, floors: a.floors_climbed,
    distances: a.distance === null ? [] : [{ activity: 'total', distance: Math.round(a.distance) / 1000 }],
    lightlyActiveMinutes: minutesOf(a.low), fairlyActiveMinutes: minutesOf(a.medium), veryActiveMinutes: minutesOf(a.high),
    restingHeartRate: a.heart_rate?.resting_bpm ?? null,
  },
  timezone: a.time_zone,
});

const sleepRaw = (s: SleepSummary) => ({
  logId: providerRecordId(s.id),
  dateOfSleep: s.calendar_date,
  startTime: s.bedtime_start,
  endTime: s.bedtime_stop,
  duration: s.duration * 1000,
  efficiency: s.efficiency,
  isMainSleep: s.type === 'long_sleep',
  minutesAsleep: Math.round(s.total / 60),
  minutesAwake: Math.round(s.awake / 60),
  minutesToFallAsleep: s.latency === null ? null : Math.round(s.latency / 60),
  levels: { summary: { deep: { minutes: Math.round(s.deep / 60) }, light: { minutes: Math.round(s.light / 60) }, rem: { minutes: Math.round(s.rem / 60) }, wake: { minutes: Math.round(s.awake / 60) } } },
});

const bodyRaw = (b: BodySummary) => ({
  date: b.calendar_date,
  weight: b.weight, fat: b.fat, bmi: b.body_mass_index, leanMass: b.lean_body_mass_kilogram,
  waterPercent: b.water_percentage, musclePercent: b.muscle_mass_percentage, boneMassPercent: b.bone_mass_percentage,
  visceralFat: b.visceral_fat_index, logTime: b.created_at,
});

const workoutRaw = (w: WorkoutSummary) => ({
  activityId: w.provider_id,
  name: w.title,
  type: w.sport.slug,
  startTime: w.time_start,
  endTime: w.time_end,
  elapsedTime: Math.round((Date.parse(w.time_end) - Date.parse(w.time_start)) / 1000),
  movingTime: w.moving_time,
  distance: w.distance,
  calories: w.calories,
  averageHeartrate: w.average_hr,
  maxHeartrate: w.max_hr,
  totalElevationGain: w.total_elevation_gain,
  averageSpeed: w.average_speed,
  maxSpeed: w.max_speed,
  averageWatts: w.average_watts,
  steps: w.steps,
  polyline: w.map?.summary_polyline ?? null,
});

const profileRaw = (p: ProfileSummary) => ({ heightCm: p.height, dateOfBirth: p.birth_date, gender: p.gender, sex: p.sex, wheelchairUser: p.wheelchair_use });

/**
 * The raw records of one resource for one day (not `profile`: see
 * generateRawProfile), as of asOf like generateDay. Empty when the provider
 * does not deliver the resource.
 */
export function generateRaw(resource: Exclude<RawResource, 'profile'>, ctx: DayContext, asOf?: Date, timelines?: Timelines): RawRecord[] {
  const summaryName = resource === 'workouts' ? 'workouts' : resource;
  const day = generateDay({ ...ctx, resources: [summaryName] }, asOf, timelines);
  switch (resource) {
    case 'activity':
      return day.activity ? [base(day.activity, ctx.provider, day.activity.date, activityRaw(day.activity))] : [];
    case 'sleep':
      return day.sleep.map((s) => base(s, ctx.provider, s.bedtime_start, sleepRaw(s)));
    case 'body':
      return day.body ? [base(day.body, ctx.provider, day.body.created_at, bodyRaw(day.body))] : [];
    case 'workouts':
      return day.workouts.map((w) => base(w, ctx.provider, w.time_start, workoutRaw(w)));
  }
}

/** The raw profile of (user, provider). */
export function generateRawProfile(userId: string, provider: string): RawRecord {
  const profile = generateProfile(userId, provider);
  return base({ ...profile, source: sourceOf(providerTraits(provider)) }, provider, profile.created_at, profileRaw(profile));
}
