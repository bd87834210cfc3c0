import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/**
 * The readable window of one connection's derived data (migration 008): local days from
 * `history_start` to the day of `synced_through`, each as of `synced_through`, within the
 * ingestion bounds of its last sync and of its user (migration 020; server/domain/data/windows.ts).
 */
export interface DataWindowRecord {
  user_id: string;
  team_id: string;
  provider: string;
  source_type: string;
  /** First readable local day, YYYY-MM-DD. */
  history_start: string;
  /** Instant the data was last synced (and announced) up to. */
  synced_through: string;
  opened_at: string;
  /** Set once the provider was deregistered: no more sync; the history stays readable. */
  ended_at: string | null;
  /** The user's fallback_time_zone (null: UTC), the zone the window's days are local to. */
  time_zone: string | null;
  /** The user's ingestion bounds (YYYY-MM-DD, null: unbounded). */
  ingestion_start: string | null;
  ingestion_end: string | null;
  /** The ingestion bounds the window's last sync applied (at its opening: the user's then). */
  synced_ingestion_start: string | null;
  synced_ingestion_end: string | null;
}

interface WindowKey {
  team_id: string;
  user_id: string;
  provider: string;
}

const COLUMNS =
  'w.user_id, w.team_id, w.provider, w.source_type, w.history_start, w.synced_through, w.opened_at, w.ended_at, u.fallback_time_zone AS time_zone, ' +
  'u.ingestion_start, u.ingestion_end, w.synced_ingestion_start, w.synced_ingestion_end';

/** Runs an `UPDATE data_windows w ... RETURNING w.*` and answers the updated row as a record. */
function updated(db: Queryable, update: string, params: unknown[]): Promise<DataWindowRecord | null> {
  return db.one<DataWindowRecord>(
    `WITH changed AS (${update} RETURNING w.*) SELECT ${COLUMNS} FROM changed w JOIN users u ON u.id = w.user_id`,
    params,
  );
}

/**
 * Opens the window of a new connection, with the user's ingestion bounds as the bounds applied so
 * far. An open window of the same (user, provider) is kept as it is (connecting twice changes
 * nothing); an ended one is opened anew from `opened_at`. Null when the user is not in the team.
 */
export async function openDataWindow(
  db: Queryable,
  input: WindowKey & { source_type: string; history_start: string; opened_at: string },
): Promise<DataWindowRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  await db.query(
    `INSERT INTO data_windows AS w (user_id, team_id, provider, source_type, history_start, synced_through, opened_at,
                                    synced_ingestion_start, synced_ingestion_end)
     SELECT u.id, u.team_id, $3, $4, $5::date, $6::timestamptz, $6::timestamptz, u.ingestion_start, u.ingestion_end
     FROM users u WHERE u.id = $1 AND u.team_id = $2
     ON CONFLICT (user_id, provider) DO UPDATE
       SET source_type = excluded.source_type, history_start = excluded.history_start,
           synced_through = excluded.synced_through, opened_at = excluded.opened_at, ended_at = NULL,
           synced_ingestion_start = excluded.synced_ingestion_start, synced_ingestion_end = excluded.synced_ingestion_end
       WHERE w.ended_at IS NOT NULL`,
    [input.user_id, input.team_id, input.provider, input.source_type, input.history_start, input.opened_at],
  );
  const [window] = await findDataWindows(db, input);
  return window ?? null;
}

/** The user's windows (one provider's when `provider` is given), by provider; empty when none. */
export async function findDataWindows(
  db: Queryable,
  input: { team_id: string; user_id: string; provider?: string | null },
): Promise<DataWindowRecord[]> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return [];
  const byProvider = input.provider ? 'AND w.provider = $3' : '';
  return db.query<DataWindowRecord>(
    `SELECT ${COLUMNS} FROM data_windows w JOIN users u ON u.id = w.user_id
     WHERE w.user_id = $1 AND w.team_id = $2 ${byProvider}
     ORDER BY w.provider`,
    input.provider ? [input.user_id, input.team_id, input.provider] : [input.user_id, input.team_id],
  );
}

/** A team's user as the data reads need it (its canonical id and time zone) with its windows. */
export interface UserDataWindows {
  user_id: string;
  /** The user's fallback_time_zone (null: UTC). */
  time_zone: string | null;
  windows: DataWindowRecord[];
  /**
   * The providers the team put first for `priority` (team_source_priorities, migration 052), in
   * its order; null when it never ordered that data type, or when no `priority` was asked for.
   */
  source_priorities: string[] | null;
}

/**
 * The team's user `user_id` and its windows (of `provider` when given, by provider) in one
 * statement, as every data read starts; null when the team has no such user. With `priority`
 * (a data type of the team's source priorities), the same statement reads the team's order of
 * that data type's sources.
 */
