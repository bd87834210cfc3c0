import type { Queryable } from '../database.js';
import { markBucketPending } from './pull-buckets.js';
import { isLowercaseUuid, isUuid, pageLimit, toPage } from './support.js';

// A bulk op is one persistent background operation (e.g. a bulk historical pull) with one
// trigger row per user to process. Counts by trigger state are computed, not stored, so the
// worker only ever updates its own trigger rows. An op created by enqueueBulkPull keeps the
// ids of its users in the op row (pending_user_ids) until the worker has written their trigger
// rows (expandBulkOpTriggers); the ids not yet written (`unexpanded`) count as pending.

export type BulkOpType = 'link_bulk_import' | 'link_bulk_historical_trigger' | (string & {});
export type BulkOpStatus = 'in_progress' | 'success' | 'failure' | 'aborted' | (string & {});
export type TriggerState = 'pending' | 'running' | 'processed' | 'failed';

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

export interface BulkTriggerRecord {
  op_id: string;
  user_id: string;
  team_id: string;
  provider: string;
  state: TriggerState;
  attempts: number;
  claimed_by: string | null;
  claimed_at: string | null;
  finished_at: string | null;
  error: string | null;
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

const TRIGGER_COLUMNS = 'op_id, user_id, team_id, provider, state, attempts, claimed_by, claimed_at, finished_at, error';

/**
 * The distinct ids (lowercased, first occurrence kept, in input order) and the malformed ones.
 * A bulk trigger sends up to 100,000 ids, and everything allocated for them is garbage the
 * server carries until the next full collection. So the usual case (lowercase uuids, none
 * repeated: the API's validator has already rejected exact duplicates) returns the input
 * itself after one sort of a copy, and only ids needing a change go through a Set.
 */
function uniqueUuids(ids: readonly string[]): { valid: readonly string[]; invalid: string[] } {
  if (ids.every(isLowercaseUuid)) {
    const sorted = ids.slice().sort();
    if (sorted.every((id, i) => i === 0 || id !== sorted[i - 1])) return { valid: ids, invalid: [] };
  }
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of ids) {
    const id = raw.toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    (isUuid(id) ? valid : invalid).push(id);
  }
  return { valid, invalid };
}

/**
 * Creates the op and one pending trigger per (distinct) user id in a single statement, so
 * the op never exists without its triggers. An op with no trigger is complete at once.
 * The caller decides which users get a trigger; they are not checked here (tests and
 * tools; the API enqueues through enqueueBulkPull).
 */
export async function createBulkOp(
  db: Queryable,
  input: {
    team_id: string;
    type: BulkOpType;
    provider: string;
    /** Users to trigger; they are not checked against the users table here. */
    user_ids: readonly string[];
    not_connected: number;
    id?: string;
    started_at?: string;
  },
): Promise<BulkOpRecord> {
  const { valid, invalid } = uniqueUuids(input.user_ids);
  if (invalid.length > 0) throw new TypeError(`createBulkOp: malformed user ids: ${invalid.slice(0, 3).join(', ')}`);
  // Ids are deduplicated above; SELECT DISTINCT in SQL would cost a sort of the whole array.
  const row = await db.one<Omit<BulkOpRecord, 'pending' | 'running' | 'processed' | 'failed'>>(
    `WITH op AS (
       INSERT INTO bulk_ops (id, team_id, type, provider, status, started_at, ended_at, not_connected, total)
       VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4,
               CASE WHEN $7::int = 0 THEN 'success' ELSE 'in_progress' END,
               coalesce($8::timestamptz, now()),
               CASE WHEN $7::int = 0 THEN coalesce($8::timestamptz, now()) END,
               $5, $7::int)
       RETURNING id, team_id, type, status, provider, not_connected, total, started_at, ended_at
     ), triggers AS (
       INSERT INTO bulk_triggers (op_id, user_id, team_id, provider)
       SELECT op.id, input.user_id, op.team_id, op.provider FROM op CROSS JOIN unnest($6::uuid[]) AS input(user_id)
     )
     SELECT * FROM op`,
    [
      input.id ?? null,
      input.team_id,
      input.type,
      input.provider,
      input.not_connected,
      valid,
      valid.length,
      input.started_at ?? null,
    ],
  );
  const op = row!;
  return {
    id: op.id,
    team_id: op.team_id,
    type: op.type,
    status: op.status,
    provider: op.provider,
    pending: op.total,
    running: 0,
    processed: 0,
    failed: 0,
    not_connected: op.not_connected,
    total: op.total,
    started_at: op.started_at,
    ended_at: op.ended_at,
  };
}

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

