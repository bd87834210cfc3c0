import type { Queryable } from '../database.js';
import { bulkInput, uniqueUuids } from './bulk-id-staging.js';
import { isUuid, pageLimit, toPage } from './support.js';

// A bulk op is one persistent background operation (e.g. a bulk historical pull) with one
// trigger row per user to process. Counts by trigger state are computed, not stored, so the
// worker only ever updates its own trigger rows. An op created by enqueueBulkPull keeps the
// ids of its users in the op row (pending_user_ids) until the worker has written their trigger
// rows (expandBulkOpTriggers); the ids not yet written (`unexpanded`) count as pending.
// The worker's claims on triggers are in bulk-claims.ts, the staging of the ids in bulk-id-staging.ts.

export type BulkOpType = 'link_bulk_import' | 'link_bulk_historical_trigger' | (string & {});
export type BulkOpStatus = 'in_progress' | 'success' | 'failure' | 'aborted' | (string & {});

export interface BulkOpRecord {
  id: string;
  team_id: string;
  type: BulkOpType;
  status: BulkOpStatus;
  provider: string;
  pending: number;
  running: number;
  processed: number;
  failed: number;
  not_connected: number;
  /** Number of triggers (pending + running + processed + failed). */
  total: number;
  started_at: string;
  ended_at: string | null;
}

/** Keyset position in a team's op list (newest first). */
export interface BulkOpCursor {
  started_at: string;
  id: string;
}

export interface BulkOpPage {
  ops: BulkOpRecord[];
  has_more: boolean;
  /** Cursor of the last op on this page, to pass as `after`; null on the last page. */
  next: BulkOpCursor | null;
}

const OP_COLUMNS = `o.id, o.team_id, o.type, o.status, o.provider,
  c.pending + o.unexpanded AS pending, c.running, c.processed, c.failed,
  o.not_connected, o.total, o.started_at, o.ended_at`;

const COUNTS = `CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE t.state = 'pending') AS pending,
           count(*) FILTER (WHERE t.state = 'running') AS running,
           count(*) FILTER (WHERE t.state = 'processed') AS processed,
           count(*) FILTER (WHERE t.state = 'failed') AS failed
    FROM bulk_triggers t WHERE t.op_id = o.id
  ) c`;

async function findBulkOp(db: Queryable, id: string): Promise<BulkOpRecord | null> {
  return db.one<BulkOpRecord>(`SELECT ${OP_COLUMNS} FROM bulk_ops o ${COUNTS} WHERE o.id = $1`, [id]);
}

/** The op with its trigger counts, when it belongs to the team. */
export async function getBulkOp(db: Queryable, input: { team_id: string; id: string }): Promise<BulkOpRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.id)) return null;
  return db.one<BulkOpRecord>(`SELECT ${OP_COLUMNS} FROM bulk_ops o ${COUNTS} WHERE o.id = $1 AND o.team_id = $2`, [
    input.id,
    input.team_id,
  ]);
}

/** The op's status alone (no counts): cheap enough to poll while waiting for a large op. */
export async function getBulkOpStatus(db: Queryable, input: { team_id: string; id: string }): Promise<BulkOpStatus | null> {
  if (!isUuid(input.team_id) || !isUuid(input.id)) return null;
  const row = await db.one<{ status: BulkOpStatus }>(`SELECT status FROM bulk_ops WHERE id = $1 AND team_id = $2`, [input.id, input.team_id]);
  return row?.status ?? null;
}

/** One page of the team's ops, newest first, each with its trigger counts (one query). */
export async function listBulkOps(
  db: Queryable,
  input: { team_id: string; after?: BulkOpCursor | null; limit?: number },
): Promise<BulkOpPage> {
  const limit = pageLimit(input.limit);
  if (!isUuid(input.team_id) || (input.after && !isUuid(input.after.id))) return { ops: [], has_more: false, next: null };
  const rows = await db.query<BulkOpRecord>(
    `SELECT ${OP_COLUMNS}
     FROM (
       SELECT * FROM bulk_ops
       WHERE team_id = $1
         AND ($2::timestamptz IS NULL OR (started_at, id) < ($2::timestamptz, $3::uuid))
       ORDER BY started_at DESC, id DESC
       LIMIT $4
     ) o
     ${COUNTS}
     ORDER BY o.started_at DESC, o.id DESC`,
    [input.team_id, input.after?.started_at ?? null, input.after?.id ?? null, limit + 1],
  );
  const page = toPage(rows, limit, (op): BulkOpCursor => ({ started_at: op.started_at, id: op.id }));
  return { ops: page.rows, has_more: page.has_more, next: page.next };
}

