import { describe, expect, it } from 'vitest';
import { policyFor } from '../../../server/domain/throttle/policy.js';
import { DEFAULT_BULK_PULL_SETTINGS, loadBulkPullSettings } from '../../../server/jobs/bulk-pull/options.js';

describe('bulk pull settings from the environment', () => {
  it('when no variable is set, then the defaults apply and no throttle is changed', () => {
    expect(loadBulkPullSettings({})).toEqual(DEFAULT_BULK_PULL_SETTINGS);
  });

  it('when PULL_THROTTLE_SCALE and PULL_POLICY_OVERRIDES are set, then windows scale and per-provider or default policies replace the table', () => {
    const { policies } = loadBulkPullSettings({
      PULL_THROTTLE_SCALE: '0.001',
      PULL_POLICY_OVERRIDES: '{"strava":{"kind":"window","limit":3,"windowMs":1000},"*":{"kind":"concurrency","limit":4}}',
    });
    expect(policies).toEqual({ scale: 0.001, policies: { strava: { kind: 'window', limit: 3, windowMs: 1000 }, '*': { kind: 'concurrency', limit: 4 } } });
    expect(policyFor('oura', policies)).toEqual({ kind: 'window', limit: 150, windowMs: 300 });
    expect(policyFor('wahoo', policies)).toEqual({ kind: 'concurrency', limit: 4 });
  });

  it('when the throttle variables are malformed, then they are rejected naming the variable and the expected shape', () => {
    expect(() => loadBulkPullSettings({ PULL_THROTTLE_SCALE: '0' })).toThrow(/PULL_THROTTLE_SCALE/);
    expect(() => loadBulkPullSettings({ PULL_POLICY_OVERRIDES: 'nope' })).toThrow(/JSON/);
    expect(() => loadBulkPullSettings({ PULL_POLICY_OVERRIDES: '[]' })).toThrow(/JSON object/);
    expect(() => loadBulkPullSettings({ PULL_POLICY_OVERRIDES: '{"oura":{"kind":"window","limit":0,"windowMs":5}}' })).toThrow(/PULL_POLICY_OVERRIDES.oura.*"kind":"window"/);
  });

  it('when a numeric setting is not a positive integer, then it is rejected naming the variable', () => {
    expect(() => loadBulkPullSettings({ PULL_WORKER_CONCURRENCY: '0' })).toThrow(/PULL_WORKER_CONCURRENCY must be a positive integer/);
    expect(() => loadBulkPullSettings({ PULL_SOURCE: 'remote' })).toThrow(/PULL_SOURCE/);
  });
});