/** Stops an in-progress op: its pending triggers are no longer claimed. Null when not in progress. */
export async function abortBulkOp(db: Queryable, input: { team_id: string; id: string }): Promise<BulkOpRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.id)) return null;
  const ended = await db.one<{ id: string }>(
    `UPDATE bulk_ops SET status = 'aborted', ended_at = now()
     WHERE id = $1 AND team_id = $2 AND status = 'in_progress'
     RETURNING id`,
    [input.id, input.team_id],
  );
  return ended ? findBulkOp(db, ended.id) : null;
}

/**
 * A trigger of an op, for inspection. A user whose trigger row is not written yet (see
 * expandBulkOpTriggers) has a pending trigger with no attempt.
 */
export async function getBulkTrigger(
  db: Queryable,
  input: { op_id: string; user_id: string },
): Promise<BulkTriggerRecord | null> {
  if (!isUuid(input.op_id) || !isUuid(input.user_id)) return null;
  return db.one<BulkTriggerRecord>(
    `SELECT ${TRIGGER_COLUMNS} FROM bulk_triggers WHERE op_id = $1 AND user_id = $2
     UNION ALL
     SELECT o.id, $2::uuid, o.team_id, o.provider, 'pending', 0, NULL, NULL, NULL, NULL
     FROM bulk_ops o
     WHERE o.id = $1 AND o.unexpanded > 0
       AND $2::uuid = ANY (o.pending_user_ids[cardinality(o.pending_user_ids) - o.unexpanded + 1:])
       AND NOT EXISTS (SELECT 1 FROM bulk_triggers WHERE op_id = $1 AND user_id = $2)`,
    [input.op_id, input.user_id],
  );
}

// --- pull engine (server/jobs/bulk-pull) -------------------------------------
// A claim is identified by the worker that made it and the trigger's attempt number, so a
// worker whose claim expired (and was requeued and claimed again) can no longer touch it.

export interface TriggerClaim {
  op_id: string;
  user_id: string;
  team_id: string;
  provider: string;
  worker_id: string;
  /** The trigger's attempt number this claim started (1 for the first claim). */
  attempts: number;
  /** When the trigger's op was requested (a pull's "today" is that day). */
  op_started_at: string;
}

const isoAt = (epochMs: number) => new Date(epochMs).toISOString();

/**
 * Claims up to `limit` of the oldest pending triggers of one (team, provider) bucket for
 * `worker_id` at `now` (epoch ms), skipping rows other claimers hold (SKIP LOCKED).
 * Run it in the transaction that holds the bucket's lock (see pull-buckets.ts lockBucket).
 */
export async function claimBucketTriggers(
  tx: Queryable,
  input: { team_id: string; provider: string; limit: number; worker_id: string; now: number },
): Promise<TriggerClaim[]> {
  if (!isUuid(input.team_id) || input.limit < 1) return [];
  // Written trigger rows first (older ops' rows come first by seq); when they run short, the
  // next chunk of the oldest op that still has ids to write.
  const claims = await claimWrittenTriggers(tx, input);
  while (claims.length < input.limit) {
    const written = await expandBulkOpTriggers(tx, { team_id: input.team_id, provider: input.provider, count: Math.max(input.limit - claims.length, EXPANSION_CHUNK) });
    if (written === 0) break;
    claims.push(...(await claimWrittenTriggers(tx, { ...input, limit: input.limit - claims.length })));
  }
  return claims;
}

/** How many trigger rows expandBulkOpTriggers writes at least (about 25 ms on PGlite). */
const EXPANSION_CHUNK = 1000;

/**
 * Writes the trigger rows of up to `count` more users of the bucket's oldest in-progress op
 * that has ids without a row (enqueueBulkPull stores the ids, not the rows), in the op's
 * order, and returns how many it wrote (0 when no op of the bucket has any left). Run it in
 * the transaction that holds the bucket's lock: the op's row lock and `unexpanded` make each
 * id written once whatever else runs.
 */
