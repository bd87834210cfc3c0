/** The team's metrics (GET /v2/user/metrics): the weeks its connection counts are given for. */

/** How many weeks `number_of_connected_sources_by_week` covers: the current one and the 11 before it. */
export const METRIC_WEEKS = 12;

const DAY_MS = 86_400_000;

/**
 * The starts (Monday 00:00 UTC, ISO) of the METRIC_WEEKS weeks up to and including the one of
 * `now`, oldest first.
 */
export function metricWeekStarts(now: Date, weeks = METRIC_WEEKS): string[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const current = midnight - sinceMonday * DAY_MS;
  return Array.from({ length: weeks }, (_, index) => new Date(current - (weeks - 1 - index) * 7 * DAY_MS).toISOString());
}
