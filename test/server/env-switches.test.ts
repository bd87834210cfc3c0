import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { loadBulkPullSettings } from '../../server/jobs/bulk-pull/options.js';
import { loadDataSyncSettings } from '../../server/jobs/data-sync/options.js';
import { logLevelOf } from '../../server/logger.js';
import { onOff } from '../../server/shared/env-switches.js';

describe('on/off switches from the environment', () => {
  it('when a switch is unset, empty or only spaces, then its default; on, true, 1, yes and off, false, 0, no in any letter case say it', () => {
    for (const value of [undefined, '', '  ']) {
      expect(onOff({ S: value }, 'S', true)).toBe(true);
      expect(onOff({ S: value }, 'S', false)).toBe(false);
    }
    for (const value of ['on', 'TRUE', ' 1 ', 'Yes']) expect(onOff({ S: value }, 'S', false)).toBe(true);
    for (const value of ['off', 'False', '0', ' NO ']) expect(onOff({ S: value }, 'S', true)).toBe(false);
  });

  it('when a switch is anything else, then it is refused naming the variable and the value as given, never read as on or off', () => {
    for (const value of ['maybe', 'of', '2', 'disabled']) expect(() => onOff({ S: value }, 'S', true)).toThrow(`S must be on or off, got "${value}"`);
  });

  it('when the server, the workers and npm start read a switch, then they apply the same rule (VALIDATE_RESPONSES=off, PULL_WORKER=maybe and WEBHOOK_WORKER=nope were read wrongly)', () => {
    expect(loadConfig({ VALIDATE_RESPONSES: 'off' }).validateResponses).toBe(false);
    expect(loadConfig({ VALIDATE_RESPONSES: '0' }).validateResponses).toBe(false);
    expect(loadConfig({ VALIDATE_RESPONSES: '' }).validateResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).validateResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', VALIDATE_RESPONSES: 'on' }).validateResponses).toBe(true);
    expect(loadConfig({ WEBHOOK_WORKER: 'off' }).webhookDelivery.enabled).toBe(false);
    expect(loadBulkPullSettings({ PULL_WORKER: 'no' }).enabled).toBe(false);
    expect(loadDataSyncSettings({ DATA_SYNC_WORKER: 'No' }).enabled).toBe(false);
    expect(() => loadConfig({ VALIDATE_RESPONSES: 'nope' })).toThrow('VALIDATE_RESPONSES must be on or off, got "nope"');
    expect(() => loadConfig({ WEBHOOK_WORKER: 'nope' })).toThrow('WEBHOOK_WORKER must be on or off, got "nope"');
    expect(() => loadBulkPullSettings({ PULL_WORKER: 'maybe' })).toThrow('PULL_WORKER must be on or off, got "maybe"');
    expect(() => loadDataSyncSettings({ DATA_SYNC_WORKER: 'maybe' })).toThrow('DATA_SYNC_WORKER must be on or off, got "maybe"');
  });
});

describe('LOG_LEVEL', () => {
  it('when unset or a pino level in any letter case, then that level; anything else is refused naming it', () => {
    expect(logLevelOf({})).toBe('info');
    expect(logLevelOf({ LOG_LEVEL: ' Debug ' })).toBe('debug');
    expect(logLevelOf({ LOG_LEVEL: 'silent' })).toBe('silent');
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
  });
});
