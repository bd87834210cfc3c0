import type { Queryable } from '../database.js';
import { CONNECTION_COLUMN_NAMES, type ConnectionRecord } from './connections.js';
import { isUniqueViolation, isUuid, prefixedColumns, selectPrefixed } from './support.js';

// Every user query is scoped by team: a user of another team is simply not found.

export interface FallbackTimeZone {
  /** IANA time zone id. */
  id: string;
  source_slug: string;
  updated_at: string;
}

export interface FallbackBirthDate {
  /** YYYY-MM-DD */
  value: string;
  source_slug: string;
  updated_at: string;
}

export interface UserRecord {
  user_id: string;
  team_id: string;
  client_user_id: string;
  created_on: string;
  fallback_time_zone: FallbackTimeZone | null;
  fallback_birth_date: FallbackBirthDate | null;
  ingestion_start: string | null;
  ingestion_end: string | null;
}

export interface UserSettingsInput {
  fallback_time_zone?: { id: string; source_slug: string } | null;
  fallback_birth_date?: { value: string; source_slug: string } | null;
  ingestion_start?: string | null;
  ingestion_end?: string | null;
}

export type CreateUserResult =
  | { status: 'created'; user: UserRecord }
  /** The team already has a user with this client_user_id. */
  | { status: 'conflict'; reason: 'client_user_id_taken'; user_id: string };

interface UserRow {
  id: string;
  team_id: string;
  client_user_id: string;
  created_on: string;
  fallback_time_zone: string | null;
  fallback_time_zone_source: string | null;
  fallback_time_zone_updated_at: string | null;
  fallback_birth_date: string | null;
  fallback_birth_date_source: string | null;
  fallback_birth_date_updated_at: string | null;
  ingestion_start: string | null;
  ingestion_end: string | null;
}

const COLUMNS = `id, team_id, client_user_id, created_on,
  fallback_time_zone, fallback_time_zone_source, fallback_time_zone_updated_at,
  fallback_birth_date, fallback_birth_date_source, fallback_birth_date_updated_at,
  ingestion_start, ingestion_end`;

function toUser(row: UserRow): UserRecord {
  return {
    user_id: row.id,
    team_id: row.team_id,
    client_user_id: row.client_user_id,
    created_on: row.created_on,
    fallback_time_zone:
      row.fallback_time_zone === null
        ? null
        : {
            id: row.fallback_time_zone,
            source_slug: row.fallback_time_zone_source ?? 'manual',
            updated_at: row.fallback_time_zone_updated_at ?? row.created_on,
          },
    fallback_birth_date:
      row.fallback_birth_date === null
        ? null
        : {
            value: row.fallback_birth_date,
            source_slug: row.fallback_birth_date_source ?? 'manual',
            updated_at: row.fallback_birth_date_updated_at ?? row.created_on,
          },
    ingestion_start: row.ingestion_start,
    ingestion_end: row.ingestion_end,
  };
}

/**
 * Creates a user, or reports the team's existing user with that client_user_id. Uses
 * ON CONFLICT rather than catching SQLSTATE 23505 so that an enclosing PostgreSQL
 * transaction stays usable; concurrent creates of one client_user_id yield one user.
 */
export async function createUser(
  db: Queryable,
  input: { team_id: string; client_user_id: string; id?: string } & UserSettingsInput,
): Promise<CreateUserResult> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await db.one<UserRow>(
      `INSERT INTO users (id, team_id, client_user_id,
         fallback_time_zone, fallback_time_zone_source, fallback_time_zone_updated_at,
         fallback_birth_date, fallback_birth_date_source, fallback_birth_date_updated_at,
         ingestion_start, ingestion_end)
       VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3,
         $4::text, $5::text, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END,
         $6::date, $7::text, CASE WHEN $6::date IS NULL THEN NULL ELSE now() END,
         $8::date, $9::date)
       ON CONFLICT ON CONSTRAINT users_team_id_client_user_id_key DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        input.id ?? null,
        input.team_id,
        input.client_user_id,
        input.fallback_time_zone?.id ?? null,
        input.fallback_time_zone?.source_slug ?? null,
        input.fallback_birth_date?.value ?? null,
        input.fallback_birth_date?.source_slug ?? null,
        input.ingestion_start ?? null,
        input.ingestion_end ?? null,
      ],
    );
    if (row) return { status: 'created', user: toUser(row) };
    const existing = await findUserByClientUserId(db, { team_id: input.team_id, client_user_id: input.client_user_id });
    if (existing) return { status: 'conflict', reason: 'client_user_id_taken', user_id: existing.user_id };
    // The conflicting user was deleted in between: try again.
  }
  throw new Error(`Could not create user ${input.client_user_id}: it keeps being created and deleted concurrently`);
}

export async function findUser(db: Queryable, input: { team_id: string; user_id: string }): Promise<UserRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const row = await db.one<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND team_id = $2`, [
    input.user_id,
    input.team_id,
  ]);
  return row && toUser(row);
}

