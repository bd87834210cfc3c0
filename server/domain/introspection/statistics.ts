/**
 * The rules of introspection (GET /v2/introspect/resources and /historical_pull): what a stored
 * connection, data window and historical pull trigger say, in the family's shapes. Every value
 * is read off the stored state handed in; nothing is counted or estimated here.
 */
import { readableDays, dataTimeZone, type IngestionBounds } from '../data/windows.js';
import { addDays, dayCount } from '../pull-preferences/pull-range.js';
import { hasWorkoutStream, summaryResourcesFor, timeseriesResourcesFor } from '../synthetic/resources.js';
import { iso, utcMidnight, wallToInstant, type FormatterMemo } from '../synthetic/time-zone.js';
import { eventResourceName } from '../../shared/resources.js';

/**
 * The resources a historical pull of `provider` completes, one `historical.data.<resource>.created`
 * each (internal names: `body_weight`, not `weight`): its summaries, its timeseries (not the
 * deprecated hypnogram: sleep_cycle replaces it) and its workout streams.
 */
export function historicalResourcesFor(provider: string): string[] {
  const timeseries = timeseriesResourcesFor(provider).filter((resource) => resource !== 'hypnogram');
  return [...summaryResourcesFor(provider), ...timeseries, ...(hasWorkoutStream(provider) ? ['workout_stream'] : [])];
}

/** Every resource `provider` supplies, by its wire name (`weight`, `fat`), the deprecated hypnogram included. */
export function introspectedResourcesFor(provider: string): string[] {
  return [
    ...summaryResourcesFor(provider),
    ...timeseriesResourcesFor(provider).map(eventResourceName),
    ...(hasWorkoutStream(provider) ? ['workout_stream'] : []),
  ];
}

/** The resources a pull of `provider` covers, by wire name. */
export const pulledResourcesFor = (provider: string): string[] => historicalResourcesFor(provider).map(eventResourceName);

/** The instant a local day starts in `timeZone`, as the API writes instants. */
export const dayStart = (day: string, timeZone: string): string => iso(wallToInstant(timeZone, utcMidnight(day)));

/** The last millisecond of a local day in `timeZone`. */
export const dayEnd = (day: string, timeZone: string): string => iso(wallToInstant(timeZone, utcMidnight(addDays(day, 1))) - 1);

/** A connection as introspection reads it: its state and its data window (null fields without one). */
export interface ConnectionState {
  status: string;
  status_changed_at: string | null;
  history_start: string | null;
  synced_through: string | null;
  opened_at: string | null;
  synced_ingestion_start: string | null;
  synced_ingestion_end: string | null;
}

export interface ResourceStatistics {
  last_attempt: { timestamp: string; status: 'success' | 'failure' } | null;
  oldest_data: string | null;
  newest_data: string | null;
  sent_count: null;
}

/**
 * One connection's resource statistics (the same for each of its resources: a sync and a pull
 * move every resource of a window together). The last attempt is the connection's error when
 * it is in error (`failure`, when it stopped working), else its last sync (`success`, the
 * instant it synced up to), none before its first sync. The data span is the days a read shows
 * (readableDays): from the start of the first to the last sync, or the end of the last day the
 * ingestion bounds admit when that comes first; null while no day is readable.
 */
export function resourceStatistics(
  connection: ConnectionState,
  user: IngestionBounds & { time_zone: string | null },
  formatters?: FormatterMemo,
): ResourceStatistics {
  const synced = connection.synced_through !== null && connection.opened_at !== null && Date.parse(connection.synced_through) > Date.parse(connection.opened_at);
  const last_attempt =
    connection.status === 'error' && connection.status_changed_at !== null
      ? { timestamp: connection.status_changed_at, status: 'failure' as const }
      : synced
        ? { timestamp: connection.synced_through!, status: 'success' as const }
        : null;
  if (connection.history_start === null || connection.synced_through === null || connection.opened_at === null) {
    return { last_attempt, oldest_data: null, newest_data: null, sent_count: null };
  }
  const zone = dataTimeZone(user.time_zone, formatters);
  const { firstDay, lastDay } = readableDays(
    { history_start: connection.history_start, synced_through: connection.synced_through, opened_at: connection.opened_at },
    zone,
    { ingestion_start: connection.synced_ingestion_start, ingestion_end: connection.synced_ingestion_end },
    { ingestion_start: user.ingestion_start, ingestion_end: user.ingestion_end },
  );
  if (firstDay > lastDay) return { last_attempt, oldest_data: null, newest_data: null, sent_count: null };
  const lastDayEnd = dayEnd(lastDay, zone);
  const newest = Date.parse(connection.synced_through) < Date.parse(lastDayEnd) ? iso(Date.parse(connection.synced_through)) : lastDayEnd;
  return { last_attempt, oldest_data: dayStart(firstDay, zone), newest_data: newest, sent_count: null };
}

// ---- historical pulls ---------------------------------------------------------------------

/** The trigger errors the pull engine writes (server/jobs/bulk-pull/), each a kind of the family's error_details. */
export const USER_GONE_ERROR = 'The user no longer exists.';
export const notConnectedError = (provider: string): string => `The user is no longer connected to ${provider}.`;
export const retriesExhaustedError = (failedAttempts: number): string => `Gave up after ${failedAttempts} attempts.`;

