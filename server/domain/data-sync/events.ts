/**
 * The `daily.data.*` events of one sync of one connection and local day: the difference
 * between what the provider had delivered at the previous sync (the day generated as of
 * `synced_through`) and what it has delivered now (the day generated as of now).
 *
 * - a summary (activity, sleep, sleep_cycle, body, workouts, meal, electrocardiogram,
 *   menstrual_cycle) with a new `id` is
 *   `.created`, one whose content changed is `.updated`; the summary sits directly in `data`;
 * - timeseries samples at a new timestamp are `.created`, samples whose value changed at a
 *   known timestamp (the incomplete bucket of an aggregated resource) are `.updated`; each
 *   batch holds at most `maxSamplesPerEvent` samples (bigger batches are split);
 * - a new workout is followed by a shallow `daily.data.workout_stream.created` when the
 *   provider delivers streams, a changed one by `daily.data.workout_stream.updated`;
 * - `body_weight` and `body_fat` samples are `daily.data.weight.*` and `daily.data.fat.*`
 *   (the family's names in event types);
 * - a new or changed sleep_cycle also yields the deprecated hypnogram samples, marked
 *   `explicitOnly`: they go only to endpoints that ask for them by name;
 * - nothing at all for unchanged data.
 *
 * Pure: the caller generates both versions of the day and emits the events.
 */
import { eventResourceName } from '../../shared/resources.js';
import { isoMs } from '../synthetic/time-zone.js';
import type { SourceContext } from '../synthetic/types.js';

