/**
 * The write-ahead log, for the checkpoints PGlite needs (jobs/database/checkpoints.ts):
 * how much log was written since the last checkpoint began, and a checkpoint.
 */
import type { Queryable } from './database.js';

/** Bytes of log inserted since the last checkpoint's redo point (what a crash would replay). */
export async function walSinceCheckpoint(db: Queryable): Promise<number> {
  const row = await db.one<{ bytes: string }>(`SELECT (pg_current_wal_insert_lsn() - redo_lsn)::text AS bytes FROM pg_control_checkpoint()`);
  return Number(row!.bytes);
}

/** CHECKPOINT: writes every changed page to the data files; the log before it can go. */
export async function checkpoint(db: Queryable): Promise<void> {
  await db.exec('CHECKPOINT');
}
