/**
 * Checkpoints for PGlite, which runs no checkpointer. PostgreSQL's checkpointer writes the
 * changed pages to the data files every checkpoint_timeout (5 minutes) when anything was
 * written, or sooner when the log since the last checkpoint nears max_wal_size; after a
 * checkpoint the log before it is recycled, and a crash replays only the log after it. PGlite
 * left alone checkpoints only when it closes: its pg_wal grows by every write of the process
 * (about 6 kB per lab order) and a killed process replays all of it at its next start. This
 * job does what the checkpointer would, in rounds: every `checkEveryMs` it reads how much log
 * was written since the last checkpoint (one cheap statement), and checkpoints when that
 * passes `walBytes`, or when `timeoutMs` passed since the last checkpoint and anything was
 * written. A checkpoint holds PGlite's one connection while it writes the changed pages (at
 * most shared_buffers, 32 MB: tens of milliseconds). PostgreSQL runs its own checkpointer:
 * the server starts this job on PGlite only.
 */
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { checkpoint, walSinceCheckpoint } from '../../storage/write-ahead-log.js';
import { runInRounds, type Rounds } from '../rounds.js';

/** As PostgreSQL's trigger: max_wal_size (256MB on PGlite, storage/database.ts) / (1 + checkpoint_completion_target 0.9). */
export const CHECKPOINT_WAL_BYTES = 128 * 1024 * 1024;
/** PostgreSQL's checkpoint_timeout. */
export const CHECKPOINT_TIMEOUT_MS = 300_000;
/** Log since the last checkpoint that is only that checkpoint's own records (a few hundred bytes): nothing was written. */
export const CHECKPOINT_IDLE_WAL_BYTES = 1024;

export interface CheckpointOptions {
  db: Database;
  logger: Logger;
  /** Between two looks at the log (default 15 s). */
  checkEveryMs?: number;
  walBytes?: number;
  timeoutMs?: number;
  clock?: Clock;
}

export interface CheckpointRound {
  /** Log written since the last checkpoint, as the round found it. */
  wal_bytes: number;
  checkpointed: boolean;
}

export function startCheckpoints(options: CheckpointOptions): Rounds<CheckpointRound> {
  const clock = options.clock ?? systemClock;
  const walBytes = options.walBytes ?? CHECKPOINT_WAL_BYTES;
  const timeoutMs = options.timeoutMs ?? CHECKPOINT_TIMEOUT_MS;
  // The process's start counts as a checkpoint: PGlite opened from one (its last close) or replayed the log after it.
  let last = clock.now();
  return runInRounds({
    clock,
    pauseMs: options.checkEveryMs ?? 15_000,
    round: async (): Promise<CheckpointRound> => {
      const wal = await walSinceCheckpoint(options.db);
      const due = wal >= walBytes || (wal > CHECKPOINT_IDLE_WAL_BYTES && clock.now() - last >= timeoutMs);
      if (!due) return { wal_bytes: wal, checkpointed: false };
      await checkpoint(options.db);
      last = clock.now();
      return { wal_bytes: wal, checkpointed: true };
    },
    done: (round, ms) => {
      if (round.checkpointed) options.logger.debug({ wal_bytes: round.wal_bytes, ms }, 'checkpoint');
    },
    failed: (error) => options.logger.error({ err: error }, 'checkpoint failed; tried again at the next round'),
  });
}
