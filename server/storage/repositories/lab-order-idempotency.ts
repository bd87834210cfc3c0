/**
 * Idempotency keys of POST /v3/order: the order a key made and the hash of the body it came
 * with, so a retry answers that order and another body with the same key is refused.
 */
import type { Queryable } from '../database.js';

/** The order an idempotency key made, with the hash of the body it came with; null when the key is new. */
export async function findIdempotencyKey(db: Queryable, teamId: string, key: string): Promise<{ body_hash: string; order_id: string } | null> {
  return db.one<{ body_hash: string; order_id: string }>(`SELECT body_hash, order_id FROM lab_order_idempotency_keys WHERE team_id = $1 AND key = $2`, [teamId, key]);
}

/**
 * Records the key for the order (replacing the record of a key whose order is gone).
 * Call it under lockIdempotencyKey, which serialises the requests of one key.
 */
export async function recordIdempotencyKey(db: Queryable, input: { team_id: string; key: string; body_hash: string; order_id: string }): Promise<void> {
  await db.query(
    `INSERT INTO lab_order_idempotency_keys (team_id, key, body_hash, order_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, order_id = EXCLUDED.order_id, created_at = now()`,
    [input.team_id, input.key, input.body_hash, input.order_id],
  );
}

/** Takes a transaction-scoped lock on (team, key), so concurrent requests with one key run one after the other. */
export async function lockIdempotencyKey(tx: Queryable, teamId: string, key: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`lab-order-idempotency:${teamId}:${key}`]);
}
