/** A team's order of sources per data type (migration 052), for GET/PATCH /v2/team/source/priorities. */
import type { Queryable } from '../database.js';
import { isUuid, lockNames } from './support.js';

export interface StoredSourcePriority {
  data_type: string;
  /** The providers the team put first, in its order. */
  providers: string[];
  /** When the team set them (ISO 8601, UTC, milliseconds). */
  updated_at: string;
}

/** The team's stored orders (data types never set have no row), of `data_type` alone when given. */
export async function listSourcePriorities(db: Queryable, input: { team_id: string; data_type?: string | null }): Promise<StoredSourcePriority[]> {
  if (!isUuid(input.team_id)) return [];
  return db.query<StoredSourcePriority>(
    `SELECT data_type, providers, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
     FROM team_source_priorities WHERE team_id = $1 AND ($2::text IS NULL OR data_type = $2) ORDER BY data_type`,
    [input.team_id, input.data_type ?? null],
  );
}

/**
 * Sets the orders of the data types in `change` in one statement (all or nothing): a non-empty
 * list replaces the stored one, an empty list removes it (back to the default order). Data
 * types not in `change` keep theirs. Run it in a transaction: it first takes the team's lock of
 * its priorities (lockNames), so that two changes sent at once on
 * PostgreSQL apply one after the other. Without it, each statement's removals saw only the
 * rows committed when it started (an order being written beside it stayed, mixed with the other
 * body), and the two statements' row locks, taken in different orders, could deadlock.
 */
export async function setSourcePriorities(db: Queryable, input: { team_id: string; change: Record<string, readonly string[]>; at: string }): Promise<void> {
  if (!isUuid(input.team_id) || Object.keys(input.change).length === 0) return;
  await lockNames(db, [{ name: `team_source_priorities ${input.team_id}` }]);
  await db.query(
    `WITH change AS (
       SELECT c.key AS data_type,
              ARRAY(SELECT e.value FROM jsonb_array_elements_text(c.value) WITH ORDINALITY AS e(value, n) ORDER BY e.n) AS providers
       FROM jsonb_each($2::jsonb) AS c),
     removed AS (
       DELETE FROM team_source_priorities t USING change c
       WHERE t.team_id = $1 AND t.data_type = c.data_type AND cardinality(c.providers) = 0)
     INSERT INTO team_source_priorities (team_id, data_type, providers, updated_at)
     SELECT $1, data_type, providers, $3::timestamptz FROM change WHERE cardinality(providers) > 0
     ON CONFLICT (team_id, data_type) DO UPDATE SET providers = excluded.providers, updated_at = excluded.updated_at`,
    [input.team_id, JSON.stringify(input.change), input.at],
  );
}
