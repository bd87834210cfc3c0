import type { Queryable } from '../database.js';
import { markBucketPending } from './pull-buckets.js';
import { isUuid } from './support.js';

// The claim queue of the pull engine (server/jobs/bulk-pull): the worker claims a bucket's
// pending triggers, renews, finishes or releases its claims, and requeues expired ones.
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

/** How many trigger rows expandBulkOpTriggers writes at least: enough to amortise a statement, few enough not to hold PGlite's one connection for long. */
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
     SET state = 'running', attempts = t.attempts + 1, claimed_by = $4, claimed_at = $5::timestamptz,
         started_at = coalesce(t.started_at, $5::timestamptz)
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
  result: { outcome: 'processed' | 'failed'; error?: string | null; range?: { start_date: string; end_date: string } | null },
): Promise<boolean> {
  // The range the pull fixed (null when it ended before fixing one) stays on the trigger for introspection.
  const finished = await tx.one(
    `UPDATE bulk_triggers SET state = $5, finished_at = now(), error = $6, range_start = $7::date, range_end = $8::date
     WHERE op_id = $1 AND user_id = $2 AND state = 'running' AND claimed_by = $3 AND attempts = $4
     RETURNING op_id`,
    [claim.op_id, claim.user_id, claim.worker_id, claim.attempts, result.outcome, result.error ?? null, result.range?.start_date ?? null, result.range?.end_date ?? null],
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
