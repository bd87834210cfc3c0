/**
 * The sandbox data sync worker: every `intervalMs / 10` (at most every 10 s) it syncs the
 * windows whose last sync is at least `intervalMs` old, in batches (syncDueWindows). Any
 * number of processes may run one on the same database: a batch locks its windows and the
 * others skip them.
 */
import { systemClock, type Clock } from '../clock.js';
import type { FormatterMemo } from '../../domain/synthetic/time-zone.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { collectEvery, exposedGc, type GcFunction } from '../../shared/gc.js';
import { DEFAULT_DATA_SYNC_SETTINGS, type DataSyncSettings } from './options.js';
import { runInRounds, type Rounds } from '../rounds.js';
import { syncDueWindows, type SyncRound } from './sync.js';

export interface DataSyncWorkerOptions extends Partial<Omit<DataSyncSettings, 'enabled'>> {
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** The collector to call every `gcEveryBatches` batches (default: globalThis.gc, present with --expose-gc). */
  gc?: GcFunction;
  /** The app's formatter cache (Deps.caches.dataReads.formatters). */
  formatters?: FormatterMemo;
}

/** `runOnce` (tests, benchmarks) resolves with what the round synced. */
export type DataSyncWorker = Rounds<SyncRound>;

export function startDataSyncWorker(options: DataSyncWorkerOptions): DataSyncWorker {
  const clock = options.clock ?? systemClock;
  const settings = { ...DEFAULT_DATA_SYNC_SETTINGS, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) } as DataSyncSettings;
  const pollMs = Math.min(10_000, Math.max(1, Math.floor(settings.intervalMs / 10)));
  // Without --expose-gc there is no gc: V8 collects as it sees fit (settings.gcEveryBatches).
  const batchDone = collectEvery(settings.gcEveryBatches, options.gc ?? exposedGc());
  return runInRounds({
    clock,
    pauseMs: pollMs,
    round: (stopping) =>
      syncDueWindows(options.db, {
        now: () => new Date(clock.now()),
        intervalMs: settings.intervalMs,
        batchSize: settings.batchSize,
        batchSamples: settings.batchSamples,
        maxSamplesPerEvent: settings.maxSamplesPerEvent,
        ...(options.formatters && { formatters: options.formatters }),
        stopping,
        afterBatch: batchDone,
      }),
    done: (done, ms) => {
      if (done.windows > 0) options.logger.info({ windows: done.windows, events: done.events, ms }, 'data sync round');
    },
    failed: (error) => options.logger.error({ err: error }, 'data sync round failed'),
  });
}
