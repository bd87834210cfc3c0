/**
 * Crash safety with real processes: a server pulling an op of 10,000 triggers is killed with
 * SIGKILL twice, mid-way, and restarted on the same data. Afterwards every trigger completed
 * exactly once, every (user, resource) has exactly one historical event, and every
 * connection's data window reaches back over the pulled days once. On real PGlite files (the restarted server requeues the dead one's
 * claims at once) and, when DATABASE_URL is set, on PostgreSQL (a database of its own; the
 * claims are requeued when their 3-second lease ends).
 *
 * The throttle is overridden (PULL_POLICY_OVERRIDES) so 10,000 strava triggers take seconds
 * instead of 104 days; chunks of 2 days over a 3-day range make each trigger two
 * transactions, so kills land between chunks too.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { historicalResourcesFor } from '../../../server/jobs/bulk-pull/pull.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/storage/database.js';
import { api, killHard, startServerProcess, stopGracefully, waitForProgress, type ServerProcess } from './processes.js';

const TRIGGERS = 10_000;
const PROVIDER = 'strava';

const databaseUrl = process.env.DATABASE_URL || undefined;

interface Storage {
  label: string;
  available: boolean;
  /** Environment of the server processes. */
  env(dataDir: string): Promise<Record<string, string>>;
  /** The same data, opened by the test once the servers are gone. */
  open(dataDir: string): Promise<Database>;
  cleanup(): Promise<void>;
}

const postgresName = `bulk_pull_kill_${Date.now().toString(36)}`;
const postgresUrl = () => {
  const url = new URL(databaseUrl!);
  url.pathname = `/${postgresName}`;
  return url.toString();
};
async function onAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

