/**
 * The sandbox data sync (`npx tsx scripts/bench/data-sync.ts [--users N]`, part of `npm run bench`).
 * Prints a table; it is not a test and asserts nothing.
 *
 * Against the compiled server as `npm start` runs it (scripts/lib/server-runtime.ts flags,
 * NODE_ENV and LOG_LEVEL as they are here, compiled first unless BENCH_SKIP_COMPILE=1), on PGlite in a temporary
 * DATA_DIR and, when DATABASE_URL is set, on PostgreSQL (a database of its own, dropped after):
 * N users (`--users`, or DATA_SYNC_BENCH_USERS; default 10,000) connected to oura, each with a
 * data window of 30 days of history, opened a day before and last synced one default interval ago
 * (so all are due, and the round is a steady one; `--first-sync`: opened one interval ago and never
 * synced, so the round is every window's first sync, which announces its whole first day), and
 * one webhook endpoint (every event) on a local receiver. The server starts with its default
 * sync interval; reported:
 *
 * - the sync: the time of the worker's first round (every window synced, events in the outbox),
 *   target: within one default interval, and the events it emitted per second of it;
 * - delivery: signed events delivered per second to the receiver (first to last delivery; the
 *   worker sends while the sync still runs), target >= 500/s; every 100th delivery is verified
 *   (Standard Webhooks signature);
 * - the database size after the sync (windows and the outbox: PGlite's data directory,
 *   pg_database_size on PostgreSQL), target < 2 GB;
 * - the server's peak resident memory (VmHWM) at the end of the round and after the delivery,
 *   target <= 400 MB on PGlite;
 * - the server's CPU seconds at the end of the round and after the delivery (since its start):
 *   what the work cost, whatever else ran on the machine;
 * - the machine's load average (1 minute) before and after: the times are only comparable
 *   at similar loads.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { newWebhookSecret } from '../../server/domain/webhooks/rules.js';
import { DEFAULT_DATA_SYNC_SETTINGS } from '../../server/jobs/data-sync/options.js';
import { migrate } from '../../server/storage/migrate.js';
import { createWebhookEndpoint } from '../../server/storage/repositories/webhooks.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { compile, DIST } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { serverProcess } from '../lib/server-runtime.js';
import { freePort, freePorts, printTable, stop, waitForOk } from './lib.js';
import { benchEngines, type BenchEngine } from './engines.js';

function usersFlag(): number {
  const index = process.argv.indexOf('--users');
  const raw = index >= 0 ? process.argv[index + 1] : process.env.DATA_SYNC_BENCH_USERS;
  const value = Number(raw ?? 10_000);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--users must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * `--first-sync`: the windows were opened one interval ago and never synced, so the round is every
 * window's first sync, which announces the connection's whole first day (its samples since 00:00)
 * and its profile. Without it, they were opened a day before: a steady round.
 */
const FIRST_SYNC = process.argv.includes('--first-sync');

const TEAM_API_KEY = 'bench-sync-team-api-key';
const MANAGEMENT_KEY = 'bench-sync-management-key';
const PROVIDER = 'oura';
const INTERVAL_MS = DEFAULT_DATA_SYNC_SETTINGS.intervalMs;
const HISTORY_DAYS = 30;




/** Migrates, bootstraps, adds `count` users connected to oura with due 30-day windows, and the receiver's endpoint. */
async function prepare(engine: BenchEngine, count: number, receiver: { url: string; secret: string }): Promise<void> {
  const db = await engine.open();
  try {
    await migrate(db);
    const sandbox = await bootstrapSandbox(db, { region: 'us', teamApiKey: TEAM_API_KEY, managementKey: MANAGEMENT_KEY, dataDir: engine.env.DATA_DIR! });
    const due = new Date(Date.now() - INTERVAL_MS - 1000).toISOString();
    await db.query(
      `WITH created AS (
         INSERT INTO users (team_id, client_user_id) SELECT $1, 'bench-' || g FROM generate_series(1, $2::int) g RETURNING id, team_id
       ), connected AS (
         INSERT INTO connections (user_id, team_id, provider, source_type, created_on) SELECT id, team_id, $3, 'device', $4::timestamptz FROM created
       )
       INSERT INTO data_windows (user_id, team_id, provider, source_type, history_start, synced_through, opened_at)
       SELECT id, team_id, $3, 'device', ($4::timestamptz AT TIME ZONE 'UTC')::date - ($5::int - 1), $4::timestamptz,
              $4::timestamptz - CASE WHEN $6::boolean THEN interval '0' ELSE interval '1 day' END FROM created`,
      [sandbox.teamId, count, PROVIDER, due, HISTORY_DAYS, FIRST_SYNC],
    );
    await createWebhookEndpoint(db, { team_id: sandbox.teamId, url: receiver.url, event_types: null, description: 'bench', secret: receiver.secret });
  } finally {
    await db.close();
  }
}

