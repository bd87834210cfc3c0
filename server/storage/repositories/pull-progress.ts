import type { Queryable } from '../database.js';

// The chunk progress of the triggers being pulled. (The pulled data itself is derived from its seed,
// server/domain/synthetic: migration 003's provider_data table is no longer written.)

export interface PullProgressRecord {
  op_id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  /** First day not fetched yet. */
  next_date: string;
}

/** Creates or moves the progress of a trigger. */
export async function savePullProgress(db: Queryable, progress: PullProgressRecord): Promise<void> {
  await db.query(
    `INSERT INTO bulk_pull_progress (op_id, user_id, start_date, end_date, next_date) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (op_id, user_id) DO UPDATE SET next_date = EXCLUDED.next_date`,
    [progress.op_id, progress.user_id, progress.start_date, progress.end_date, progress.next_date],
  );
}

export async function deletePullProgress(db: Queryable, input: { op_id: string; user_id: string }): Promise<void> {
  await db.query(`DELETE FROM bulk_pull_progress WHERE op_id = $1 AND user_id = $2`, [input.op_id, input.user_id]);
}
