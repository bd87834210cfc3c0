/**
 * Webhook event retention: every `intervalMs` (and once at start) the events emitted more
 * than `retentionMs` ago are deleted with their deliveries, `batchSize` at a time, oldest
 * first (pruneEvents), except events with a delivery still pending (sent or retried: the
 * default retry schedule ends within 11 hours of the first attempt). On PGlite, which runs
 * no autovacuum, a round that deleted anything vacuums the two tables so that their space is
 * reused. Any number of processes may run it on the same database. WEBHOOK_RETENTION_DAYS
 * (default 7; 0 keeps everything) sets the period.
 */
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { pruneEvents, vacuumEvents } from '../../storage/repositories/events.js';
import { runInRounds, type Rounds } from '../rounds.js';

const DAY_MS = 86_400_000;

export interface EventRetentionOptions {
  db: Database;
  logger: Logger;
  retentionDays: number;
  /** Between two rounds (default: an hour). */
  intervalMs?: number;
  /** Events deleted per statement (default 5,000: a statement holds PGlite's one connection for a moment only). */
  batchSize?: number;
  clock?: Clock;
}

/** `runOnce` resolves with the number of events deleted. */
export type EventRetention = Rounds<number>;

export function startEventRetention(options: EventRetentionOptions): EventRetention {
  const clock = options.clock ?? systemClock;
  const intervalMs = options.intervalMs ?? 3_600_000;
  const batchSize = options.batchSize ?? 5_000;

  const prune = async (stopping: () => boolean): Promise<number> => {
    const before = new Date(clock.now() - options.retentionDays * DAY_MS).toISOString();
    let deleted = 0;
    for (;;) {
      const count = await pruneEvents(options.db, { before, limit: batchSize });
      deleted += count;
      if (count < batchSize || stopping()) break;
      // Let requests and the other workers run between two batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (deleted > 0 && options.db.kind === 'pglite') await vacuumEvents(options.db);
    return deleted;
  };
  return runInRounds({
    clock,
    pauseMs: intervalMs,
    round: prune,
    done: (deleted) => {
      if (deleted > 0) options.logger.info({ deleted, retention_days: options.retentionDays }, 'webhook events past their retention deleted');
    },
    failed: (error) => options.logger.error({ err: error }, 'webhook event retention round failed'),
  });
}
