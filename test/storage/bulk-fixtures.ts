/**
 * Fixtures of the bulk op tests, in SQL of their own: an op whose trigger rows are written at
 * once (the API stores the ids and lets the worker write the rows: enqueueBulkPull), the
 * inspection of one trigger, and the abort of an op (no operation of the API aborts one yet).
 */
import type { Queryable } from '../../server/storage/database.js';
import { getBulkOp, type BulkOpRecord, type BulkOpType } from '../../server/storage/repositories/bulk-ops.js';

export type TriggerState = 'pending' | 'running' | 'processed' | 'failed';

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

const TRIGGER_COLUMNS = 'op_id, user_id, team_id, provider, state, attempts, claimed_by, claimed_at, finished_at, error';

/**
 * Creates an op and one pending trigger row per distinct user (not checked against the users table).
 * An op with no trigger is complete at once.
 */
export async function insertBulkOp(
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
  const valid = [...new Set(input.user_ids.map((id) => id.toLowerCase()))];
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

/**
 * A trigger of an op, for inspection. A user whose trigger row is not written yet (see
 * expandBulkOpTriggers) has a pending trigger with no attempt.
 */
export async function readBulkTrigger(
  db: Queryable,
  input: { op_id: string; user_id: string },
): Promise<BulkTriggerRecord | null> {
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

/** Stops an in-progress op: its pending triggers are no longer claimed. Null when not in progress. */
export async function abortBulkOp(db: Queryable, input: { team_id: string; id: string }): Promise<BulkOpRecord | null> {
  const ended = await db.one<{ id: string }>(
    `UPDATE bulk_ops SET status = 'aborted', ended_at = now()
     WHERE id = $1 AND team_id = $2 AND status = 'in_progress'
     RETURNING id`,
    [input.id, input.team_id],
  );
  return ended ? getBulkOp(db, { team_id: input.team_id, id: ended.id }) : null;
}

