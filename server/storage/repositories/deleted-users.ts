import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

// The archives of deleted users (migration 050), written by deleteUser (users.ts) and read back
// by POST /v2/user/undo_delete.

export type RestoreUserResult =
  | { status: 'restored'; user_id: string; client_user_id: string }
  /** No archive of the team names the user (or it was deleted before `not_before`). */
  | { status: 'not_found' }
  /** Another user of the team took the client_user_id since the deletion. */
  | { status: 'client_user_id_taken'; client_user_id: string; taken_by: string | null };

/**
 * Restores the team's user deleted at or after `not_before` that `user_id` and/or
 * `client_user_id` name (both given: the same user; by reference alone, its latest deletion):
 * its row, info, insurances, connections, data windows and devices as they were when deleted,
 * then drops the archive. Run it in a transaction (it locks the archive first).
 */
export async function restoreUser(
  db: Queryable,
  input: { team_id: string; user_id: string | null; client_user_id: string | null; not_before: string },
): Promise<RestoreUserResult> {
  if (!isUuid(input.team_id) || (input.user_id !== null && !isUuid(input.user_id))) return { status: 'not_found' };
  const found = await db.one<{ user_id: string; client_user_id: string }>(
    `SELECT user_id, client_user_id FROM deleted_users
     WHERE team_id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid) AND ($3::text IS NULL OR client_user_id = $3::text)
       AND deleted_at >= $4::timestamptz
     ORDER BY deleted_at DESC LIMIT 1 FOR UPDATE`,
    [input.team_id, input.user_id, input.client_user_id, input.not_before],
  );
  if (!found) return { status: 'not_found' };
  // The user first (every other row refers to it), then each table's rows as they were archived.
  // The user's client_user_id may have been taken since the deletion, or be taken right now by a
  // user being created or another archive being restored (on PostgreSQL, a transaction running
  // beside this one): the insert writes nothing then (waiting for such a transaction to end),
  // and the answer names the user that holds it.
  const restored = await db.one<{ id: string }>(
    `INSERT INTO users SELECT * FROM jsonb_populate_record(NULL::users, (SELECT archive -> 'user' FROM deleted_users WHERE user_id = $1))
     ON CONFLICT (team_id, client_user_id) DO NOTHING RETURNING id`,
    [found.user_id],
  );
  if (!restored) {
    const taken = await db.one<{ id: string }>(`SELECT id FROM users WHERE team_id = $1 AND client_user_id = $2`, [input.team_id, found.client_user_id]);
    // Taken and deleted again between the two statements: as good as taken (the caller may try again).
    return { status: 'client_user_id_taken', client_user_id: found.client_user_id, taken_by: taken?.id ?? null };
  }
  const restore = (table: string) =>
    `INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, (SELECT archive -> '${table}' FROM deleted_users WHERE user_id = $1))`;
  for (const table of ['user_infos', 'insurances', 'connections', 'data_windows', 'devices']) await db.query(restore(table), [found.user_id]);
  await db.query(`DELETE FROM deleted_users WHERE user_id = $1`, [found.user_id]);
  return { status: 'restored', user_id: found.user_id, client_user_id: found.client_user_id };
}

/** Drops the archives of users deleted before `before` (past their grace period); how many. */
export async function purgeDeletedUsers(db: Queryable, input: { before: string }): Promise<number> {
  const rows = await db.query(`DELETE FROM deleted_users WHERE deleted_at < $1::timestamptz RETURNING user_id`, [input.before]);
  return rows.length;
}

/** Whether the team has an archive of this user (tests and the dashboard's state checks). */
export async function findDeletedUser(db: Queryable, input: { team_id: string; user_id: string }): Promise<{ deleted_at: string; client_user_id: string } | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one(`SELECT deleted_at, client_user_id FROM deleted_users WHERE team_id = $1 AND user_id = $2`, [input.team_id, input.user_id]);
}
