import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { loadBulkPullSettings } from '../../server/jobs/bulk-pull/options.js';
import { loadDataSyncSettings } from '../../server/jobs/data-sync/options.js';
import { nonNegativeInteger, positiveInteger } from '../../server/shared/env-numbers.js';

describe('whole numbers from the environment', () => {
  it('when a variable is unset, empty or only spaces, then its default is used; spaces around digits are ignored', () => {
    for (const value of [undefined, '', '   ', '\t']) {
      expect(positiveInteger({ N: value }, 'N', 7)).toBe(7);
      expect(nonNegativeInteger({ N: value }, 'N', 7)).toBe(7);
    }
    expect(positiveInteger({ N: ' 42 ' }, 'N', 7)).toBe(42);
    expect(nonNegativeInteger({ N: '0' }, 'N', 7)).toBe(0);
  });

  it('when a value is not written in decimal digits, then it is refused naming the variable and the value as given, never read as another number', () => {
    for (const value of ['1e3', '0x10', '2.5', '-1', 'ten', '+5', '1_000', '99999999999999999999']) {
      expect(() => positiveInteger({ N: value }, 'N', 7)).toThrow(`N must be a positive integer, got "${value}"`);
      expect(() => nonNegativeInteger({ N: value }, 'N', 7)).toThrow(`N must be a whole number, 0 or more, got "${value}"`);
    }
    expect(() => positiveInteger({ N: '0' }, 'N', 7)).toThrow('N must be a positive integer, got "0"');
  });

  it('when the server, the data sync and the bulk pull read the same kind of value, then they apply the same rule', () => {
    expect(loadConfig({ WEBHOOK_CONCURRENCY: '  ' }).webhookDelivery.concurrency).toBe(32);
    expect(loadDataSyncSettings({ DATA_SYNC_BATCH: '  ' }).batchSize).toBe(50);
    expect(loadBulkPullSettings({ PULL_WORKER_CONCURRENCY: '  ' }).concurrency).toBe(loadBulkPullSettings({}).concurrency);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: '1e3' })).toThrow('WEBHOOK_CONCURRENCY must be a positive integer, got "1e3"');
    expect(() => loadDataSyncSettings({ DATA_SYNC_BATCH: '1e3' })).toThrow('DATA_SYNC_BATCH must be a positive integer, got "1e3"');
    expect(() => loadBulkPullSettings({ PULL_WORKER_CONCURRENCY: '1e3' })).toThrow('PULL_WORKER_CONCURRENCY must be a positive integer, got "1e3"');
  });

  it('when BULK_WAIT_WINDOW_MS or a port is not a whole number, then starting fails (it used to become NaN, or port 0 for spaces)', () => {
    expect(loadConfig({ BULK_WAIT_WINDOW_MS: '0' }).bulkWaitWindowMs).toBe(0);
    expect(() => loadConfig({ BULK_WAIT_WINDOW_MS: 'soon' })).toThrow('BULK_WAIT_WINDOW_MS must be a whole number, 0 or more, got "soon"');
    expect(loadConfig({ PORT: '  ' }).teamPort).toBe(8000);
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be a port number, got "70000"');
    expect(() => loadConfig({ MANAGEMENT_PORT: '80a' })).toThrow('MANAGEMENT_PORT must be a port number, got "80a"');
  });
});
