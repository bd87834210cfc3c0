/**
 * The sandbox data sync worker: every `intervalMs / 10` (at most every 10 s) it syncs the
 * windows whose last sync is at least `intervalMs` old, in batches (syncDueWindows). Any
 * number of processes may run one on the same database: a batch locks its windows and the
 * others skip them.
 */
import { systemClock, type Clock } from '../../domain/throttle/clock.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { DEFAULT_DATA_SYNC_SETTINGS, type DataSyncSettings } from './options.js';
import { syncDueWindows, type SyncRound } from './sync.js';

export interface DataSyncWorkerOptions extends Partial<Omit<DataSyncSettings, 'enabled'>> {
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** The collector to call every `gcEveryBatches` batches (default: globalThis.gc, present with --expose-gc). */
  gc?: GcFunction;
}

export interface DataSyncWorker {
  /** Runs one round now (tests, benchmarks); resolves with what it synced. */
  runOnce(): Promise<SyncRound>;
  stop(): Promise<void>;
}

type GcFunction = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

export function startDataSyncWorker(options: DataSyncWorkerOptions): DataSyncWorker {
  const clock = options.clock ?? systemClock;
  const settings = { ...DEFAULT_DATA_SYNC_SETTINGS, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) } as DataSyncSettings;
  const pollMs = Math.min(10_000, Math.max(1, Math.floor(settings.intervalMs / 10)));
  // Without --expose-gc there is no gc: V8 collects as it sees fit (settings.gcEveryBatches).
  const gc = settings.gcEveryBatches > 0 ? (options.gc ?? (globalThis as { gc?: GcFunction }).gc) : undefined;
  let batches = 0;
  const abort = new AbortController();
  let running: Promise<SyncRound> | null = null;

  const round = (): Promise<SyncRound> => {
    // One round at a time per process: a second caller waits for the running one, then runs its own.
    const previous = running ?? Promise.resolve({ windows: 0, events: 0 });
    const next = previous.then(() =>
      syncDueWindows(options.db, {
        now: () => new Date(clock.now()),
        intervalMs: settings.intervalMs,
        batchSize: settings.batchSize,
        maxSamplesPerEvent: settings.maxSamplesPerEvent,
        stopping: () => abort.signal.aborted,
        afterBatch: () => {
          batches += 1;
          if (gc && batches % settings.gcEveryBatches === 0) gc({ type: 'major', execution: 'async' });
        },
      }),
    );
    running = next.catch(() => ({ windows: 0, events: 0 }));
    return next;
  };

  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const started = performance.now();
        const done = await round();
        if (done.windows > 0) options.logger.info({ windows: done.windows, events: done.events, ms: Math.round(performance.now() - started) }, 'data sync round');
      } catch (error) {
        if (!abort.signal.aborted) options.logger.error({ err: error }, 'data sync round failed');
      }
      await clock.sleep(pollMs, abort.signal);
    }
  })();

  return {
    runOnce: round,
    stop: async () => {
      abort.abort();
      await loop;
    },
  };
}