/**
 * Ends an in-progress op whose triggers are all processed or failed: `success` when none
 * failed, else `failure`. Returns the op when this call ended it, else null.
 */
export async function completeBulkOpIfDone(db: Queryable, opId: string): Promise<BulkOpRecord | null> {
  if (!isUuid(opId)) return null;
  const ended = await db.one<{ id: string }>(
    `UPDATE bulk_ops o
     SET status = CASE WHEN EXISTS (SELECT 1 FROM bulk_triggers t WHERE t.op_id = o.id AND t.state = 'failed')
                       THEN 'failure' ELSE 'success' END,
         ended_at = now()
     WHERE o.id = $1 AND o.status = 'in_progress' AND o.unexpanded = 0
       AND NOT EXISTS (SELECT 1 FROM bulk_triggers t WHERE t.op_id = o.id AND t.state IN ('pending', 'running'))
     RETURNING o.id`,
    [opId],
  );
  return ended ? findBulkOp(db, ended.id) : null;
}

/** Safety net: ends every in-progress op that has no pending or running trigger left. */
export async function completeFinishedBulkOps(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `SELECT o.id FROM bulk_ops o
     WHERE o.status = 'in_progress' AND o.unexpanded = 0
       AND NOT EXISTS (SELECT 1 FROM bulk_triggers t WHERE t.op_id = o.id AND t.state IN ('pending', 'running'))`,
  );
  let ended = 0;
  for (const row of rows) if (await completeBulkOpIfDone(db, row.id)) ended += 1;
  return ended;
}

export interface EnqueuedBulkPull {
  /** The new op, or null when some ids are not users of the team (nothing was stored). */
  op: BulkOpRecord | null;
  /** Users of the team without a connection to the provider, in input order (reported, not triggered). */
  not_connected: string[];
  /** Ids that are not users of the team (malformed ones included), the first 100 in input order. */
  missing: string[];
  missing_count: number;
}

/**
 * Classifies the ids and, when every one is a user of the team, creates the op with one
 * pending trigger per connected user (in input order) and marks its throttle bucket, all in
 * one statement, so the 100,000 ids are sent and parsed once. The triggers are stored as the
 * op's ordered ids, one array value, and written as rows by the pull worker
 * (expandBulkOpTriggers): a 100,000-user op is one row here instead of 100,000. Duplicates
 * (in any letter case) count once. Run it in a transaction.
 *
 * The transaction plans its statements for their parameters on every run (plan_cache_mode
 * force_custom_plan): a prepared statement otherwise keeps a generic plan after five runs, made
 * for no input in particular (the planner guesses ten ids) with the statistics of that moment,
 * and then runs 100,000 ids through it. Planned anew, the ids are a constant the planner counts.
 */
