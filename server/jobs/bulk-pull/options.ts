/**
 * Settings of the bulk pull worker from the environment (read once at start).
 *
 * | Variable                | Default     | Meaning |
 * |-------------------------|-------------|---------|
 * | PULL_WORKER             | on          | `off` (or `false`, `0`): this process runs no worker (it still enqueues) |
 * | PULL_WORKER_CONCURRENCY | 16          | triggers this process pulls at once |
 * | PULL_LEASE_MS           | 60000       | a running trigger whose worker has not renewed its claim for this long is requeued |
 * | PULL_POLL_MS            | 250         | how often the worker looks for work enqueued by other processes |
 * | PULL_CHUNK_DAYS         | 31          | days fetched per transaction (31: the default 30-day pull, today included, is one chunk) |
 * | PULL_MAX_ATTEMPTS       | 5           | a trigger that failed this many claims is marked failed |
 * | PULL_SOURCE             | synthetic   | `none`: pulls fetch nothing (benchmarks of the engine alone) |
 * | PULL_THROTTLE_SCALE     | 1           | multiplies every throttle window (tests, benchmarks: 0.001 makes 5 minutes 300 ms) |
 * | PULL_POLICY_OVERRIDES   |             | JSON, provider slug (or `*` for the default) -> policy, e.g. `{"oura":{"kind":"window","limit":150,"windowMs":300}}` |
 */
import type { PolicyOverrides, ThrottlePolicy } from '../../domain/throttle/policy.js';
import type { PullSource } from './pull.js';
import { positiveInteger } from '../../shared/env-numbers.js';
import { onOff } from '../../shared/env-switches.js';

export interface BulkPullSettings {
  enabled: boolean;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  chunkDays: number;
  maxAttempts: number;
  source: PullSource;
  policies: PolicyOverrides;
}

export const DEFAULT_BULK_PULL_SETTINGS: BulkPullSettings = {
  enabled: true,
  concurrency: 16,
  leaseMs: 60_000,
  pollMs: 250,
  chunkDays: 31,
  maxAttempts: 5,
  source: 'synthetic',
  policies: {},
};

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Validates one policy object, e.g. from JSON. */
function parsePolicy(value: unknown, where: string): ThrottlePolicy {
  const object = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (object.kind === 'concurrency' && isPositiveInteger(object.limit)) return { kind: 'concurrency', limit: object.limit };
  if (object.kind === 'window' && isPositiveInteger(object.limit) && isPositiveInteger(object.windowMs)) {
    return { kind: 'window', limit: object.limit, windowMs: object.windowMs };
  }
  throw new Error(
    `${where}: expected {"kind":"window","limit":<n>,"windowMs":<ms>} or {"kind":"concurrency","limit":<n>}, got ${JSON.stringify(value)}`,
  );
}

/**
 * Reads PULL_THROTTLE_SCALE (a positive number multiplying every window) and
 * PULL_POLICY_OVERRIDES (JSON: provider slug or `*` -> policy).
 */
function parsePolicyOverrides(env: { PULL_THROTTLE_SCALE?: string | undefined; PULL_POLICY_OVERRIDES?: string | undefined }): PolicyOverrides {
  const overrides: PolicyOverrides = {};
  if (env.PULL_THROTTLE_SCALE !== undefined && env.PULL_THROTTLE_SCALE !== '') {
    const scale = Number(env.PULL_THROTTLE_SCALE);
    if (!Number.isFinite(scale) || scale <= 0) throw new Error(`PULL_THROTTLE_SCALE must be a positive number, got "${env.PULL_THROTTLE_SCALE}"`);
    overrides.scale = scale;
  }
  if (env.PULL_POLICY_OVERRIDES) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.PULL_POLICY_OVERRIDES);
    } catch {
      throw new Error('PULL_POLICY_OVERRIDES must be JSON, e.g. {"oura":{"kind":"window","limit":150,"windowMs":300}}');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('PULL_POLICY_OVERRIDES must be a JSON object');
    overrides.policies = Object.fromEntries(Object.entries(parsed).map(([provider, policy]) => [provider, parsePolicy(policy, `PULL_POLICY_OVERRIDES.${provider}`)]));
  }
  return overrides;
}

export function loadBulkPullSettings(env: NodeJS.ProcessEnv = process.env): BulkPullSettings {
  const source = (env.PULL_SOURCE ?? 'synthetic').trim().toLowerCase();
  if (source !== 'synthetic' && source !== 'none') throw new Error(`PULL_SOURCE must be synthetic or none, got "${env.PULL_SOURCE}"`);
  return {
    enabled: onOff(env, 'PULL_WORKER', true),
    concurrency: positiveInteger(env, 'PULL_WORKER_CONCURRENCY', DEFAULT_BULK_PULL_SETTINGS.concurrency),
    leaseMs: positiveInteger(env, 'PULL_LEASE_MS', DEFAULT_BULK_PULL_SETTINGS.leaseMs),
    pollMs: positiveInteger(env, 'PULL_POLL_MS', DEFAULT_BULK_PULL_SETTINGS.pollMs),
    chunkDays: positiveInteger(env, 'PULL_CHUNK_DAYS', DEFAULT_BULK_PULL_SETTINGS.chunkDays),
    maxAttempts: positiveInteger(env, 'PULL_MAX_ATTEMPTS', DEFAULT_BULK_PULL_SETTINGS.maxAttempts),
    source,
    policies: parsePolicyOverrides(env),
  };
}