interface Receiver {
  url: string;
  secret: string;
  count(): number;
  firstAt(): number | null;
  lastAt(): number | null;
  invalid(): number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const secret = newWebhookSecret();
  const verifier = new Webhook(secret);
  let count = 0;
  let invalid = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const now = performance.now();
      firstAt ??= now;
      lastAt = now;
      count += 1;
      if (count % 100 === 1) {
        try {
          verifier.verify(Buffer.concat(chunks).toString(), {
            'webhook-id': String(request.headers['webhook-id']),
            'webhook-timestamp': String(request.headers['webhook-timestamp']),
            'webhook-signature': String(request.headers['webhook-signature']),
          });
        } catch {
          invalid += 1;
        }
      }
      response.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    secret,
    count: () => count,
    firstAt: () => firstAt,
    lastAt: () => lastAt,
    invalid: () => invalid,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** CPU seconds (user + system) the process has used: on a shared machine, what the round cost whatever the load. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

interface Result {
  engine: string;
  users: number;
  syncMs: number;
  events: number;
  deliveredPerSecond: number;
  invalid: number;
  sizeMb: number;
  /** VmHWM when the round ended, and after every event was delivered. */
  syncPeakMb: number;
  peakMb: number;
  /** Server CPU seconds at the end of the round and after the delivery (from the server's start). */
  syncCpuS: number;
  cpuS: number;
  load: [number, number];
}

const loadAverage = () => os.loadavg()[0]!;

async function benchEngine(engine: BenchEngine, users: number): Promise<Result> {
  const receiver = await startReceiver();
  try {
    await prepare(engine, users, receiver);
    const [teamPort, managementPort] = await freePorts(2);
    // As npm start runs it: NODE_ENV and LOG_LEVEL as they are here (the round's `data sync round`
    // line is an info line: LOG_LEVEL must let it through), every worker running.
    const runtime = serverProcess({
      PORT: String(teamPort),
      MANAGEMENT_PORT: String(managementPort),
      TEAM_API_KEY,
      MANAGEMENT_KEY,
      ...engine.env,
    });
    const child = spawn(process.execPath, [...runtime.nodeFlags, path.join(DIST, 'server/main.js')], { env: runtime.env, stdio: ['ignore', 'pipe', 'inherit'] });
    const loadBefore = loadAverage();
    let round: { windows: number; events: number; ms: number } | null = null;
    let syncPeakMb = Number.NaN;
    let syncCpuS = Number.NaN;
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('data sync round')) continue;
        try {
          const entry = JSON.parse(line) as { windows: number; events: number; ms: number };
          if (round === null) {
            syncPeakMb = peakMemoryMb(child.pid!);
            syncCpuS = cpuSeconds(child.pid!);
          }
          round ??= entry;
        } catch {
          // not a log line
        }
      }
    });
    try {
      await waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, performance.now(), 120_000, { [TEAM_API_KEY_HEADER]: TEAM_API_KEY });
      const deadline = performance.now() + INTERVAL_MS * 3;
      while (round === null && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const synced = round as { windows: number; events: number; ms: number } | null;
      if (!synced) throw new Error(`no sync round finished within ${(INTERVAL_MS * 3) / 1000} s`);
      while (receiver.count() < synced.events && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const peakMb = peakMemoryMb(child.pid!);
      const cpuS = cpuSeconds(child.pid!);
      const span = ((receiver.lastAt() ?? 0) - (receiver.firstAt() ?? 0)) / 1000;
      await stop(child);
      return {
        engine: engine.name,
        users,
        syncMs: synced.ms,
        events: synced.events,
        deliveredPerSecond: span > 0 ? receiver.count() / span : Number.NaN,
        invalid: receiver.invalid(),
        sizeMb: (await engine.size()) / 1024 / 1024,
        syncPeakMb,
        peakMb,
        syncCpuS,
        cpuS,
        load: [loadBefore, loadAverage()],
      };
    } finally {
      await stop(child);
    }
  } finally {
    await receiver.close();
  }
}

export async function benchDataSync(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const users = usersFlag();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engines = benchEngines('sync');
  const results: Result[] = [];
  for (const engineOf of engines) {
    const engine = await engineOf();
    try {
      results.push(await benchEngine(engine, users));
    } finally {
      await engine.cleanup();
    }
  }
  printTable(
    `Data sync of ${users.toLocaleString('en-US')} oura connections (${HISTORY_DAYS} days of history each, ${FIRST_SYNC ? 'opened one interval ago, never synced: every window\'s first sync' : 'opened a day before, last synced one interval ago'}; default interval ${INTERVAL_MS / 1000} s)`,
    ['storage', 'sync round', 'target', 'events', 'emitted', 'delivered', 'target', 'bad signatures', 'database', 'target', 'server peak RSS (round / delivery)', 'target', 'server CPU (round / delivery)', 'load before / after'],
    results.map((r) => [
      r.engine,
      `${(r.syncMs / 1000).toFixed(1)} s`,
      `<= ${INTERVAL_MS / 1000} s`,
      r.events.toLocaleString('en-US'),
      `${Math.round(r.events / (r.syncMs / 1000))} events/s`,
      `${Math.round(r.deliveredPerSecond)} events/s`,
      '>= 500/s',
      r.invalid,
      `${Math.round(r.sizeMb)} MB`,
      '< 2048 MB',
      `${Math.round(r.syncPeakMb)} / ${Math.round(r.peakMb)} MB`,
      r.engine === 'PGlite' ? '<= 400 MB' : '-',
      `${Math.round(r.syncCpuS)} / ${Math.round(r.cpuS)} s`,
      `${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)}`,
    ]),
  );
  if (!databaseUrl) console.log('\n(PostgreSQL skipped: DATABASE_URL is unset.)');
}

if (isMainModule(import.meta.filename)) await benchDataSync();
