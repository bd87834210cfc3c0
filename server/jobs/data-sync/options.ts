/**
 * Settings of the sandbox data sync from the environment (read once at start).
 *
 * | Variable                   | Default | Meaning |
 * |----------------------------|---------|---------|
 * | DATA_SYNC_WORKER           | on      | `off` (or `false`, `0`, `no`): this process runs no sync (refresh still works) |
 * | DATA_SYNC_INTERVAL_MS      | 300000  | a connection is synced when its last sync is this old (5 minutes: a frontend sees events within minutes) |
 * | DATA_SYNC_BATCH            | 50      | connections synced per transaction, at most |
 * | DATA_SYNC_BATCH_SAMPLES    | 5000    | a transaction takes no more connections once their events carry this many samples (each event counts one more) |
 * | DATA_SYNC_MAX_SAMPLES      | 1000    | samples per timeseries event; bigger batches are split |
 * | DATA_SYNC_GC_BATCHES       | 10      | a concurrent full garbage collection every this many batches of a round (with --expose-gc, as `npm start` runs); 0: none |
 */
import { MAX_SAMPLES_PER_EVENT } from '../../domain/data-sync/events.js';
import { nonNegativeInteger, positiveInteger } from '../../shared/env-numbers.js';
import { onOff } from '../../shared/env-switches.js';

export interface DataSyncSettings {
  enabled: boolean;
  intervalMs: number;
  batchSize: number;
  /**
   * A steady sync of a connection carries a few samples and events, its first sync (its day
   * since 00:00) a hundred times more: a batch of first syncs would hold all their payloads,
   * and their garbage, at once. 5,000 keeps steady batches whole and first syncs to a few.
   */
  batchSamples: number;
  maxSamplesPerEvent: number;
  /**
   * A round allocates fast and keeps little (the generated days die with their batch), yet V8
   * lets the old generation grow far past what the server lives on before it collects it: a
   * collection every few batches keeps a large round's peak memory down for a little more round
   * time (`npm run bench:data-sync`; figures in scripts/bench/RESULTS.md).
   */
  gcEveryBatches: number;
}

export const DEFAULT_DATA_SYNC_SETTINGS: DataSyncSettings = {
  enabled: true,
  intervalMs: 300_000,
  batchSize: 50,
  batchSamples: 5000,
  maxSamplesPerEvent: MAX_SAMPLES_PER_EVENT,
  gcEveryBatches: 10,
};

export function loadDataSyncSettings(env: NodeJS.ProcessEnv = process.env): DataSyncSettings {
  return {
    enabled: onOff(env, 'DATA_SYNC_WORKER', true),
    intervalMs: positiveInteger(env, 'DATA_SYNC_INTERVAL_MS', DEFAULT_DATA_SYNC_SETTINGS.intervalMs),
    batchSize: positiveInteger(env, 'DATA_SYNC_BATCH', DEFAULT_DATA_SYNC_SETTINGS.batchSize),
    batchSamples: positiveInteger(env, 'DATA_SYNC_BATCH_SAMPLES', DEFAULT_DATA_SYNC_SETTINGS.batchSamples),
    maxSamplesPerEvent: positiveInteger(env, 'DATA_SYNC_MAX_SAMPLES', DEFAULT_DATA_SYNC_SETTINGS.maxSamplesPerEvent),
    gcEveryBatches: nonNegativeInteger(env, 'DATA_SYNC_GC_BATCHES', DEFAULT_DATA_SYNC_SETTINGS.gcEveryBatches),
  };
}
