import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

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
export async function deleteUser(db: Queryable, input: { team_id: string; user_id: string }): Promise<boolean> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return false;
  const rows = await db.query(
    `WITH simulations AS (
       SELECT s.order_id FROM lab_order_simulations s JOIN lab_orders o ON o.id = s.order_id
       WHERE o.team_id = $2 AND o.user_id = $1
       FOR UPDATE OF s
     )
     DELETE FROM users WHERE id = $1 AND team_id = $2 AND (SELECT count(*) FROM simulations) >= 0 RETURNING id`,
    [input.user_id, input.team_id],
  );
  return rows.length > 0;
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