export async function expandBulkOpTriggers(tx: Queryable, input: { team_id: string; provider: string; count: number }): Promise<number> {
  if (!isUuid(input.team_id) || input.count < 1) return 0;
  const row = await tx.one<{ written: number | string }>(
    `WITH target AS (
       SELECT id, team_id, provider, cardinality(pending_user_ids) - unexpanded AS done, least(unexpanded, $3::int) AS n
       FROM bulk_ops
       WHERE team_id = $1 AND provider = $2 AND unexpanded > 0 AND status = 'in_progress'
       ORDER BY started_at, id
       LIMIT 1
       FOR UPDATE
     ), written AS (
       INSERT INTO bulk_triggers (op_id, user_id, team_id, provider)
       SELECT t.id, u.user_id, t.team_id, t.provider
       FROM target t
       CROSS JOIN LATERAL unnest((SELECT o.pending_user_ids[t.done + 1 : t.done + t.n] FROM bulk_ops o WHERE o.id = t.id))
         WITH ORDINALITY AS u(user_id, ord)
       ORDER BY u.ord
       ON CONFLICT (op_id, user_id) DO NOTHING
     ), advanced AS (
       UPDATE bulk_ops o
       SET unexpanded = o.unexpanded - t.n,
           pending_user_ids = CASE WHEN o.unexpanded = t.n THEN NULL ELSE o.pending_user_ids END
       FROM target t WHERE o.id = t.id
       RETURNING t.n
     )
     SELECT coalesce(sum(n), 0) AS written FROM advanced`,
    [input.team_id, input.provider, input.count],
  );
  return Number(row?.written ?? 0);
}

async function claimWrittenTriggers(
  tx: Queryable,
  input: { team_id: string; provider: string; limit: number; worker_id: string; now: number },
): Promise<TriggerClaim[]> {
  return tx.query<TriggerClaim>(
    `UPDATE bulk_triggers t
     SET state = 'running', attempts = t.attempts + 1, claimed_by = $4, claimed_at = $5::timestamptz
     FROM (
       SELECT bt.op_id, bt.user_id, o.started_at FROM bulk_triggers bt
       JOIN bulk_ops o ON o.id = bt.op_id AND o.status = 'in_progress'
       WHERE bt.team_id = $1 AND bt.provider = $2 AND bt.state = 'pending'
       ORDER BY bt.seq
       LIMIT $3
       FOR UPDATE OF bt SKIP LOCKED
     ) picked
     WHERE t.op_id = picked.op_id AND t.user_id = picked.user_id
     RETURNING t.op_id, t.user_id, t.team_id, t.provider, t.claimed_by AS worker_id, t.attempts, picked.started_at AS op_started_at`,
    [input.team_id, input.provider, input.limit, input.worker_id, isoAt(input.now)],
  );
}

/** Triggers of the bucket running now (claimed by any worker). */
export async function countRunningTriggers(db: Queryable, input: { team_id: string; provider: string }): Promise<number> {
  if (!isUuid(input.team_id)) return 0;
  const row = await db.one<{ running: number | string }>(
    `SELECT count(*) AS running FROM bulk_triggers WHERE team_id = $1 AND provider = $2 AND state = 'running'`,
    [input.team_id, input.provider],
  );
  return Number(row?.running ?? 0);
}

/**
 * Records the outcome of a claimed trigger, in the caller's transaction. False when the
 * claim was lost (nothing changed). Call completeBulkOpIfDone after the transaction commits:
 * the check of whichever finishing transaction commits last sees every other one, so an op
 * is never left in progress without a lock on its row serialising every finish.
 */
export async function finishClaimedTrigger(
  tx: Queryable,
  claim: TriggerClaim,
  result: { outcome: 'processed' | 'failed'; error?: string | null },
): Promise<boolean> {
  const finished = await tx.one(
    `UPDATE bulk_triggers SET state = $5, finished_at = now(), error = $6
     WHERE op_id = $1 AND user_id = $2 AND state = 'running' AND claimed_by = $3 AND attempts = $4
     RETURNING op_id`,
    [claim.op_id, claim.user_id, claim.worker_id, claim.attempts, result.outcome, result.error ?? null],
  );
  return finished !== null;
}

/**
 * Puts a claimed trigger back to pending (its chunk progress stays) and marks its bucket.
 * With `undo_attempt`, the attempt does not count (a graceful stop, not a failure).
 */
export async function releaseClaimedTrigger(tx: Queryable, claim: TriggerClaim, options: { undo_attempt: boolean }): Promise<boolean> {
  const row = await tx.one(
    `UPDATE bulk_triggers
     SET state = 'pending', claimed_by = NULL, claimed_at = NULL, attempts = attempts - CASE WHEN $5 THEN 1 ELSE 0 END
     WHERE op_id = $1 AND user_id = $2 AND state = 'running' AND claimed_by = $3 AND attempts = $4
     RETURNING op_id`,
    [claim.op_id, claim.user_id, claim.worker_id, claim.attempts, options.undo_attempt],
  );
  if (!row) return false;
  await markBucketPending(tx, claim);
  return true;
}

/**
 * Extends the lease of every trigger the worker is running: claimed_at = `now` (epoch ms), or
 * the database's clock when null.
 */
