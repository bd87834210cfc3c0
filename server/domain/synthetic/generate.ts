/**
 * The sandbox's stand-in for a provider API: plausible, deterministic daily
 * data for a connection. Every value is drawn from a PRNG seeded by
 * `${user_id}:${provider}:${date}:${resource}`, so a pull fetched twice (after a
 * crash, or by another process) yields the same records with the same ids.
 * Summaries follow ActivitySummary, SleepSummary, SleepCycleSummary and
 * BodySummary of the team API; a day of timeseries is one compact batch of
 * hourly values.
 */
import { findProvider, type SupportedResource } from '../providers/catalog.js';
import { seededRandom, stableUuid, type Random } from './random.js';

/** Daily summaries a synthetic pull produces, one record per day. */
export const SUMMARY_RESOURCES = ['activity', 'sleep', 'sleep_cycle', 'body'] as const;
/** Timeseries a synthetic pull produces, one batch of hourly samples per day. */
export const TIMESERIES_RESOURCES = ['steps', 'heartrate', 'glucose'] as const;
export const SYNTHETIC_RESOURCES = [...SUMMARY_RESOURCES, ...TIMESERIES_RESOURCES] as const;
export type SyntheticResource = (typeof SYNTHETIC_RESOURCES)[number];

export interface SyntheticRecord {
  /** Stable: derived from (user, provider, resource, date). */
  id: string;
  resource: SyntheticResource;
  kind: 'summary' | 'timeseries';
  /** The calendar day, YYYY-MM-DD. */
  date: string;
  data: Record<string, unknown>;
}

/** The synthetic resources the provider supports (its catalog `supported_resources`), in a fixed order. */
export function syntheticResourcesFor(provider: string): SyntheticResource[] {
  const supported = new Set<SupportedResource>(findProvider(provider)?.supported_resources ?? []);
  return SYNTHETIC_RESOURCES.filter((resource) => supported.has(resource));
}

/** Id of the record of one resource and day (summaries and timeseries batches alike). */
export const syntheticRecordId = (userId: string, provider: string, resource: string, date: string) => stableUuid(userId, provider, resource, date);

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const iso = (epochMs: number) => new Date(epochMs).toISOString().replace('.000Z', '+00:00');
const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const HOUR = 3_600_000;

interface Context {
  userId: string;
  provider: string;
  date: string;
  /** ClientFacingSource without its deprecated fields. */
  source: { provider: string; type: string | null };
  sourceId: number;
}

function activity(ctx: Context, r: Random): Record<string, unknown> {
  const steps = r.int(2500, 16000);
  const active = round(steps * r.between(0.035, 0.055), 0);
  return {
    user_id: ctx.userId,
    date: iso(midnight(ctx.date)),
    calendar_date: ctx.date,
    calories_total: round(r.between(1500, 1900) + active, 0),
    calories_active: active,
    steps,
    distance: round(steps * r.between(0.68, 0.82)),
    low: r.int(120, 300),
    medium: r.int(10, 90),
    high: r.int(0, 45),
    source: ctx.source,
  };
}

/** The night ending on `date`: bedtime between 21:30 and 00:30 the day before. */
function sleepWindow(ctx: Context, r: Random) {
  const start = midnight(ctx.date) - 2.5 * HOUR + Math.round(r.between(0, 3 * HOUR) / 60_000) * 60_000;
  const duration = Math.round(r.between(6 * HOUR, 9 * HOUR) / 60_000) * 60;
  return { start, duration };
}

function sleep(ctx: Context, r: Random): Record<string, unknown> {
  const { start, duration } = sleepWindow(ctx, seededRandom(`${ctx.userId}:${ctx.provider}:${ctx.date}:sleep_window`));
  const awake = Math.round(duration * r.between(0.04, 0.12));
  const asleep = duration - awake;
  const deep = Math.round(asleep * r.between(0.13, 0.23));
  const rem = Math.round(asleep * r.between(0.18, 0.26));
  return {
    user_id: ctx.userId,
    date: iso(midnight(ctx.date)),
    calendar_date: ctx.date,
    bedtime_start: iso(start),
    bedtime_stop: iso(start + duration * 1000),
    timezone_offset: 0,
    duration,
    total: asleep,
    awake,
    light: asleep - deep - rem,
    rem,
    deep,
    score: r.int(55, 96),
    hr_average: r.int(48, 68),
    hrv_mean_rmssd: round(r.between(25, 85)),
    efficiency: round(asleep / duration, 3),
    source: ctx.source,
  };
}

