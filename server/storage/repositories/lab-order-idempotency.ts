/**
 * Idempotency keys of POST /v3/order: what a key answered (the order it made, or the error it
 * answered when the request did not say `X-Idempotency-Error: no-cache`: migration 083) and the
 * hash of the body it came with, so a retry answers the same and another body with the same key
 * is refused.
 */
import type { Queryable } from '../database.js';

/** An error a key answered: its HTTP status and its JSON body (`{"detail": ...}`). */
export interface KeptIdempotencyError {
  status: number;
  body: { detail: unknown };
}

/** What a key holds: the order it made, or the error it answered (order_id null). */
export interface IdempotencyKeyRecord {
  body_hash: string;
  order_id: string | null;
  error: KeptIdempotencyError | null;
}

/** What the key holds, with the hash of the body it came with; null when the key is new. */
export async function findIdempotencyKey(db: Queryable, teamId: string, key: string): Promise<IdempotencyKeyRecord | null> {
  const row = await db.one<{ body_hash: string; order_id: string | null; error_status: number | null; error_body: { detail: unknown } | null }>(
    `SELECT body_hash, order_id, error_status, error_body FROM lab_order_idempotency_keys WHERE team_id = $1 AND key = $2`,
    [teamId, key],
  );
  if (!row) return null;
  const error = row.error_status !== null && row.error_body !== null ? { status: row.error_status, body: row.error_body } : null;
  return { body_hash: row.body_hash, order_id: row.order_id, error };
}

/**
 * Records the key for the order (replacing the record of a key whose order is gone, or the error
 * it answered to a request that let it keep one). Call it under lockIdempotencyKey, which
 * serialises the requests of one key.
 */
export async function recordIdempotencyKey(db: Queryable, input: { team_id: string; key: string; body_hash: string; order_id: string }): Promise<void> {
  await db.query(
    `INSERT INTO lab_order_idempotency_keys (team_id, key, body_hash, order_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, order_id = EXCLUDED.order_id,
       error_status = NULL, error_body = NULL, created_at = now()`,
    [input.team_id, input.key, input.body_hash, input.order_id],
  );
}

/**
 * Keeps the error a request with the key was answered, unless the key already holds something (an
 * order or an error another request with it recorded first). Call it under lockIdempotencyKey.
 */
export async function keepIdempotencyError(db: Queryable, input: { team_id: string; key: string; body_hash: string; error: KeptIdempotencyError }): Promise<void> {
  await db.query(
    `INSERT INTO lab_order_idempotency_keys (team_id, key, body_hash, error_status, error_body) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (team_id, key) DO NOTHING`,
    [input.team_id, input.key, input.body_hash, input.error.status, JSON.stringify(input.error.body)],
  );
}

/** Takes a transaction-scoped lock on (team, key), so concurrent requests with one key run one after the other. */
export async function lockIdempotencyKey(tx: Queryable, teamId: string, key: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`lab-order-idempotency:${teamId}:${key}`]);
}