export async function renewClaims(db: Queryable, input: { worker_id: string; now: number | null }): Promise<number> {
  const rows = await db.query(
    `UPDATE bulk_triggers SET claimed_at = coalesce($2::timestamptz, clock_timestamp())
     WHERE state = 'running' AND claimed_by = $1 RETURNING op_id`,
    [input.worker_id, input.now === null ? null : isoAt(input.now)],
  );
  return rows.length;
}

/**
 * Puts running triggers whose lease ended (their worker died or hangs) back to pending and
 * marks their buckets: those claimed before `claimed_before` (epoch ms), or more than
 * `lease_ms` ago by the database's clock.
 */
export async function requeueExpiredClaims(db: Queryable, input: { claimed_before: number } | { lease_ms: number }): Promise<number> {
  const before = 'claimed_before' in input ? isoAt(input.claimed_before) : null;
  const leaseMs = 'lease_ms' in input ? input.lease_ms : 0;
  const expiry = `coalesce($1::timestamptz, clock_timestamp() - $2::int * interval '1 millisecond')`;
  // Usually nothing has expired: the running-trigger index answers that without planning the update.
  if (!(await db.one(`SELECT 1 FROM bulk_triggers WHERE state = 'running' AND claimed_at < ${expiry} LIMIT 1`, [before, leaseMs]))) return 0;
  const row = await db.one<{ requeued: number | string }>(
    `WITH requeued AS (
       UPDATE bulk_triggers SET state = 'pending', claimed_by = NULL, claimed_at = NULL
       WHERE state = 'running'
         AND claimed_at < ${expiry}
       RETURNING team_id, provider
     ), marked AS (
       INSERT INTO pull_throttle_buckets (team_id, provider, has_pending)
       SELECT DISTINCT team_id, provider, true FROM requeued
       ON CONFLICT (team_id, provider) DO UPDATE SET has_pending = true
     )
     SELECT count(*) AS requeued FROM requeued`,
    [before, leaseMs],
  );
  return Number(row?.requeued ?? 0);
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
 */
export async function enqueueBulkPull(
  db: Queryable,
  input: { team_id: string; type: BulkOpType; provider: string; user_ids: readonly string[] },
): Promise<EnqueuedBulkPull> {
  const { valid, invalid } = uniqueUuids(input.user_ids);
  if (!isUuid(input.team_id)) return { op: null, not_connected: [], missing: [...valid, ...invalid].slice(0, 100), missing_count: valid.length + invalid.length };
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

/** The `(id, ord)` rows that enqueueBulkPull's statement reads, as the SQL of its first CTE. */
interface BulkInput {
  rows: string;
  /** Parameters after the statement's own four. */
  params: unknown[];
  release(): Promise<void>;
}

const BULK_INPUT_TABLE = 'bulk_pull_input';

/** `<ord>\t<id>\n` per id (ord from 1), written straight into one buffer of the exact size. */
function copyRows(ids: readonly string[]): Uint8Array {
  let length = 0;
  for (let i = 0; i < ids.length; i += 1) length += String(i + 1).length + (ids[i] as string).length + 2;
  const rows = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (let i = 0; i < ids.length; i += 1) offset += rows.write(`${i + 1}\t${ids[i]}\n`, offset, 'latin1');
  return rows;
}

/**
 * Hands the ids to the database. On PGlite they are copied into a temporary table from a
 * blob: as one 3.7 MB parameter (100,000 ids) they were copied into PGlite's WebAssembly
 * memory several times over, and that memory never shrinks. The first such enqueue grew it
 * by 33 MB with the parameter, by 15 MB with the temporary table (and temp_buffers 1MB,
 * database.ts); measured with /proc/self/smaps around enqueueBulkPull, 2026-11-22.
 * On PostgreSQL they are one comma-separated text, braced into an array literal by the
 * statement: the smallest parameter there is for 100,000 ids, parsed straight into uuid[].
 */
async function bulkInput(db: Queryable, ids: readonly string[]): Promise<BulkInput> {
  if (!db.copyText) {
    return {
      rows: `SELECT i.id, i.ord FROM unnest(('{' || $5 || '}')::uuid[]) WITH ORDINALITY AS i(id, ord)`,
      params: [ids.join(',')],
      release: async () => {},
    };
  }
  await db.query(`CREATE TEMPORARY TABLE ${BULK_INPUT_TABLE} (ord integer NOT NULL, id uuid NOT NULL) ON COMMIT DROP`);
  if (ids.length > 0) await db.copyText(`${BULK_INPUT_TABLE} (ord, id)`, copyRows(ids));
  return {
    rows: `SELECT id, ord FROM ${BULK_INPUT_TABLE}`,
    params: [],
    release: async () => {
      await db.query(`DROP TABLE ${BULK_INPUT_TABLE}`);
    },
  };
}
