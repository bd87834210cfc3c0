/**
 * Bulk historical pull (`npx tsx scripts/bench/bulk-pull.ts`, part of `npm run bench`).
 * Prints tables; it is not a test and asserts nothing.
 *
 * Against the compiled server as `npm start` runs it (`node dist/server/main.js` with the
 * Node flags and allocator settings of scripts/lib/server-runtime.ts, NODE_ENV=production, compiled
 * first with scripts/compile.ts unless BENCH_SKIP_COMPILE=1), on PGlite in a temporary
 * DATA_DIR and, when DATABASE_URL is set, on PostgreSQL (a database of its own, dropped after):
 *
 * 1. Enqueue: BULK_BENCH_USERS (default 100,000) users connected to oura are written
 *    straight into the database before the server starts; then BULK_BENCH_RUNS (default 3)
 *    POST /v2/link/bulk_trigger_historical_pull requests with all their ids. Reported: the
 *    time from sending each request to its 202 (target <= 2 s), and the server's peak
 *    resident memory (VmHWM of /proc/<pid>/status, target <= 300 MB) after them, with the
 *    worker running (default throttles: oura starts 150 of each op at once).
 * 2. Engine overhead: a fresh server whose throttles are scaled down 10,000 times
 *    (PULL_THROTTLE_SCALE=0.0001: oura 150 per 30 ms, more than the engine can start)
 *    pulls an op of BULK_BENCH_TRIGGERS (default 5,000) triggers, from the 202 to the op's
 *    end, once with PULL_SOURCE=none (claim, throttle bookkeeping, per-trigger
 *    transaction, completion: everything but the pull itself) and once with the synthetic
 *    pull (30 days of oura data per trigger). Per trigger = elapsed / triggers.
 *
 * BULK_BENCH_ENQUEUE_ONLY=1 runs part 1 alone. BENCH_CPU_PROF=<dir> runs each server under
 * --cpu-prof (profiles written to <dir> when it stops).
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { migrate } from '../../server/storage/migrate.js';
import { compile } from '../compile.js';
import { freePorts, median, printTable, spawnServer, stop, waitForOk } from './lib.js';
import { benchEngines, type BenchEngine } from './engines.js';
import { isMainModule } from '../lib/main-module.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const USERS = Number(process.env.BULK_BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BULK_BENCH_RUNS ?? 3);
const TRIGGERS = Number(process.env.BULK_BENCH_TRIGGERS ?? 5_000);
const ENQUEUE_ONLY = process.env.BULK_BENCH_ENQUEUE_ONLY === '1';
const TEAM_API_KEY = 'bench-bulk-team-api-key';
const MANAGEMENT_KEY = 'bench-bulk-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const PROVIDER = 'oura';




/** Migrates, bootstraps the sandbox with the bench keys, and adds `count` users connected to oura. Returns their ids. */
async function prepare(engine: BenchEngine, count: number): Promise<string[]> {
  const db = await engine.open();
  try {
    await migrate(db);
    const sandbox = await bootstrapSandbox(db, { region: 'us', teamApiKey: TEAM_API_KEY, managementKey: MANAGEMENT_KEY, dataDir: engine.env.DATA_DIR! });
    const rows = await db.query<{ id: string }>(
      `WITH created AS (
         INSERT INTO users (team_id, client_user_id) SELECT $1, 'bench-' || g FROM generate_series(1, $2::int) g RETURNING id, team_id
       ), connected AS (
         INSERT INTO connections (user_id, team_id, provider, source_type) SELECT id, team_id, $3, 'device' FROM created
       )
       SELECT id FROM created`,
      [sandbox.teamId, count, PROVIDER],
    );
    return rows.map((row) => row.id);
  } finally {
    await db.close();
  }
}

async function startServer(engine: BenchEngine, extra: NodeJS.ProcessEnv) {
  const [teamPort, managementPort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(teamPort),
    MANAGEMENT_PORT: String(managementPort),
    TEAM_API_KEY,
    MANAGEMENT_KEY,
    VALIDATE_RESPONSES: '',
    WEBHOOK_WORKER: 'false',
    ...engine.env,
    ...extra,
  };
  const started = performance.now();
  const cpuProf = process.env.BENCH_CPU_PROF;
  const nodeArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : [];
  const child = spawnServer(env, nodeArgs);
  await waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, started, 120_000, AUTH);
  return { child, url: `http://127.0.0.1:${teamPort}` };
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