export async function enqueueBulkPull(
  db: Queryable,
  input: { team_id: string; type: BulkOpType; provider: string; user_ids: readonly string[] },
): Promise<EnqueuedBulkPull> {
  const { valid, invalid } = uniqueUuids(input.user_ids);
  if (!isUuid(input.team_id)) return { op: null, not_connected: [], missing: [...valid, ...invalid].slice(0, 100), missing_count: valid.length + invalid.length };
  // Planned for this call's ids, never with a plan kept from earlier calls (see above).
  await db.query(`SET LOCAL plan_cache_mode = force_custom_plan`);
  const ids = await bulkInput(db, valid);
  const row = await db.one<{
    id: string | null;
    type: BulkOpType;
    status: BulkOpStatus;
    not_connected_count: number;
    total: number;
    started_at: string;
    ended_at: string | null;
    not_connected: string | null;
    missing: string | null;
    missing_count: number | string;
  }>(
    `WITH input AS (
       ${ids.rows}
     ), classified AS (
       SELECT input.id, input.ord, u.id IS NOT NULL AS is_user, c.user_id IS NOT NULL AS connected
       FROM input
       LEFT JOIN users u ON u.id = input.id AND u.team_id = $1
       LEFT JOIN connections c ON c.user_id = u.id AND c.provider = $2
     ), summary AS (
       SELECT count(*) FILTER (WHERE connected)::int AS connected,
              count(*) FILTER (WHERE is_user AND NOT connected)::int AS not_connected,
              count(*) FILTER (WHERE NOT is_user)::int AS missing,
              array_agg(id ORDER BY ord) FILTER (WHERE connected) AS connected_ids
       FROM classified
     ), op AS (
       INSERT INTO bulk_ops (team_id, type, provider, status, ended_at, not_connected, total, pending_user_ids, unexpanded)
       SELECT $1, $3, $2, CASE WHEN s.connected = 0 THEN 'success' ELSE 'in_progress' END,
              CASE WHEN s.connected = 0 THEN now() END, s.not_connected, s.connected, s.connected_ids, s.connected
       FROM summary s WHERE s.missing = 0 AND $4::boolean
       RETURNING id, team_id, type, status, provider, not_connected, total, started_at, ended_at
     ), bucket AS (
       INSERT INTO pull_throttle_buckets (team_id, provider, has_pending)
       SELECT team_id, provider, true FROM op WHERE op.total > 0
       ON CONFLICT (team_id, provider) DO UPDATE SET has_pending = true
     )
     SELECT op.id, op.type, op.status, op.not_connected AS not_connected_count, op.total, op.started_at, op.ended_at,
            (SELECT string_agg(id::text, ',' ORDER BY ord) FROM classified WHERE is_user AND NOT connected) AS not_connected,
            (SELECT string_agg(id::text, ',' ORDER BY ord) FROM (SELECT id, ord FROM classified WHERE NOT is_user ORDER BY ord LIMIT 100) m) AS missing,
            (SELECT missing FROM summary) AS missing_count
     FROM summary LEFT JOIN op ON true`,
    [input.team_id, input.provider, input.type, invalid.length === 0, ...ids.params],
  );
  await ids.release();
  const notConnected = row?.not_connected ? row.not_connected.split(',') : [];
  const missing = [...(row?.missing ? row.missing.split(',') : []), ...invalid].slice(0, 100);
  const missingCount = Number(row?.missing_count ?? 0) + invalid.length;
  if (!row?.id) return { op: null, not_connected: notConnected, missing, missing_count: missingCount };
  return {
    op: {
      id: row.id,
      team_id: input.team_id,
      type: row.type,
      status: row.status,
      provider: input.provider,
      pending: row.total,
      running: 0,
      processed: 0,
      failed: 0,
      not_connected: row.not_connected_count,
      total: row.total,
      started_at: row.started_at,
      ended_at: row.ended_at,
    },
    not_connected: notConnected,
    missing,
    missing_count: missingCount,
  };
}

/**
 * Stores an operation the request itself carried out (a bulk import): the op, already ended
 * (`success` when no user failed, else `failure`), with one ended trigger per user in the
 * given order (`error` says why a user failed). Its triggers are never pending, so the pull
 * worker never claims them. Run it in the transaction that did the work.
 */
export async function recordEndedBulkOp(
  db: Queryable,
  input: { team_id: string; type: BulkOpType; provider: string; outcomes: readonly { user_id: string; failed: boolean; error: string | null }[] },
): Promise<BulkOpRecord> {
  const failed = input.outcomes.some((o) => o.failed);
  const op = await db.one<{ id: string }>(
    `INSERT INTO bulk_ops (team_id, type, provider, status, ended_at, not_connected, total)
     VALUES ($1, $2, $3, $4, now(), 0, $5) RETURNING id`,
    [input.team_id, input.type, input.provider, failed ? 'failure' : 'success', input.outcomes.length],
  );
  await db.query(
    `INSERT INTO bulk_triggers (op_id, user_id, team_id, provider, state, finished_at, error)
     SELECT $1, o.user_id, $2, $3, CASE WHEN o.failed THEN 'failed' ELSE 'processed' END, now(), o.error
     FROM unnest($4::uuid[], $5::boolean[], $6::text[]) WITH ORDINALITY AS o(user_id, failed, error, ord)
     ORDER BY o.ord`,
    [op!.id, input.team_id, input.provider, input.outcomes.map((o) => o.user_id), input.outcomes.map((o) => o.failed), input.outcomes.map((o) => o.error)],
  );
  return (await findBulkOp(db, op!.id))!;
}
