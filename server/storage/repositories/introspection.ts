/**
 * What GET /v2/introspect/resources and /historical_pull read (issue 42): a page of the team's
 * users, their connections with their data windows, and the latest historical pull of each
 * (user, provider). Three statements per page whatever its size; nothing here is computed,
 * the rules are in server/domain/introspection/.
 */
import type { Queryable } from '../database.js';
import type { ConnectionStatus } from './connections.js';
import { isUuid } from './support.js';

/** A user of an introspection page, with what its data days depend on. */
export interface IntrospectedUser {
  user_id: string;
  created_on: string;
  /** The user's fallback_time_zone (null: UTC). */
  time_zone: string | null;
  ingestion_start: string | null;
  ingestion_end: string | null;
}

/** The keyset position after a page: its last user, newest first. */
export interface IntrospectionCursor {
  created_on: string;
  id: string;
}

/**
 * A page of the team's users, newest first (created_on, then id, descending): the user `user_id`
 * alone when given, connected to `provider` or not (an empty page when it is not the team's),
 * else with `provider` the users connected to it, else all. `limit + 1` rows are read so the caller knows whether more follow.
 */
export async function listIntrospectedUsers(
  db: Queryable,
  input: { team_id: string; user_id?: string | null; provider?: string | null; after?: IntrospectionCursor | null; limit: number },
): Promise<{ users: IntrospectedUser[]; next: IntrospectionCursor | null }> {
  if (!isUuid(input.team_id) || (input.user_id !== undefined && input.user_id !== null && !isUuid(input.user_id))) return { users: [], next: null };
  const params: unknown[] = [input.team_id, input.limit + 1];
  const where = ['u.team_id = $1'];
  if (input.user_id) {
    params.push(input.user_id);
    where.push(`u.id = $${params.length}`);
  }
  if (input.provider && !input.user_id) {
    params.push(input.provider);
    where.push(`EXISTS (SELECT 1 FROM connections c WHERE c.user_id = u.id AND c.provider = $${params.length})`);
  }
  if (input.after) {
    params.push(input.after.created_on, input.after.id);
    where.push(`(u.created_on, u.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  const rows = await db.query<IntrospectedUser>(
    `SELECT u.id AS user_id, u.created_on, u.fallback_time_zone AS time_zone, u.ingestion_start, u.ingestion_end
     FROM users u WHERE ${where.join(' AND ')}
     ORDER BY u.created_on DESC, u.id DESC
     LIMIT $2`,
    params,
  );
  const users = rows.slice(0, input.limit);
  const last = users[users.length - 1];
  return { users, next: rows.length > input.limit && last ? { created_on: last.created_on, id: last.user_id } : null };
}

/** One connection with its data window (migration 008; null fields when it has none). */
export interface IntrospectedConnection {
  user_id: string;
  provider: string;
  status: ConnectionStatus;
  error_type: string | null;
  status_changed_at: string | null;
  /** The window: first readable local day, last sync, opening; null without a window. */
  history_start: string | null;
  synced_through: string | null;
  opened_at: string | null;
  ended_at: string | null;
  synced_ingestion_start: string | null;
  synced_ingestion_end: string | null;
}

/** The connections of the users (of `provider` alone when given) with their windows, by user then provider. */
export async function listIntrospectedConnections(
  db: Queryable,
  input: { team_id: string; user_ids: readonly string[]; provider?: string | null },
): Promise<IntrospectedConnection[]> {
  const ids = input.user_ids.filter(isUuid);
  if (!isUuid(input.team_id) || ids.length === 0) return [];
  const byProvider = input.provider ? 'AND c.provider = $3' : '';
  return db.query<IntrospectedConnection>(
    `SELECT c.user_id, c.provider, c.status, c.error_type, c.status_changed_at,
            w.history_start, w.synced_through, w.opened_at, w.ended_at, w.synced_ingestion_start, w.synced_ingestion_end
     FROM connections c
     LEFT JOIN data_windows w ON w.user_id = c.user_id AND w.provider = c.provider AND w.team_id = c.team_id
     WHERE c.user_id = ANY ($1::uuid[]) AND c.team_id = $2 ${byProvider}
     ORDER BY c.user_id, c.provider`,
    input.provider ? [ids, input.team_id, input.provider] : [ids, input.team_id],
  );
}

/** The latest historical pull of one (user, provider): its trigger, or an id of its op not written as a trigger yet. */
export interface IntrospectedPull {
  user_id: string;
  provider: string;
  op_id: string;
  /** When the bulk operation was created (the pull was scheduled). */
  scheduled_at: string;
  /** `pending`, `running`, `processed` or `failed` (bulk_triggers.state); `pending` for an id not written yet. */
  state: 'pending' | 'running' | 'processed' | 'failed';
  attempts: number;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  /** The range the pull fixed (migration 075), or, while it runs, its chunk progress's. */
  range_start: string | null;
  range_end: string | null;
  /** While it runs over several chunks: the first day not fetched yet. */
  next_date: string | null;
}

/**
 * The latest pull (by its op's creation, then op id) of each (user, provider) of the users, of
 * `provider` alone when given: the written triggers (bulk_triggers) and the ids an op has not
 * written as triggers yet (bulk_ops.pending_user_ids past the written ones, migration 005).
 */
export async function listLatestHistoricalPulls(
  db: Queryable,
  input: { team_id: string; user_ids: readonly string[]; provider?: string | null },
): Promise<IntrospectedPull[]> {
  const ids = input.user_ids.filter(isUuid);
  if (!isUuid(input.team_id) || ids.length === 0) return [];
  const byProvider = (alias: string) => (input.provider ? `AND ${alias}.provider = $3` : '');
  return db.query<IntrospectedPull>(
    `WITH pulls AS (
       SELECT t.user_id, t.provider, t.op_id, o.started_at AS scheduled_at, t.state, t.attempts, t.started_at, t.finished_at, t.error,
              coalesce(t.range_start, p.start_date) AS range_start, coalesce(t.range_end, p.end_date) AS range_end, p.next_date
       FROM bulk_triggers t
       JOIN bulk_ops o ON o.id = t.op_id
       LEFT JOIN bulk_pull_progress p ON p.op_id = t.op_id AND p.user_id = t.user_id
       WHERE t.user_id = ANY ($1::uuid[]) AND t.team_id = $2 ${byProvider('t')}
         AND o.type = 'link_bulk_historical_trigger' -- a bulk import's triggers are no pulls
       UNION ALL
       SELECT pending.user_id, o.provider, o.id, o.started_at, 'pending', 0, NULL, NULL, NULL, NULL, NULL, NULL
       FROM bulk_ops o
       CROSS JOIN LATERAL unnest(o.pending_user_ids[cardinality(o.pending_user_ids) - o.unexpanded + 1 : cardinality(o.pending_user_ids)]) AS pending(user_id)
       WHERE o.team_id = $2 AND o.unexpanded > 0 AND o.status = 'in_progress' ${byProvider('o')}
         AND pending.user_id = ANY ($1::uuid[])
     )
     SELECT DISTINCT ON (user_id, provider) user_id, provider, op_id, scheduled_at, state, attempts, started_at, finished_at, error,
            range_start, range_end, next_date
     FROM pulls
     ORDER BY user_id, provider, scheduled_at DESC, op_id DESC`,
    input.provider ? [ids, input.team_id, input.provider] : [ids, input.team_id],
  );
}