const STORAGES: Storage[] = [
  {
    label: 'PGlite files',
    available: true,
    env: async (dataDir) => ({ DATA_DIR: dataDir, DATABASE_URL: '' }),
    open: (dataDir) => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    cleanup: async () => undefined,
  },
  {
    label: databaseUrl ? 'PostgreSQL' : 'PostgreSQL (skipped: DATABASE_URL is unset)',
    available: Boolean(databaseUrl),
    env: async (dataDir) => {
      await onAdmin(`CREATE DATABASE ${postgresName}`);
      return { DATA_DIR: dataDir, DATABASE_URL: postgresUrl(), PULL_LEASE_MS: '3000' };
    },
    open: () => openDatabase({ databaseUrl: postgresUrl() }),
    cleanup: () => onAdmin(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`),
  },
];

describe.each(STORAGES.map((storage) => [storage.label, storage] as const))('bulk pull killed with SIGKILL mid-way (real processes) on %s', (_label, storage) => {
  let dataDir = '';
  let current: ServerProcess | null = null;
  afterAll(async () => {
    if (current) await stopGracefully(current).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (storage.available) await storage.cleanup();
  });

  it.skipIf(!storage.available)('when the server is killed twice and restarted, then every trigger completes exactly once and no event is duplicated', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bulk-pull-kill-'));
    const seedFile = path.join(dataDir, 'users.txt');
    const env = {
      ...(await storage.env(dataDir)),
      PULL_POLICY_OVERRIDES: JSON.stringify({ [PROVIDER]: { kind: 'window', limit: 500, windowMs: 50 } }),
      PULL_CHUNK_DAYS: '2',
      PULL_POLL_MS: '20',
      LOG_LEVEL: 'warn',
    };

    current = await startServerProcess({ ...env, SEED_USERS: String(TRIGGERS), SEED_PROVIDER: PROVIDER, SEED_FILE: seedFile });
    const users = (await readFile(seedFile, 'utf8')).trim().split('\n');
    expect(users).toHaveLength(TRIGGERS);
    // Three days per user (today and the two before), in two chunks.
    const sandbox = JSON.parse(await readFile(path.join(dataDir, 'bootstrap.json'), 'utf8')) as { org_id: string; team_id: string };
    expect(sandbox.team_id).toBeTruthy();
    const set = await api(current, 'PUT', `/v1/org/${sandbox.org_id}/team/${sandbox.team_id}/data_pull_preferences/${PROVIDER}`, { historical_days: 2 }, true);
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const triggered = await api(current, 'POST', '/v2/link/bulk_trigger_historical_pull', { user_ids: users, provider: PROVIDER });
    expect(triggered.status, JSON.stringify(triggered.body).slice(0, 300)).toBe(202);
    const opId = (triggered.body as { operation: { id: string } }).operation.id;

    const kills: { processed: number }[] = [];
    for (const fraction of [0.2, 0.55]) {
      const seen = await waitForProgress(current, opId, (op) => op.processed >= TRIGGERS * fraction, `${fraction * 100}% processed`);
      await killHard(current);
      kills.push({ processed: seen.processed });
      current = await startServerProcess(env);
    }
    const done = await waitForProgress(current, opId, (op) => op.status !== 'in_progress', 'the op to end');
    expect(done).toMatchObject({ status: 'success', pending: 0, running: 0, processed: TRIGGERS, failed: 0 });
    await stopGracefully(current);
    current = null;

    const db = await storage.open(dataDir);
    try {
      const resources = historicalResourcesFor(PROVIDER);
      const triggers = await db.one<{ total: number; processed: number; retried: number; max_attempts: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'processed' AND finished_at IS NOT NULL)::int AS processed,
                count(*) FILTER (WHERE attempts > 1)::int AS retried, max(attempts)::int AS max_attempts
         FROM bulk_triggers WHERE op_id = $1`,
        [opId],
      );
      const killedAt = `killed at ${kills.map((k) => k.processed).join(' and ')} processed; ${triggers!.retried} triggers retried (max attempts ${triggers!.max_attempts})`;
      expect(triggers, killedAt).toMatchObject({ total: TRIGGERS, processed: TRIGGERS });
      // The kills interrupted pulls in flight: those were claimed again (their attempt counted).
      expect(triggers!.retried, killedAt).toBeGreaterThan(0);

      const events = await db.one<{ total: number; keys: number; pairs: number; ids: number; worst: number }>(
        `SELECT count(*)::int AS total, count(DISTINCT dedup_key)::int AS keys, count(DISTINCT id)::int AS ids,
                count(DISTINCT (payload->>'user_id', event_type))::int AS pairs,
                (SELECT max(n)::int FROM (SELECT count(*) AS n FROM events WHERE dedup_key LIKE $1 GROUP BY payload->>'user_id', event_type) per_pair) AS worst
         FROM events WHERE dedup_key LIKE $1`,
        [`historical:${opId}:%`],
      );
      expect(events).toEqual({ total: TRIGGERS * resources.length, keys: TRIGGERS * resources.length, pairs: TRIGGERS * resources.length, ids: TRIGGERS * resources.length, worst: 1 });
      const types = await db.query<{ event_type: string; n: number }>(
        `SELECT event_type, count(*)::int AS n FROM events WHERE dedup_key LIKE $1 GROUP BY event_type ORDER BY event_type`,
        [`historical:${opId}:%`],
      );
      expect(types).toEqual(resources.map((resource) => ({ event_type: `historical.data.${resource}.created`, n: TRIGGERS })).sort((a, b) => a.event_type.localeCompare(b.event_type)));

      // Nothing per day is stored: every connection's window reaches back 3 days (today included), once.
      const windows = await db.one<{ windows: number; users: number; days: number[] }>(
        `SELECT count(*)::int AS windows, count(DISTINCT user_id)::int AS users, array_agg(DISTINCT (current_date - history_start + 1)::int) AS days
         FROM data_windows WHERE provider = $1`,
        [PROVIDER],
      );
      expect(windows).toEqual({ windows: TRIGGERS, users: TRIGGERS, days: [3] });
      const progress = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_pull_progress WHERE op_id = $1`, [opId]);
      expect(progress?.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 900_000);
});
