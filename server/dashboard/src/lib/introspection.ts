/**
 * The user page's Introspection section: the answers of `GET /v2/introspect/resources` and
 * `GET /v2/introspect/historical_pull` as table rows (per provider, which resources have data
 * and since when; each historical pull's state and progress). Pure: unit-tested in
 * test/dashboard/unit/introspection.test.ts.
 */

/** What the section reads of one resource of one connection (`IntrospectResourceStatistics`). */
export interface ResourceStatsLike {
  last_attempt?: { timestamp: string; status: string } | null;
  oldest_data?: string | null;
  newest_data?: string | null;
}

/** What it reads of one user's resources (`IntrospectUserResources`). */
export interface UserResourcesLike {
  user_id: string;
  provider: Record<string, Record<string, ResourceStatsLike> | undefined>;
}

export interface ResourceRow {
  provider: string;
  resource: string;
  hasData: boolean;
  oldest: string | null;
  newest: string | null;
  lastAttempt: string | null;
  lastAttemptAt: string | null;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One row per provider and resource (providers, then resources, in alphabetical order). */
export function resourceRows(users: readonly UserResourcesLike[]): ResourceRow[] {
  const rows: ResourceRow[] = [];
  for (const user of users) {
    for (const provider of Object.keys(user.provider).sort(byText)) {
      const resources = user.provider[provider] ?? {};
      for (const resource of Object.keys(resources).sort(byText)) {
        const stats = resources[resource]!;
        rows.push({
          provider,
          resource,
          hasData: !!stats.oldest_data,
          oldest: stats.oldest_data ?? null,
          newest: stats.newest_data ?? null,
          lastAttempt: stats.last_attempt?.status ?? null,
          lastAttemptAt: stats.last_attempt?.timestamp ?? null,
        });
      }
    }
  }
  return rows;
}

/** What the section reads of a resource's latest pull (`HistoricalPullStatistics`). */
export interface PullStatsLike {
  status: string;
  range_start?: string | null;
  range_end?: string | null;
  timeline: { scheduled_at: string; started_at?: string | null; ended_at?: string | null };
  days_with_data?: number;
  trace_id?: string | null;
  error_details?: string | null;
}

/** What it reads of one user's pulls (`IntrospectUserHistoricalPulls`). */
export interface UserPullsLike {
  user_id: string;
  provider: Record<string, { pulled: Record<string, PullStatsLike | undefined>; not_pulled: string[] } | undefined>;
}

export interface PullRow {
  provider: string;
  /** The resources this pull covered (a pull fetches the provider's resources together). */
  resources: string[];
  status: string;
  rangeStart: string | null;
  rangeEnd: string | null;
  scheduledAt: string;
  startedAt: string | null;
  endedAt: string | null;
  daysWithData: number;
  /** Local days the range covers, or null before the range is fixed. */
  rangeDays: number | null;
  /** Whole percent of the range fetched, or null without a range. */
  percent: number | null;
  error: string | null;
  traceId: string | null;
}

const DAY_MS = 86_400_000;

/** Local days from the start of the first day to the last millisecond of the last one. */
export function daysInRange(start: string | null | undefined, end: string | null | undefined): number | null {
  if (!start || !end) return null;
  const span = Date.parse(end) - Date.parse(start);
  if (!Number.isFinite(span) || span < 0) return null;
  return Math.round(span / DAY_MS);
}

/**
 * One row per provider and pull: the resources whose latest pull is the same one (same
 * status, range, timeline and bulk operation) share a row. Providers in alphabetical order.
 */
export function pullRows(users: readonly UserPullsLike[]): PullRow[] {
  const rows: PullRow[] = [];
  for (const user of users) {
    for (const provider of Object.keys(user.provider).sort(byText)) {
      const groups = new Map<string, PullRow>();
      const pulled = user.provider[provider]?.pulled ?? {};
      for (const resource of Object.keys(pulled).sort(byText)) {
        const pull = pulled[resource]!;
        const key = JSON.stringify([pull.status, pull.range_start, pull.range_end, pull.timeline, pull.days_with_data, pull.trace_id, pull.error_details]);
        const existing = groups.get(key);
        if (existing) {
          existing.resources.push(resource);
          continue;
        }
        const rangeDays = daysInRange(pull.range_start, pull.range_end);
        const daysWithData = pull.days_with_data ?? 0;
        groups.set(key, {
          provider,
          resources: [resource],
          status: pull.status,
          rangeStart: pull.range_start ?? null,
          rangeEnd: pull.range_end ?? null,
          scheduledAt: pull.timeline.scheduled_at,
          startedAt: pull.timeline.started_at ?? null,
          endedAt: pull.timeline.ended_at ?? null,
          daysWithData,
          rangeDays,
          percent: rangeDays ? Math.min(100, Math.floor((daysWithData / rangeDays) * 100)) : null,
          error: pull.error_details ?? null,
          traceId: pull.trace_id ?? null,
        });
      }
      rows.push(...groups.values());
    }
  }
  return rows;
}

/** Per provider, the resources no pull covered (only providers with some). */
export function notPulled(users: readonly UserPullsLike[]): { provider: string; resources: string[] }[] {
  return users.flatMap((user) =>
    Object.keys(user.provider)
      .sort(byText)
      .map((provider) => ({ provider, resources: [...(user.provider[provider]?.not_pulled ?? [])].sort(byText) }))
      .filter((entry) => entry.resources.length > 0),
  );
}

/** A pull's progress as text: `31 of 31 days (100%)`, `0 days` before its range is fixed. */
export function pullProgressText(row: Pick<PullRow, 'daysWithData' | 'rangeDays' | 'percent'>): string {
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  if (row.rangeDays === null || row.percent === null) return days(row.daysWithData);
  return `${row.daysWithData} of ${days(row.rangeDays)} (${row.percent}%)`;
}