export const SUMMARY_EVENT_RESOURCES = ['activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'meal', 'electrocardiogram', 'menstrual_cycle'] as const;
export type SummaryEventResource = (typeof SUMMARY_EVENT_RESOURCES)[number];

/** Samples per timeseries event: about 100 bytes each, so an event stays under ~100 KB. */
export const MAX_SAMPLES_PER_EVENT = 1000;

/** The hypnogram stage of each sleep_cycle stage type (same codes), and its unit. */
const HYPNOGRAM_UNIT = 'stage';

interface Identified {
  readonly id: string;
}

/** What a sample needs here; every other field is passed on as it is. */
export interface SampleLike {
  readonly timestamp: string;
}

/** The parts of a generated day (DayData of server/domain/synthetic/day.ts) the diff reads. */
export interface DaySnapshot {
  readonly activity: Identified | null;
  readonly sleep: readonly Identified[];
  readonly sleep_cycle: readonly Identified[];
  readonly body: Identified | null;
  readonly workouts: readonly Identified[];
  readonly meal: readonly Identified[];
  readonly electrocardiogram: readonly Identified[];
  readonly menstrual_cycle: readonly Identified[];
  readonly timeseries: Partial<Record<string, readonly SampleLike[] | undefined>>;
}

export interface ProviderInfo {
  id: number;
  slug: string;
  name: string;
  logo: string;
  /** The provider's source type as the samples and summaries report it (ClientFacingSource.type). */
  source_type: string | null;
  /** The app that recorded the data (mobile SDK sources), as ClientFacingSource.app_id. */
  app_id?: string | null;
  /** Whether the provider delivers workout streams (its catalog claims `workout_stream`). */
  streams: boolean;
}

export function sourceContext(provider: ProviderInfo, extra: Partial<Pick<SourceContext, 'sport' | 'workout_id' | 'type'>> = {}): SourceContext {
  return {
    provider: provider.slug,
    type: extra.type !== undefined ? extra.type : provider.source_type,
    app_id: provider.app_id ?? null,
    device_id: null,
    sport: extra.sport ?? null,
    workout_id: extra.workout_id ?? null,
    name: provider.name,
    slug: provider.slug,
    logo: provider.logo,
  };
}

export interface DailyEvent {
  event_type: string;
  data: Record<string, unknown>;
  /** Deliver only to endpoints whose filter names this event type (the deprecated hypnogram events). */
  explicitOnly: boolean;
}

export interface DiffOptions {
  userId: string;
  provider: ProviderInfo;
  maxSamplesPerEvent?: number;
}

/**
 * Whether two values serialise to the same JSON. Two views of a day are mostly equal
 * records of primitives with their keys in the same order: those are compared field by
 * field; anything else (a difference, a value of another kind) is decided by the JSON.
 */
const sameJson = (a: unknown, b: unknown) => sameShape(a, b) || JSON.stringify(a) === JSON.stringify(b);

/** True only when `a` and `b` are equal values, plain arrays or objects of them with the same keys in the same order (so their JSON is equal too). */
function sameShape(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameShape(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i]!;
    if (key !== other[i] || !sameShape((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function list(value: Identified | null | readonly Identified[]): readonly Identified[] {
  if (value === null) return [];
  return Array.isArray(value) ? (value as readonly Identified[]) : [value as Identified];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A sample's identity within one resource and source: its instant (`+01:00` and `Z` forms compare equal). */
const instantOf = (timestamp: string) => {
  const ms = isoMs(timestamp);
  return Number.isNaN(ms) ? timestamp : String(ms);
};

/** The summary as an event's `data`: the summary itself, with `user_id` and the full source context. */
function summaryData(resource: SummaryEventResource, summary: Identified, options: DiffOptions): Record<string, unknown> {
  const record = summary as unknown as Record<string, unknown>;
  const own = (record.source ?? {}) as Partial<SourceContext>;
  const data: Record<string, unknown> = { ...record, user_id: options.userId, source: { ...sourceContext(options.provider), ...own } };
  // Sleep events kept the deprecated name of the average HRV that earlier clients read.
  if (resource === 'sleep' && 'average_hrv' in record) data.hrv_mean_rmssd = record.average_hrv;
  return data;
}

interface SleepCycleLike {
  session_start: string;
  stage_start_offset_second: readonly number[];
  stage_type: readonly number[];
}

/** The deprecated hypnogram samples of a sleep cycle: one per stage, at the stage's start. */
export function hypnogramSamples(cycle: SleepCycleLike, timezoneOffset: number | null): (SampleLike & Record<string, unknown>)[] {
  const start = Date.parse(cycle.session_start);
  return cycle.stage_start_offset_second.map((offset, index) => ({
    timestamp: new Date(start + offset * 1000).toISOString(),
    timezone_offset: timezoneOffset,
    type: null,
    unit: HYPNOGRAM_UNIT,
    value: cycle.stage_type[index]!,
  }));
}

function timeseriesEvents(resource: string, action: 'created' | 'updated', samples: readonly SampleLike[], options: DiffOptions, explicitOnly = false, family = 'daily.data'): DailyEvent[] {
  const size = Math.max(1, options.maxSamplesPerEvent ?? MAX_SAMPLES_PER_EVENT);
  return chunks(samples, size).map((batch) => ({
    event_type: `${family}.${eventResourceName(resource)}.${action}`,
    data: { user_id: options.userId, source_id: options.provider.id, source: sourceContext(options.provider), data: batch },
    explicitOnly,
  }));
}

/**
 * The events that take a consumer from `before` (null: nothing delivered yet) to `after`,
 * in a stable order: summaries by resource (workout streams right after their workout),
 * then timeseries by resource name.
 */
export function diffDay(before: DaySnapshot | null, after: DaySnapshot, options: DiffOptions): DailyEvent[] {
  const events: DailyEvent[] = [];
  for (const resource of SUMMARY_EVENT_RESOURCES) {
    const previous = new Map(list(before?.[resource] ?? null).map((summary) => [summary.id, summary]));
    for (const summary of list(after[resource])) {
      const earlier = previous.get(summary.id);
      if (earlier && sameJson(earlier, summary)) continue;
      const action = earlier ? 'updated' : 'created';
      events.push({ event_type: `daily.data.${resource}.${action}`, data: summaryData(resource, summary, options), explicitOnly: false });
      if (resource === 'workouts' && options.provider.streams) events.push(workoutStreamEvent(summary, action, options));
      // The deprecated hypnogram samples: the generator's series when it has one, else derived from the stages.
      if (resource === 'sleep_cycle' && after.timeseries.hypnogram === undefined) {
        const cycle = summary as unknown as SleepCycleLike & { timezone_offset?: number | null };
        events.push(...timeseriesEvents('hypnogram', action, hypnogramSamples(cycle, cycle.timezone_offset ?? null), options, true, 'daily.timeseries'));
      }
    }
  }
  const resources = Object.keys(after.timeseries).sort();
  for (const resource of resources) {
    const samples = after.timeseries[resource] ?? [];
    if (samples.length === 0) continue;
    const previous = new Map((before?.timeseries[resource] ?? []).map((sample) => [instantOf(sample.timestamp), sample]));
    const created: SampleLike[] = [];
    const updated: SampleLike[] = [];
    for (const sample of samples) {
      const earlier = previous.get(instantOf(sample.timestamp));
      if (!earlier) created.push(sample);
      else if (!sameJson(earlier, sample)) updated.push(sample);
    }
    const deprecated = resource === 'hypnogram';
    const family = deprecated ? 'daily.timeseries' : 'daily.data';
    events.push(...timeseriesEvents(resource, 'created', created, options, deprecated, family), ...timeseriesEvents(resource, 'updated', updated, options, deprecated, family));
  }
  return events;
}

interface WorkoutLike {
  id: string;
  provider_id?: string | null;
  sport?: { id: number; name: string; slug: string } | null;
}

/** The shallow notice that a workout's stream can be read (WorkoutStreamEventData). */
function workoutStreamEvent(summary: Identified, action: 'created' | 'updated', options: DiffOptions): DailyEvent {
  const workout = summary as unknown as WorkoutLike;
  const sport = workout.sport ? { id: workout.sport.id, name: workout.sport.name, slug: workout.sport.slug } : { id: 0, name: 'Other', slug: 'other' };
  return {
    event_type: `daily.data.workout_stream.${action}`,
    data: {
      user_id: options.userId,
      workout_id: workout.id,
      provider_id: workout.provider_id ?? workout.id,
      sport,
      message: `Read the stream at /v2/timeseries/workouts/${workout.id}/stream`,
      source: sourceContext(options.provider, { sport: sport.slug, workout_id: workout.id }),
    },
    explicitOnly: false,
  };
}

/** `daily.data.profile.created`: the profile a provider holds, delivered with a connection's first sync. */
export function profileEvent(userId: string, provider: ProviderInfo, profile: Record<string, unknown>): DailyEvent {
  const own = (profile.source ?? {}) as Partial<SourceContext>;
  return { event_type: 'daily.data.profile.created', data: { ...profile, user_id: userId, source: { ...sourceContext(provider), ...own } }, explicitOnly: false };
}
