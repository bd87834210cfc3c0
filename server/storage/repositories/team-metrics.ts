import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

export interface TeamMetricsRecord {
  number_of_users: number;
  number_of_connected_sources: number;
  number_of_errored_connected_sources: number;
  number_of_ordered_tests: number;
  /** Per week start given: connections made that week, and made before its end. */
  weeks: { date: string; value: number; all: number }[];
}

/**
 * The team's counts as stored now (GET /v2/user/metrics), in one statement. `week_starts` are
 * the weeks' first instants, oldest first (server/domain/users/metrics.ts); each week is 7 days.
 * A connection has no status of its own here, so none counts as errored.
 */
export async function teamMetrics(db: Queryable, input: { team_id: string; week_starts: readonly string[] }): Promise<TeamMetricsRecord> {
  if (!isUuid(input.team_id)) return { number_of_users: 0, number_of_connected_sources: 0, number_of_errored_connected_sources: 0, number_of_ordered_tests: 0, weeks: [] };
  const row = await db.one<Omit<TeamMetricsRecord, 'weeks'> & { weeks: { date: string; value: number; all: number }[] }>(
    `SELECT (SELECT count(*)::int FROM users WHERE team_id = $1) AS number_of_users,
            (SELECT count(*)::int FROM connections WHERE team_id = $1) AS number_of_connected_sources,
            0 AS number_of_errored_connected_sources,
            (SELECT count(*)::int FROM lab_orders WHERE team_id = $1) AS number_of_ordered_tests,
            (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'date', to_char(w.start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                'value', (SELECT count(*) FROM connections c WHERE c.team_id = $1 AND c.created_on >= w.start AND c.created_on < w.start + interval '7 days'),
                'all', (SELECT count(*) FROM connections c WHERE c.team_id = $1 AND c.created_on < w.start + interval '7 days'))
              ORDER BY w.start), '[]')
             FROM unnest($2::timestamptz[]) AS w(start)) AS weeks`,
    [input.team_id, input.week_starts],
  );
  return row!;
}

export interface PhysicianRecord {
  first_name: string;
  last_name: string;
  npi: string;
}

/**
 * The physicians named on the team's lab orders, one per NPI (as its latest order names them),
 * by last name, first name and NPI.
 */
export async function listTeamPhysicians(db: Queryable, input: { team_id: string }): Promise<PhysicianRecord[]> {
  if (!isUuid(input.team_id)) return [];
  return db.query<PhysicianRecord>(
    `SELECT first_name, last_name, npi FROM (
       SELECT DISTINCT ON (body -> 'physician' ->> 'npi')
              body -> 'physician' ->> 'first_name' AS first_name, body -> 'physician' ->> 'last_name' AS last_name,
              body -> 'physician' ->> 'npi' AS npi
       FROM lab_orders WHERE team_id = $1 AND body -> 'physician' ->> 'npi' IS NOT NULL
       ORDER BY body -> 'physician' ->> 'npi', created_at DESC, id DESC) p
     ORDER BY last_name, first_name, npi`,
    [input.team_id],
  );
}
