/**
 * What GET /v2/introspect/resources and /historical_pull read (issue 42): a page of the team's
 * users, their connections with their data windows, and the latest historical pull of each
 * (user, provider). One statement per page whatever its size; nothing here is computed, the
 * rules are in server/domain/introspection/.
 */
import type { Queryable } from '../database.js';
import type { ConnectionStatus } from './connections.js';
import { isUuid, pageLimit, prefixedColumns, selectPrefixed, toPage } from './support.js';

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

/** One connection with its data window (migration 008; null fields when it has none). */
export interface IntrospectedConnection {
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

/** The latest historical pull of one (user, provider): its trigger, or an id of its op not written as a trigger yet. */
export interface IntrospectedPull {
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

/** A connection of a page's user, with its latest historical pull when the page was read with them. */
export interface IntrospectedConnectionWithPull extends IntrospectedConnection {
  /** Null when the page was read without pulls, or the connection was never pulled. */
  pull: IntrospectedPull | null;
}

/** A user of an introspection page with its connections (of `provider` alone when given), by provider. */
export interface IntrospectedUserWithConnections extends IntrospectedUser {
  connections: IntrospectedConnectionWithPull[];
}

const CONNECTION_FIELDS = [
  'provider',
  'status',
  'error_type',
  'status_changed_at',
  'history_start',
  'synced_through',
  'opened_at',
  'ended_at',
  'synced_ingestion_start',
  'synced_ingestion_end',
] as const satisfies readonly (keyof IntrospectedConnection)[];
const PULL_FIELDS = ['op_id', 'scheduled_at', 'state', 'attempts', 'started_at', 'finished_at', 'error', 'range_start', 'range_end', 'next_date'] as const;

/**
 * A page of the team's users, newest first (created_on, then id, descending), each with its
 * connections and their data windows and, with `pulls`, each connection's latest historical
 * pull (by its op's creation, then op id): a written trigger (bulk_triggers) or an id its op has
 * not written as a trigger yet (bulk_ops.pending_user_ids past the written ones, migration 005).
 *
 * The page is the user `user_id` alone when given, connected to `provider` or not (an empty page
 * when it is not the team's), else with `provider` the users connected to it, else all; its
 * connections are those to `provider` alone when given. `limit + 1` users are read so the caller
 * knows whether more follow.
 *
 * One statement: the page walks users_team_created_idx from the cursor, and its users'
 * connections and triggers are each read once for the whole page by the list of its user ids,
 * so a page costs the same wherever it is in the team; the ids not written yet too (an op may
 * hold 100,000).
 */
export async function readIntrospectionPage(
  db: Queryable,
  input: { team_id: string; user_id?: string | null; provider?: string | null; after?: IntrospectionCursor | null; limit: number; pulls: boolean },
): Promise<{ users: IntrospectedUserWithConnections[]; next: IntrospectionCursor | null }> {
  if (!isUuid(input.team_id) || (input.user_id !== undefined && input.user_id !== null && !isUuid(input.user_id))) return { users: [], next: null };
  const params: unknown[] = [input.team_id];
  const where = ['u.team_id = $1'];
  // Which users' connections and triggers are read: the one user asked for (an equality, an index
  // probe), or the page's users, by the list of their ids (see the connections below).
  let ofPage = (column: string) => `${column} = ANY (ARRAY(SELECT user_id FROM page))`;
  if (input.user_id) {
    params.push(input.user_id);
    const user = `$${params.length}`;
    where.push(`u.id = ${user}`);
    ofPage = (column) => `${column} = ${user}`;
  }
  let byProvider = (_alias: string) => '';
  if (input.provider) {
    params.push(input.provider);
    const provider = `$${params.length}`;
    byProvider = (alias) => `AND ${alias}.provider = ${provider}`;
    if (!input.user_id) where.push(`EXISTS (SELECT 1 FROM connections c WHERE c.user_id = u.id ${byProvider('c')})`);
  }
  if (input.after) {
    params.push(input.after.created_on, input.after.id);
    where.push(`(u.created_on, u.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  // Set-based, once per page: the page's triggers are found by the list of its user ids (the team
  // is checked on the trigger's op, so that the trigger's team index is no alternative), and the
  // ids not written yet are read once for the whole page (a lookup per connection would unnest an
  // op's ids once per connection).
  const pulls = `, pulls AS (
       SELECT DISTINCT ON (user_id, provider) user_id, provider, op_id, scheduled_at, state, attempts, started_at, finished_at, error,
              range_start, range_end, next_date
       FROM (
         SELECT t.user_id, t.provider, t.op_id, o.started_at AS scheduled_at, t.state, t.attempts, t.started_at, t.finished_at, t.error,
                coalesce(t.range_start, p.start_date) AS range_start, coalesce(t.range_end, p.end_date) AS range_end, p.next_date
         FROM bulk_triggers t
         JOIN bulk_ops o ON o.id = t.op_id
         LEFT JOIN bulk_pull_progress p ON p.op_id = t.op_id AND p.user_id = t.user_id
         WHERE ${ofPage('t.user_id')} ${byProvider('t')}
           AND o.team_id = $1 AND o.type = 'link_bulk_historical_trigger' -- a bulk import's triggers are no pulls
         UNION ALL
         SELECT pending.user_id, o.provider, o.id, o.started_at, 'pending', 0, NULL, NULL, NULL, NULL, NULL, NULL
         FROM bulk_ops o
         CROSS JOIN LATERAL unnest(o.pending_user_ids[cardinality(o.pending_user_ids) - o.unexpanded + 1 : cardinality(o.pending_user_ids)]) AS pending(user_id)
         WHERE o.team_id = $1 AND o.unexpanded > 0 AND o.status = 'in_progress' ${byProvider('o')}
           AND pending.user_id IN (SELECT user_id FROM page)
       ) candidates
       ORDER BY user_id, provider, scheduled_at DESC, op_id DESC
     )`;
  // The page's size is written into the statement, not passed as a parameter: PostgreSQL plans a
  // statement with a parameter LIMIT anew on every run (its generic plan assumes a tenth of the
  // table), and a plan of this statement costs more than running it. pageLimit checks it is a
  // whole number (the operation's bounds are 1 to 200), so each size is one prepared statement.
  const pageSize = pageLimit(input.limit);
  const limit = input.user_id ? '' : `LIMIT ${pageSize + 1}`;
  const rows = await db.query<Record<string, unknown>>(
    `WITH page AS (
       SELECT u.id AS user_id, u.created_on, u.fallback_time_zone AS time_zone, u.ingestion_start, u.ingestion_end
       FROM users u WHERE ${where.join(' AND ')}
       ORDER BY u.created_on DESC, u.id DESC
       ${limit}
     )${input.pulls ? pulls : ''}
     SELECT page.user_id, page.created_on, page.time_zone, page.ingestion_start, page.ingestion_end,
            ${selectPrefixed('c', 'c_', CONNECTION_FIELDS)}${input.pulls ? `, ${selectPrefixed('pull', 'pull_', PULL_FIELDS)}` : ''}
     FROM page
     -- The page's connections and windows, read once by the list of the page's user ids (an
     -- InitPlan, so the planner sees a list, not the team): one bitmap scan of the user id index
     -- in a big team, one scan of the table in a small one; one user's by its id. A lookup per
     -- user (a LATERAL subquery) was an index probe each in a big team, but a whole scan of the
     -- table each in a small one, whose connections fit in a few pages: 51 scans a page, each
     -- asking PGlite's file system for the table's size, made a team of 1,000 users' pages twice
     -- as slow as 10,000's. Joined whole to the page, the planner hashed every connection of the
     -- team instead.
     LEFT JOIN (
       SELECT c.user_id, c.provider, c.status, c.error_type, c.status_changed_at,
              w.history_start, w.synced_through, w.opened_at, w.ended_at, w.synced_ingestion_start, w.synced_ingestion_end
       FROM connections c
       LEFT JOIN data_windows w ON w.user_id = c.user_id AND w.provider = c.provider AND w.team_id = c.team_id
       WHERE ${ofPage('c.user_id')} AND c.team_id = $1 ${byProvider('c')}
     ) c ON c.user_id = page.user_id
     ${input.pulls ? 'LEFT JOIN pulls pull ON pull.user_id = c.user_id AND pull.provider = c.provider' : ''}
     ORDER BY page.created_on DESC, page.user_id DESC, c.provider`,
    params,
  );
  const users: IntrospectedUserWithConnections[] = [];
  for (const row of rows) {
    let user = users[users.length - 1];
    if (!user || user.user_id !== row.user_id) {
      user = {
        user_id: row.user_id as string,
        created_on: row.created_on as string,
        time_zone: row.time_zone as string | null,
        ingestion_start: row.ingestion_start as string | null,
        ingestion_end: row.ingestion_end as string | null,
        connections: [],
      };
      users.push(user);
    }
    if (row.c_provider === null) continue;
    user.connections.push({
      ...(prefixedColumns(row, 'c_', CONNECTION_FIELDS) as unknown as IntrospectedConnection),
      pull: input.pulls && row.pull_op_id !== null ? (prefixedColumns(row, 'pull_', PULL_FIELDS) as unknown as IntrospectedPull) : null,
    });
  }
  const page = toPage(users, pageSize, (user): IntrospectionCursor => ({ created_on: user.created_on, id: user.user_id }));
  return { users: page.rows, next: page.next };
}