export async function findUserByClientUserId(
  db: Queryable,
  input: { team_id: string; client_user_id: string },
): Promise<UserRecord | null> {
  if (!isUuid(input.team_id)) return null;
  const row = await db.one<UserRow>(`SELECT ${COLUMNS} FROM users WHERE team_id = $1 AND client_user_id = $2`, [
    input.team_id,
    input.client_user_id,
  ]);
  return row && toUser(row);
}

/**
 * Deletes the user and (by cascade) its info, insurances, connections, tokens, and lab orders
 * with their results and simulations. A simulation step locks its simulation's row, then its
 * order's (jobs/lab-orders/simulator.ts), and the cascade locks the orders, then their
 * simulations: so the statement first locks the user's simulations, waiting for a step that
 * holds one to end, instead of waiting for it while holding its order (a deadlock on
 * PostgreSQL, which aborted the delete or the step).
 */
/** `at`: the deletion's instant (default: the database's now), from which the grace period of a restore runs. */
export async function deleteUser(db: Queryable, input: { team_id: string; user_id: string; at?: string }): Promise<boolean> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return false;
  // The archive a restore reads (deleted-users.ts) is written by the same statement, from the
  // rows as they were: the delete and its archive are stored together or not at all.
  const rows = await db.query(
    `WITH simulations AS (
       SELECT s.order_id FROM lab_order_simulations s JOIN lab_orders o ON o.id = s.order_id
       WHERE o.team_id = $2 AND o.user_id = $1
       FOR UPDATE OF s
     ), archived AS (
       ${ARCHIVE_USER}
     )
     DELETE FROM users WHERE id = $1 AND team_id = $2 AND (SELECT count(*) FROM simulations) >= 0
       AND (SELECT count(*) FROM archived) >= 0 RETURNING id`,
    [input.user_id, input.team_id, input.at ?? null],
  );
  return rows.length > 0;
}

/**
 * Archives user $1 of team $2 as deleted at $3: its row and the rows a restore brings back, each
 * as to_jsonb of the row (restore-user in deleted-users.ts puts them back as they were).
 */
const ARCHIVE_USER = `INSERT INTO deleted_users AS d (user_id, team_id, client_user_id, deleted_at, archive)
       SELECT u.id, u.team_id, u.client_user_id, coalesce($3::timestamptz, now()), jsonb_build_object(
         'user', to_jsonb(u),
         'user_infos', (SELECT coalesce(jsonb_agg(to_jsonb(x)), '[]') FROM user_infos x WHERE x.user_id = u.id),
         'insurances', (SELECT coalesce(jsonb_agg(to_jsonb(x)), '[]') FROM insurances x WHERE x.user_id = u.id),
         'connections', (SELECT coalesce(jsonb_agg(to_jsonb(x)), '[]') FROM connections x WHERE x.user_id = u.id),
         'data_windows', (SELECT coalesce(jsonb_agg(to_jsonb(x)), '[]') FROM data_windows x WHERE x.user_id = u.id),
         'devices', (SELECT coalesce(jsonb_agg(to_jsonb(x)), '[]') FROM devices x WHERE x.user_id = u.id))
       FROM users u WHERE u.id = $1 AND u.team_id = $2
       ON CONFLICT (user_id) DO UPDATE SET team_id = excluded.team_id, client_user_id = excluded.client_user_id,
         deleted_at = excluded.deleted_at, archive = excluded.archive
       RETURNING d.user_id`;

export interface UserPatch {
  /** Absent: unchanged; null: cleared. */
  fallback_time_zone?: { id: string; source_slug: string } | null;
  fallback_birth_date?: { value: string; source_slug: string } | null;
  ingestion_start?: string | null;
  ingestion_end?: string | null;
  /** Absent: unchanged (a user always has one). */
  client_user_id?: string;
}

export type UpdateUserResult =
  | { status: 'updated'; user: UserRecord }
  | { status: 'not_found' }
  | { status: 'conflict'; reason: 'client_user_id_taken'; user_id: string }
  /** The bounds the user would have (the patch's over the stored ones) are not in order. */
  | { status: 'unordered_bounds'; ingestion_start: string; ingestion_end: string };