function sleepCycle(ctx: Context, r: Random): Record<string, unknown> {
  const { start, duration } = sleepWindow(ctx, seededRandom(`${ctx.userId}:${ctx.provider}:${ctx.date}:sleep_window`));
  const starts: number[] = [];
  const ends: number[] = [];
  const types: number[] = [];
  // 90-minute-ish cycles of light -> deep -> light -> rem, with the odd awakening.
  for (let offset = 0; offset < duration; ) {
    const stage = types.length % 4 === 1 ? 1 : types.length % 4 === 3 ? 3 : r.next() < 0.08 ? 4 : 2;
    const length = Math.min(duration - offset, r.int(10, 35) * 60);
    starts.push(offset);
    ends.push(offset + length);
    types.push(stage);
    offset += length;
  }
  return {
    user_id: ctx.userId,
    sleep_id: syntheticRecordId(ctx.userId, ctx.provider, 'sleep', ctx.date),
    session_start: iso(start),
    session_end: iso(start + duration * 1000),
    stage_start_offset_second: starts,
    stage_end_offset_second: ends,
    stage_type: types,
    time_zone: 'UTC',
    source: ctx.source,
  };
}

function body(ctx: Context, r: Random): Record<string, unknown> {
  // A per-user baseline so a user's weight drifts around one value from day to day.
  const base = seededRandom(`${ctx.userId}:body`);
  return {
    user_id: ctx.userId,
    date: iso(midnight(ctx.date)),
    calendar_date: ctx.date,
    weight: round(base.between(52, 105) + r.between(-0.8, 0.8)),
    fat: round(base.between(12, 38) + r.between(-0.5, 0.5)),
    source: ctx.source,
  };
}

const TIMESERIES: Record<(typeof TIMESERIES_RESOURCES)[number], { unit: string; value: (hour: number, r: Random) => number }> = {
  steps: { unit: 'count', value: (hour, r) => (hour < 7 || hour > 22 ? r.int(0, 30) : r.int(80, 1400)) },
  heartrate: { unit: 'bpm', value: (hour, r) => (hour < 7 ? r.int(48, 62) : r.int(60, 110)) },
  glucose: { unit: 'mmol/L', value: (_hour, r) => round(r.between(4.2, 7.8), 2) },
};

/** One day of hourly samples, stored compactly: sample i is at `start + i * interval_seconds`. */
export interface TimeseriesBatch {
  user_id: string;
  source_id: number;
  source: Context['source'];
  unit: string;
  timezone_offset: number;
  start: string;
  interval_seconds: number;
  values: number[];
}

function timeseries(ctx: Context, resource: (typeof TIMESERIES_RESOURCES)[number], r: Random): TimeseriesBatch {
  const spec = TIMESERIES[resource];
  const values: number[] = [];
  for (let hour = 0; hour < 24; hour += 1) values.push(spec.value(hour, r));
  return {
    user_id: ctx.userId,
    source_id: ctx.sourceId,
    source: ctx.source,
    unit: spec.unit,
    timezone_offset: 0,
    start: iso(midnight(ctx.date)),
    interval_seconds: 3600,
    values,
  };
}

/**
 * The records of one connection for one day, for each of `resources` (see
 * syntheticResourcesFor). Pure and deterministic.
 */
export function syntheticDay(input: { user_id: string; provider: string; date: string; resources: readonly SyntheticResource[] }): SyntheticRecord[] {
  const provider = findProvider(input.provider);
  const ctx: Context = {
    userId: input.user_id,
    provider: input.provider,
    date: input.date,
    source: { provider: input.provider, type: provider?.source_type ?? null },
    sourceId: provider?.id ?? 0,
  };
  return input.resources.map((resource) => {
    const r = seededRandom(`${input.user_id}:${input.provider}:${input.date}:${resource}`);
    const id = syntheticRecordId(input.user_id, input.provider, resource, input.date);
    switch (resource) {
      case 'activity':
        return { id, resource, kind: 'summary', date: input.date, data: { id, ...activity(ctx, r) } };
      case 'sleep':
        return { id, resource, kind: 'summary', date: input.date, data: { id, ...sleep(ctx, r) } };
      case 'sleep_cycle':
        return { id, resource, kind: 'summary', date: input.date, data: { id, ...sleepCycle(ctx, r) } };
      case 'body':
        return { id, resource, kind: 'summary', date: input.date, data: { id, ...body(ctx, r) } };
      default:
        return { id, resource, kind: 'timeseries', date: input.date, data: { ...timeseries(ctx, resource, r) } };
    }
  });
}