async function trigger(url: string, userIds: readonly string[]): Promise<{ ms: number; status: number; opId: string }> {
  const body = JSON.stringify({ user_ids: userIds, provider: PROVIDER });
  const started = performance.now();
  const response = await fetch(`${url}/v2/link/bulk_trigger_historical_pull`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body });
  const json = (await response.json()) as { operation?: { id: string } };
  const ms = performance.now() - started;
  if (response.status !== 202) throw new Error(`expected 202, got ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return { ms, status: response.status, opId: json.operation!.id };
}

async function waitForOpEnd(url: string, opId: string): Promise<string> {
  for (;;) {
    const response = await fetch(`${url}/v2/link/bulk_op?page_size=5`, { headers: AUTH });
    const page = (await response.json()) as { data: { id: string; status: string }[] };
    const op = page.data.find((candidate) => candidate.id === opId);
    if (op && op.status !== 'in_progress') return op.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface EnqueueResult {
  engine: string;
  ms: number[];
  peakMb: number;
  idleMb: number;
}

async function benchEnqueue(engine: BenchEngine): Promise<EnqueueResult> {
  const users = await prepare(engine, USERS);
  const server = await startServer(engine, {});
  try {
    const idleMb = memoryOf(server.child.pid!).rssMb;
    const ms: number[] = [];
    for (let run = 0; run < RUNS; run += 1) ms.push((await trigger(server.url, users)).ms);
    return { engine: engine.name, ms, peakMb: memoryOf(server.child.pid!).peakMb, idleMb };
  } finally {
    await stop(server.child);
  }
}

interface OverheadResult {
  engine: string;
  source: string;
  triggers: number;
  seconds: number;
  perTriggerMs: number;
  status: string;
}

async function benchOverhead(engineOf: () => Promise<BenchEngine>, source: 'none' | 'synthetic'): Promise<OverheadResult> {
  const engine = await engineOf();
  try {
    const users = await prepare(engine, TRIGGERS);
    const server = await startServer(engine, { PULL_SOURCE: source, PULL_THROTTLE_SCALE: '0.0001' });
    try {
      const started = performance.now();
      const { opId } = await trigger(server.url, users);
      const status = await waitForOpEnd(server.url, opId);
      const ms = performance.now() - started;
      return { engine: engine.name, source, triggers: TRIGGERS, seconds: ms / 1000, perTriggerMs: ms / TRIGGERS, status };
    } finally {
      await stop(server.child);
    }
  } finally {
    await engine.cleanup();
  }
}

export async function benchBulkPull(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engines = benchEngines('bulk');

  const enqueue: EnqueueResult[] = [];
  const overhead: OverheadResult[] = [];
  for (const engineOf of engines) {
    const engine = await engineOf();
    try {
      enqueue.push(await benchEnqueue(engine));
    } finally {
      await engine.cleanup();
    }
    if (ENQUEUE_ONLY) continue;
    overhead.push(await benchOverhead(engineOf, 'none'));
    overhead.push(await benchOverhead(engineOf, 'synthetic'));
  }

  printTable(
    `Bulk trigger of ${USERS.toLocaleString('en-US')} user ids (compiled server, worker running; ${RUNS} requests, each a new op)`,
    ['storage', 'time to 202, median', 'each request', 'target', 'server peak RSS (VmHWM)', 'idle RSS', 'target'],
    enqueue.map((r) => [
      r.engine,
      `${Math.round(median(r.ms))} ms`,
      r.ms.map((ms) => Math.round(ms)).join(' / '),
      '<= 2000 ms',
      `${Math.round(r.peakMb)} MB`,
      `${Math.round(r.idleMb)} MB`,
      '<= 300 MB',
    ]),
  );
  if (!ENQUEUE_ONLY) {
    printTable(
      `Pull engine per trigger (${TRIGGERS.toLocaleString('en-US')} oura triggers, throttles scaled 1/10,000, from the request to the op's end)`,
      ['storage', 'pull', 'elapsed', 'per trigger', 'op status'],
      overhead.map((r) => [
        r.engine,
        r.source === 'none' ? 'none (engine overhead only)' : 'synthetic (31 days x 5 resources)',
        `${r.seconds.toFixed(1)} s`,
        `${r.perTriggerMs.toFixed(2)} ms`,
        r.status,
      ]),
    );
  }
  if (!databaseUrl) console.log('\n(PostgreSQL skipped: DATABASE_URL is unset.)');
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchBulkPull();
