import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_SYNC_SETTINGS, loadDataSyncSettings } from '../../../server/jobs/data-sync/options.js';

describe('loadDataSyncSettings', () => {
  it('when nothing is set, then the defaults: on, every 5 minutes, 50 windows per transaction up to 5,000 samples, 1,000 samples per event, a collection every 10 batches', () => {
    expect(loadDataSyncSettings({})).toEqual(DEFAULT_DATA_SYNC_SETTINGS);
    expect(DEFAULT_DATA_SYNC_SETTINGS).toEqual({ enabled: true, intervalMs: 300_000, batchSize: 50, batchSamples: 5000, maxSamplesPerEvent: 1000, gcEveryBatches: 10 });
  });

  it('when the variables are set, then they are used', () => {
    expect(loadDataSyncSettings({ DATA_SYNC_WORKER: 'off', DATA_SYNC_INTERVAL_MS: '60000', DATA_SYNC_BATCH: '10', DATA_SYNC_BATCH_SAMPLES: '800', DATA_SYNC_MAX_SAMPLES: '200', DATA_SYNC_GC_BATCHES: '3' })).toEqual({
      enabled: false,
      intervalMs: 60_000,
      batchSize: 10,
      batchSamples: 800,
      maxSamplesPerEvent: 200,
      gcEveryBatches: 3,
    });
    expect(loadDataSyncSettings({ DATA_SYNC_GC_BATCHES: '0' }).gcEveryBatches).toBe(0);
  });

  it.each([
    ['DATA_SYNC_INTERVAL_MS', '0', 'DATA_SYNC_INTERVAL_MS must be a positive integer, got "0"'],
    ['DATA_SYNC_BATCH', '2.5', 'DATA_SYNC_BATCH must be a positive integer, got "2.5"'],
    ['DATA_SYNC_BATCH_SAMPLES', '0', 'DATA_SYNC_BATCH_SAMPLES must be a positive integer, got "0"'],
    ['DATA_SYNC_WORKER', 'maybe', 'DATA_SYNC_WORKER must be on or off, got "maybe"'],
    ['DATA_SYNC_GC_BATCHES', '-1', 'DATA_SYNC_GC_BATCHES must be a whole number, 0 or more, got "-1"'],
  ])('when %s is %s, then starting fails naming it', (name, value, message) => {
    expect(() => loadDataSyncSettings({ [name]: value })).toThrow(message);
  });
});
