/**
 * The planner statistics of the tables the team reads walk (users, connections, data windows,
 * and the historical pulls introspection lists: bulk triggers, their ops and chunk progress),
 * for PGlite, which runs no autovacuum (jobs/database/table-statistics.ts decides when).
 *
 * Without statistics the planner guesses that a team holds 0.5% of the users: a page of the
 * team's users (introspection, GET /v2/user) then reads every user after the cursor and sorts
 * them for the 51 it keeps, instead of walking users_team_created_idx in order, and a page's
 * connections are read by a scan of the whole table instead of one index probe per user. The
 * bulk pull worker analyses its own tables only after thousands of triggers
 * (bulk-pull-housekeeping.ts): until then a page of historical pulls found its users' triggers
 * among all the team's instead of by one probe per user.
 */
import type { Database } from '../database.js';

/** The tables whose statistics this keeps. A fixed list: the names below are the only ones ever put in a statement. */
export const READ_PATH_TABLES = ['users', 'connections', 'data_windows', 'bulk_triggers', 'bulk_ops', 'bulk_pull_progress'] as const;

/** PostgreSQL's autovacuum_analyze_threshold and autovacuum_analyze_scale_factor (their defaults). */
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * The tables of READ_PATH_TABLES that are due, as autovacuum judges them: never analysed (no
 * row estimate in pg_class, as after PGlite opens a store nothing analysed), or changed by more
 * than ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR x their estimated rows since their last
 * analysis (pg_stat_user_tables, counted since the store was opened).
 */
export async function tablesDueForAnalysis(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT t.name
     FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n)
     JOIN pg_class c ON c.oid = to_regclass(t.name)
     LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
     WHERE c.reltuples < 0 OR coalesce(s.n_mod_since_analyze, 0) > $2 + $3 * c.reltuples
     ORDER BY t.n`,
    [READ_PATH_TABLES, ANALYZE_THRESHOLD, ANALYZE_SCALE_FACTOR],
  );
  return rows.map((row) => row.name);
}

/** ANALYZE of those of `tables` that are READ_PATH_TABLES (any other name is ignored). */
export async function analyzeTables(db: Database, tables: readonly string[]): Promise<void> {
  const known = READ_PATH_TABLES.filter((table) => tables.includes(table));
  if (known.length > 0) await db.exec(`ANALYZE ${known.join(', ')}`);
}

/** The planner's row estimate of each of READ_PATH_TABLES (-1: never analysed). */
export async function tableRowEstimates(db: Database): Promise<Record<string, number>> {
  const rows = await db.query<{ name: string; estimate: number }>(
    `SELECT t.name, c.reltuples::float8 AS estimate FROM unnest($1::text[]) AS t(name) JOIN pg_class c ON c.oid = to_regclass(t.name)`,
    [READ_PATH_TABLES],
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.estimate)]));
}