const RETRIES_EXHAUSTED = /^Gave up after \d+ attempts\.$/;
const NON_RETRIABLE = [/^The user no longer exists\.$/, /^The user is no longer connected to /, /^The connection to \S+ is (in error|paused)/];

export type HistoricalPullStatus = 'success' | 'failure' | 'in_progress' | 'scheduled' | 'retrying';
export type HistoricalPullErrorDetails = 'retry_quota_exhausted' | 'non_retriable_error' | 'unexpected_error';

/** A trigger's state as the family names it: a pending trigger that was claimed before is being retried. */
export function historicalPullStatus(pull: { state: string; attempts: number }): HistoricalPullStatus {
  switch (pull.state) {
    case 'processed':
      return 'success';
    case 'failed':
      return 'failure';
    case 'running':
      return 'in_progress';
    default:
      return pull.attempts > 0 ? 'retrying' : 'scheduled';
  }
}

/** Why a failed pull failed, from its stored error; null for a pull that did not fail. */
export function historicalPullErrorDetails(pull: { state: string; error: string | null }): HistoricalPullErrorDetails | null {
  if (pull.state !== 'failed') return null;
  const error = pull.error ?? '';
  if (RETRIES_EXHAUSTED.test(error)) return 'retry_quota_exhausted';
  if (NON_RETRIABLE.some((pattern) => pattern.test(error))) return 'non_retriable_error';
  return 'unexpected_error';
}

/** A (user, provider)'s latest pull as stored (IntrospectedPull of the storage). */
export interface StoredPull {
  op_id: string;
  scheduled_at: string;
  state: string;
  attempts: number;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  range_start: string | null;
  range_end: string | null;
  next_date: string | null;
}

/** The one pull engine of the sandbox, as `release` names it. */
export const PULL_RELEASE = 'sandbox';

export interface HistoricalPullStatistics {
  status: HistoricalPullStatus;
  range_start: string | null;
  range_end: string | null;
  timeline: { scheduled_at: string; started_at: string | null; ended_at: string | null };
  days_with_data: number;
  release: string;
  trace_id: string;
  error_details: HistoricalPullErrorDetails | null;
}

/**
 * A pull's statistics (the same for each resource it covers). The range is the local days the
 * pull fixed, from the start of the first to the last millisecond of the last, in the user's
 * data time zone; the days with data are those fetched: the whole range once it succeeded, the
 * days before the next chunk while it runs, none otherwise.
 */
export function historicalPullStatistics(pull: StoredPull, timeZone: string | null, formatters?: FormatterMemo): HistoricalPullStatistics {
  const zone = dataTimeZone(timeZone, formatters);
  const status = historicalPullStatus(pull);
  const hasRange = pull.range_start !== null && pull.range_end !== null;
  let days = 0;
  if (hasRange && status === 'success') days = dayCount({ start_date: pull.range_start!, end_date: pull.range_end! });
  else if (hasRange && pull.next_date !== null && pull.next_date > pull.range_start!) days = dayCount({ start_date: pull.range_start!, end_date: addDays(pull.next_date, -1) });
  return {
    status,
    range_start: hasRange ? dayStart(pull.range_start!, zone) : null,
    range_end: hasRange ? dayEnd(pull.range_end!, zone) : null,
    timeline: {
      scheduled_at: iso(Date.parse(pull.scheduled_at)),
      started_at: pull.started_at === null ? null : iso(Date.parse(pull.started_at)),
      ended_at: pull.finished_at === null || (status !== 'success' && status !== 'failure') ? null : iso(Date.parse(pull.finished_at)),
    },
    days_with_data: days,
    release: PULL_RELEASE,
    trace_id: pull.op_id,
    error_details: historicalPullErrorDetails(pull),
  };
}

/** One provider's resources as introspection lists them (wire names): all it supplies, those a pull covers, those none covers. */
export interface ProviderResourceLists {
  all: readonly string[];
  pulled: readonly string[];
  notPulled: readonly string[];
}

/** The resource lists of `provider` (a function of the catalog alone: a read computes them once per provider). */
export function providerResourceLists(provider: string): ProviderResourceLists {
  const all = introspectedResourcesFor(provider);
  const pulled = pulledResourcesFor(provider);
  const covered = new Set(pulled);
  return { all, pulled, notPulled: all.filter((resource) => !covered.has(resource)) };
}

/**
 * One connection's pulls: each resource the latest pull covered, and the provider's resources
 * none covered. `lists`: providerResourceLists(provider), when the caller has it already.
 */
export function providerHistoricalPulls(
  provider: string,
  pull: StoredPull | null,
  timeZone: string | null,
  formatters?: FormatterMemo,
  lists: ProviderResourceLists = providerResourceLists(provider),
) {
  if (!pull) return { pulled: {}, not_pulled: [...lists.all] };
  const statistics = historicalPullStatistics(pull, timeZone, formatters);
  const pulled: Record<string, HistoricalPullStatistics> = {};
  for (const resource of lists.pulled) pulled[resource] = statistics;
  return { pulled, not_pulled: [...lists.notPulled] };
}
