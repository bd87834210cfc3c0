import type { Queryable } from '../database.js';

// Throttle state of the historical pull engine, one row per (team, provider) bucket. The
// arithmetic lives in server/domain/throttle; these functions only load, lock and store it.

export interface PullBucketRecord {
  team_id: string;
  provider: string;
  /** Epoch milliseconds of starts that may still count against a window policy, oldest first. */
  recent_starts: number[];
  has_pending: boolean;
  /** Epoch milliseconds before which a claim would get nothing; null: now. */
  next_slot_ms: number | null;
}

export interface BucketKey {
  team_id: string;
  provider: string;
}

const COLUMNS = 'team_id, provider, recent_starts, has_pending, next_slot_ms';

interface BucketRow {
  team_id: string;
  provider: string;
  recent_starts: unknown;
  has_pending: boolean;
  next_slot_ms: number | string | null;
}

const toBucket = (row: BucketRow): PullBucketRecord => ({
  team_id: row.team_id,
  provider: row.provider,
  recent_starts: Array.isArray(row.recent_starts) ? row.recent_starts.map(Number) : [],
  has_pending: row.has_pending,
  next_slot_ms: row.next_slot_ms === null ? null : Number(row.next_slot_ms),
});

/**
 * Marks the bucket as having pending triggers (creating it), so workers claim from it.
 * Call it in the transaction that makes triggers pending.
 */
export async function markBucketPending(db: Queryable, bucket: BucketKey): Promise<void> {
  await db.query(
    `INSERT INTO pull_throttle_buckets (team_id, provider, has_pending) VALUES ($1, $2, true)
     ON CONFLICT (team_id, provider) DO UPDATE SET has_pending = true`,
    [bucket.team_id, bucket.provider],
  );
}

/** Buckets that may have claimable triggers, with when their window next has room. */
export async function listPendingBuckets(db: Queryable): Promise<PullBucketRecord[]> {
  const rows = await db.query<BucketRow>(`SELECT ${COLUMNS} FROM pull_throttle_buckets WHERE has_pending ORDER BY team_id, provider`);
  return rows.map(toBucket);
}

/**
 * Locks the bucket's row for the rest of the transaction (creating it when missing) and
 * returns its state. Every claim of the bucket, in any process, goes through this lock.
 */
export async function lockBucket(tx: Queryable, bucket: BucketKey): Promise<PullBucketRecord> {
  await tx.query(
    `INSERT INTO pull_throttle_buckets (team_id, provider) VALUES ($1, $2) ON CONFLICT (team_id, provider) DO NOTHING`,
    [bucket.team_id, bucket.provider],
  );
  const row = await tx.one<BucketRow>(`SELECT ${COLUMNS} FROM pull_throttle_buckets WHERE team_id = $1 AND provider = $2 FOR UPDATE`, [
    bucket.team_id,
    bucket.provider,
  ]);
  return toBucket(row!);
}

/** Stores the bucket's state after a claim (the row must be locked by `tx`). */
export async function saveBucket(
  tx: Queryable,
  input: BucketKey & { recent_starts: readonly number[]; has_pending: boolean; next_slot_ms: number | null },
): Promise<void> {
  await tx.query(
    `UPDATE pull_throttle_buckets SET recent_starts = $3::jsonb, has_pending = $4, next_slot_ms = $5
     WHERE team_id = $1 AND provider = $2`,
    [input.team_id, input.provider, JSON.stringify(input.recent_starts), input.has_pending, input.next_slot_ms],
  );
}

/**
 * Safety net: marks every bucket that has pending triggers (rows, or ids not yet written as
 * rows) of an in-progress op, in case something made triggers pending without marking their
 * bucket. Returns how many buckets were not marked before.
 */
export async function markBucketsWithPendingTriggers(db: Queryable): Promise<number> {
  const rows = await db.query(
    `INSERT INTO pull_throttle_buckets (team_id, provider, has_pending)
     SELECT DISTINCT o.team_id, o.provider, true
     FROM bulk_ops o
     WHERE o.status = 'in_progress'
       AND (o.unexpanded > 0 OR EXISTS (SELECT 1 FROM bulk_triggers t WHERE t.op_id = o.id AND t.state = 'pending'))
     ON CONFLICT (team_id, provider) DO UPDATE SET has_pending = true
       WHERE NOT pull_throttle_buckets.has_pending
     RETURNING team_id`,
  );
  return rows.length;
}