/**
 * Applies a patch to the team's user in one statement: the fields present change (`updated_at`
 * of a fallback moves only when its value or source changed), the others stay. Bounds out of
 * order (after the patch, with the stored bound the patch leaves) and a client_user_id another
 * user of the team has (or takes while this runs) change nothing. Run it in a transaction (it
 * locks the user's row first).
 */
export async function updateUser(db: Queryable, input: { team_id: string; user_id: string; patch: UserPatch; at: string }): Promise<UpdateUserResult> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return { status: 'not_found' };
  const current = await db.one<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND team_id = $2 FOR UPDATE`, [input.user_id, input.team_id]);
  if (!current) return { status: 'not_found' };
  const { patch } = input;
  const start = 'ingestion_start' in patch ? (patch.ingestion_start ?? null) : current.ingestion_start;
  const end = 'ingestion_end' in patch ? (patch.ingestion_end ?? null) : current.ingestion_end;
  if (start !== null && end !== null && start > end) return { status: 'unordered_bounds', ingestion_start: start, ingestion_end: end };
  const renamed = patch.client_user_id !== undefined && patch.client_user_id !== current.client_user_id ? patch.client_user_id : null;
  if (renamed === null) return applyUserPatch(db, input);
  // Another user may have the new client_user_id, or take it beside this transaction
  // (PostgreSQL: a user created or renamed, committing while the update waits on the unique
  // index): the update then fails on the index, and is answered as a reference taken, naming
  // the holder. A savepoint keeps this transaction usable after the failure.
  for (let attempt = 1; ; attempt += 1) {
    await db.query('SAVEPOINT rename_user');
    try {
      const result = await applyUserPatch(db, input);
      await db.query('RELEASE SAVEPOINT rename_user');
      return result;
    } catch (error) {
      if (!isUniqueViolation(error, 'users_team_id_client_user_id_key')) throw error;
      await db.query('ROLLBACK TO SAVEPOINT rename_user');
      const taken = await db.one<{ id: string }>(`SELECT id FROM users WHERE team_id = $1 AND client_user_id = $2`, [input.team_id, renamed]);
      if (taken) return { status: 'conflict', reason: 'client_user_id_taken', user_id: taken.id };
      // Taken and freed again since: try again, a few times.
      if (attempt === 3) throw error;
    }
  }
}

/** The update of updateUser, its rules checked. */
async function applyUserPatch(db: Queryable, input: { team_id: string; user_id: string; patch: UserPatch; at: string }): Promise<UpdateUserResult> {
  const { patch } = input;
  const zone = 'fallback_time_zone' in patch ? (patch.fallback_time_zone ?? null) : undefined;
  const birth = 'fallback_birth_date' in patch ? (patch.fallback_birth_date ?? null) : undefined;
  const row = await db.one<UserRow>(
    `UPDATE users SET
       client_user_id = coalesce($3::text, client_user_id),
       fallback_time_zone = CASE WHEN $4::boolean THEN $5::text ELSE fallback_time_zone END,
       fallback_time_zone_source = CASE WHEN $4::boolean THEN $6::text ELSE fallback_time_zone_source END,
       fallback_time_zone_updated_at = CASE
         WHEN NOT $4::boolean THEN fallback_time_zone_updated_at
         WHEN $5::text IS NULL THEN NULL
         WHEN fallback_time_zone IS NOT DISTINCT FROM $5::text AND fallback_time_zone_source IS NOT DISTINCT FROM $6::text THEN fallback_time_zone_updated_at
         ELSE $13::timestamptz END,
       fallback_birth_date = CASE WHEN $7::boolean THEN $8::date ELSE fallback_birth_date END,
       fallback_birth_date_source = CASE WHEN $7::boolean THEN $9::text ELSE fallback_birth_date_source END,
       fallback_birth_date_updated_at = CASE
         WHEN NOT $7::boolean THEN fallback_birth_date_updated_at
         WHEN $8::date IS NULL THEN NULL
         WHEN fallback_birth_date IS NOT DISTINCT FROM $8::date AND fallback_birth_date_source IS NOT DISTINCT FROM $9::text THEN fallback_birth_date_updated_at
         ELSE $13::timestamptz END,
       ingestion_start = CASE WHEN $10::boolean THEN $11::date ELSE ingestion_start END,
       ingestion_end = CASE WHEN $12::boolean THEN $14::date ELSE ingestion_end END
     WHERE id = $1 AND team_id = $2
     RETURNING ${COLUMNS}`,
    [
      input.user_id,
      input.team_id,
      patch.client_user_id ?? null,
      zone !== undefined,
      zone?.id ?? null,
      zone?.source_slug ?? null,
      birth !== undefined,
      birth?.value ?? null,
      birth?.source_slug ?? null,
      'ingestion_start' in patch,
      patch.ingestion_start ?? null,
      'ingestion_end' in patch,
      input.at,
      patch.ingestion_end ?? null,
    ],
  );
  return row ? { status: 'updated', user: toUser(row) } : { status: 'not_found' };
}

/** A user found by a search, with its connections (oldest first, then by provider). */
export interface UserWithConnections {
  user: UserRecord;
  connections: ConnectionRecord[];
}

/**
 * The team's users whose id is `query` or whose client_user_id is `query` (exactly), newest
 * first: at most two (one by id, one by reference), each with its connections, in one statement.
 * Each match is a lookup in a unique index and its connections one in another: written as two
 * lookups (not `client_user_id = $2 OR id = $3`, which PostgreSQL answers with a bitmap scan that
 * asks the file system for the table's size on every run), with scalar parameters only, so that
 * one plan serves every search.
 */
export async function searchUsersWithConnections(db: Queryable, input: { team_id: string; query: string }): Promise<UserWithConnections[]> {
  if (!isUuid(input.team_id)) return [];
  const byId = isUuid(input.query) ? input.query : null;
  const rows = await db.query<UserRow & Record<`c_${string}`, unknown>>(
    `WITH found AS (
       SELECT ${COLUMNS} FROM users WHERE team_id = $1 AND client_user_id = $2
       UNION ALL
       SELECT ${COLUMNS} FROM users WHERE team_id = $1 AND id = $3::uuid AND client_user_id <> $2
     )
     SELECT f.*, ${selectPrefixed('c', 'c_', CONNECTION_COLUMN_NAMES)}
     FROM found f LEFT JOIN connections c ON c.user_id = f.id AND c.team_id = f.team_id
     ORDER BY f.created_on DESC, f.id DESC, c.created_on, c.provider`,
    [input.team_id, input.query, byId],
  );
  const found: UserWithConnections[] = [];
  for (const row of rows) {
    let last = found[found.length - 1];
    if (!last || last.user.user_id !== row.id) found.push((last = { user: toUser(row), connections: [] }));
    if (row.c_id !== null) last.connections.push(prefixedColumns(row, 'c_', CONNECTION_COLUMN_NAMES) as unknown as ConnectionRecord);
  }
  return found;
}

export interface UserPage {
  users: UserRecord[];
  /** How many users of the team match (every page's). */
  total: number;
}

/**
 * A page of the team's users, newest first (ties by id, descending), and how many match.
 * `search`: client_user_id contains `contains` ignoring case, or the id is `user_id`.
 * Without a search, the count and the page each walk users_team_created_idx (migration
 * 009); with one, a single statement filters the team's users once and counts the matches
 * beside the page (count(*) OVER ()), a second only when the offset is past them all.
 */
export async function listUsers(
  db: Queryable,
  input: { team_id: string; offset: number; limit: number; search: { contains: string; user_id: string | null } | null },
): Promise<UserPage> {
  if (!isUuid(input.team_id)) return { users: [], total: 0 };
  if (!input.search) {
    const counted = await db.one<{ total: number }>(`SELECT count(*)::int AS total FROM users WHERE team_id = $1`, [input.team_id]);
    const total = counted?.total ?? 0;
    if (input.offset >= total) return { users: [], total };
    const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE team_id = $1 ORDER BY created_on DESC, id DESC OFFSET $2 LIMIT $3`, [
      input.team_id,
      input.offset,
      input.limit,
    ]);
    return { users: rows.map(toUser), total };
  }
  const filter = 'team_id = $1 AND (strpos(lower(client_user_id), lower($2::text)) > 0 OR id = $3::uuid)';
  const params = [input.team_id, input.search.contains, input.search.user_id];
  const rows = await db.query<UserRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM users WHERE ${filter}
     ORDER BY created_on DESC, id DESC OFFSET $4 LIMIT $5`,
    [...params, input.offset, input.limit],
  );
  if (rows.length > 0) return { users: rows.map(toUser), total: rows[0]!.total };
  const counted = await db.one<{ total: number }>(`SELECT count(*)::int AS total FROM users WHERE ${filter}`, params);
  return { users: [], total: counted?.total ?? 0 };
}

/** The user of this id in any team (a signed page names a user by its id alone: user-pages.ts). */
export async function findUserOfAnyTeam(db: Queryable, userId: string): Promise<UserRecord | null> {
  if (!isUuid(userId)) return null;
  const row = await db.one<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [userId]);
  return row && toUser(row);
}