export async function findUserDataWindows(
  db: Queryable,
  input: { team_id: string; user_id: string; provider?: string | null; priority?: string | null },
): Promise<UserDataWindows | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const params: unknown[] = [input.user_id, input.team_id];
  let byProvider = '';
  if (input.provider) {
    params.push(input.provider);
    byProvider = `AND w.provider = $${params.length}`;
  }
  let priorities = 'NULL::text[]';
  if (input.priority) {
    params.push(input.priority);
    priorities = `(SELECT p.providers FROM team_source_priorities p WHERE p.team_id = $2 AND p.data_type = $${params.length})`;
  }
  const rows = await db.query<DataWindowRecord & { the_user_id: string; has_window: boolean; source_priorities: string[] | null }>(
    `SELECT u.id AS the_user_id, w.user_id IS NOT NULL AS has_window, ${priorities} AS source_priorities, ${COLUMNS}
     FROM users u LEFT JOIN data_windows w ON w.user_id = u.id AND w.team_id = u.team_id ${byProvider}
     WHERE u.id = $1 AND u.team_id = $2
     ORDER BY w.provider`,
    params,
  );
  const first = rows[0];
  if (!first) return null;
  const windows = rows.filter((row) => row.has_window).map(({ the_user_id: _user, has_window: _has, source_priorities: _priorities, ...window }) => window);
  return { user_id: first.the_user_id, time_zone: first.time_zone, windows, source_priorities: first.source_priorities };
}

/**
 * A historical pull reached back to `start_date`: the window's history starts there unless it
 * already started earlier. Applies to an ended window too (its history stays readable).
 */
export async function extendHistory(
  db: Queryable,
  input: WindowKey & { start_date: string },
): Promise<DataWindowRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return updated(
    db,
    `UPDATE data_windows w SET history_start = least(w.history_start, $4::date)
     WHERE w.user_id = $1 AND w.team_id = $2 AND w.provider = $3`,
    [input.user_id, input.team_id, input.provider, input.start_date],
  );
}

/**
 * A sync delivered the window's data up to `to`. Only an open window moves, and only forward.
 * With `from`, only when `synced_through` is still `from` (a sync that lost a race to another
 * process gets null and emits nothing).
 */
export async function advanceSyncedThrough(
  db: Queryable,
  input: WindowKey & { to: string; from?: string },
): Promise<DataWindowRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const expected = input.from === undefined ? '' : 'AND w.synced_through = $5::timestamptz';
  const params = [input.user_id, input.team_id, input.provider, input.to];
  if (input.from !== undefined) params.push(input.from);
  return updated(
    db,
    `UPDATE data_windows w SET synced_through = $4::timestamptz
     WHERE w.user_id = $1 AND w.team_id = $2 AND w.provider = $3 AND w.ended_at IS NULL
       AND w.synced_through < $4::timestamptz ${expected}`,
    params,
  );
}

/** Deregistering: the window stops syncing at `at`; null when there was no open window. */
export async function endDataWindow(db: Queryable, input: WindowKey & { at: string }): Promise<DataWindowRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return updated(
    db,
    `UPDATE data_windows w SET ended_at = greatest(w.synced_through, $4::timestamptz)
     WHERE w.user_id = $1 AND w.team_id = $2 AND w.provider = $3 AND w.ended_at IS NULL`,
    [input.user_id, input.team_id, input.provider, input.at],
  );
}

/**
 * A repaired connection's window syncs again from where it stopped (`synced_through`, history
 * kept): its next sync announces what the provider recorded meanwhile. Null when it was open.
 */
export async function resumeDataWindow(db: Queryable, input: WindowKey): Promise<DataWindowRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return updated(
    db,
    `UPDATE data_windows w SET ended_at = NULL
     WHERE w.user_id = $1 AND w.team_id = $2 AND w.provider = $3 AND w.ended_at IS NOT NULL`,
    [input.user_id, input.team_id, input.provider],
  );
}

/** Keyset position in the sync's order: (synced_through, user_id, provider). */
export interface DueWindowPosition {
  synced_through: string;
  user_id: string;
  provider: string;
}

/**
 * The sync's batch: open windows last synced before `before`, least recently synced first,
 * at most `limit`, after `after` when given (the last row of the previous batch).
 */
export async function listDueDataWindows(
  db: Queryable,
  input: { limit: number; before: string; after?: DueWindowPosition | null },
): Promise<DataWindowRecord[]> {
  if (!Number.isInteger(input.limit) || input.limit < 1) throw new RangeError(`limit must be a positive integer, got ${input.limit}`);
  const after = input.after
    ? 'AND (w.synced_through, w.user_id, w.provider) > ($3::timestamptz, $4::uuid, $5)'
    : '';
  const params: unknown[] = [input.before, input.limit];
  if (input.after) params.push(input.after.synced_through, input.after.user_id, input.after.provider);
  return db.query<DataWindowRecord>(
    `SELECT ${COLUMNS} FROM data_windows w JOIN users u ON u.id = w.user_id
     WHERE w.ended_at IS NULL AND w.synced_through < $1::timestamptz ${after}
     ORDER BY w.synced_through, w.user_id, w.provider
     LIMIT $2`,
    params,
  );
}

/**
 * Windows of one provider of the team's users whose id lies in [low, high] (a record id
 * names a prefix of its user's id: server/domain/synthetic/ids.ts).
 */
export async function findDataWindowsByUserIdRange(
  db: Queryable,
  input: { team_id: string; provider: string; low: string; high: string },
): Promise<DataWindowRecord[]> {
  if (!isUuid(input.team_id) || !isUuid(input.low) || !isUuid(input.high)) return [];
  return db.query<DataWindowRecord>(
    `SELECT ${COLUMNS} FROM data_windows w JOIN users u ON u.id = w.user_id
     WHERE w.team_id = $1 AND w.provider = $2 AND w.user_id BETWEEN $3::uuid AND $4::uuid
     ORDER BY w.user_id`,
    [input.team_id, input.provider, input.low, input.high],
  );
}
