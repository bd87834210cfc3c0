/**
 * The data plane's reads (`npm run bench`, or alone with `npm run bench:data-reads`): req/s,
 * p50 and p99 of GET /v2/summary/sleep/{user_id} over 30 days and of
 * GET /v2/timeseries/{user_id}/heartrate/grouped over one day, at BENCH_CONNECTIONS (10)
 * connections, on the compiled server exactly as `npm start` runs it (its flags and
 * environment: NODE_ENV and LOG_LEVEL as they are here, so responses are validated), on PGlite
 * and, with DATABASE_URL, on a PostgreSQL database of its own (dropped after), the engines
 * taking turns per operation.
 *
 * Before the server starts, the bench migrates its database and adds DATA_BENCH_USERS (10)
 * users connected to Fitbit whose data windows reach back 30 days (as after a historical
 * pull), synced up to now. Requests rotate over those users; each read is measured repeated (as a
 * dashboard or a polling client repeats it between two syncs) and as a new query each request.
 * Prints tables; asserts nothing.
 *
 * Caches on and off: DATA_BENCH_CACHES_OFF lists server variants separated by `;`, each a
 * CACHES_OFF value (`data-read-days`, `data-read-days,data-read-bodies`, `all`): every variant
 * is one more server per engine, on a database of its own prepared alike, and the servers take
 * turns (each round runs them all, in the opposite order the round after). DATA_BENCH_TIME_ZONE
 * gives the users that fallback time zone (unset: none, so their days are UTC days, which
 * need no Intl time zone lookups).
 *
 * Environment: BENCH_SECONDS (measured seconds per target and operation, default 10),
 * BENCH_ROUNDS (5), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10), DATA_BENCH_USERS (10),
 * DATA_BENCH_CACHES_OFF, DATA_BENCH_TIME_ZONE, BENCH_SKIP_COMPILE=1 (reuse dist/).
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { migrate } from '../../server/storage/migrate.js';
import { openDataWindow } from '../../server/storage/repositories/data-windows.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { compile } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { freePorts, percentile, printTable, rotatingLoad, spawnServer, stop, waitForOk, type Run } from './lib.js';
import { benchEngines, type BenchEngine } from './engines.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const USERS = Math.max(1, Number(process.env.DATA_BENCH_USERS ?? 10));
const TEAM_API_KEY = 'bench-reads-team-api-key';
const MANAGEMENT_KEY = 'bench-reads-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const P99_TARGET_MS = 20;
const TIME_ZONE = process.env.DATA_BENCH_TIME_ZONE || null;

/** The servers of each engine: every caches on, then each CACHES_OFF value of DATA_BENCH_CACHES_OFF. */
const VARIANTS: { label: string; cachesOff: string }[] = [
  { label: 'caches on', cachesOff: '' },
  ...(process.env.DATA_BENCH_CACHES_OFF ?? '')
    .split(';')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map((value) => ({ label: `off: ${value}`, cachesOff: value })),
];

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);




/** Migrates, bootstraps the sandbox with the bench keys and adds USERS Fitbit users with 30 days of readable history. */
async function prepare(engine: BenchEngine): Promise<string[]> {
  const db = await engine.open();
  try {
    await migrate(db);
    const sandbox = await bootstrapSandbox(db, { region: 'us', teamApiKey: TEAM_API_KEY, managementKey: MANAGEMENT_KEY, dataDir: engine.env.DATA_DIR! });
    const now = new Date().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const [user] = await db.query<{ id: string }>(
        `WITH created AS (INSERT INTO users (team_id, client_user_id, fallback_time_zone) VALUES ($1, $2, $3) RETURNING id, team_id)
         INSERT INTO connections (user_id, team_id, provider, source_type) SELECT id, team_id, 'fitbit', 'device' FROM created RETURNING user_id AS id`,
        [sandbox.teamId, `bench-reads-${i}`, TIME_ZONE],
      );
      await openDataWindow(db, { team_id: sandbox.teamId, user_id: user!.id, provider: 'fitbit', source_type: 'device', history_start: day(-30), opened_at: now });
      ids.push(user!.id);
    }
    return ids;
  } finally {
    await db.close();
  }
}

async function startServer(engine: BenchEngine, cachesOff: string): Promise<{ child: ChildProcess; url: string }> {
  const [teamPort, managementPort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = { PORT: String(teamPort), MANAGEMENT_PORT: String(managementPort), TEAM_API_KEY, MANAGEMENT_KEY, SERVER_PROCESSES: '', CACHES_OFF: cachesOff, ...engine.env };
  const started = performance.now();
  const child = spawnServer(env);
  await waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, started, 120_000, AUTH);
  return { child, url: `http://127.0.0.1:${teamPort}` };
}

interface Operation {
  title: string;
  /** The path of the `n`th request, for `userId`. */
  path(userId: string, n: number): string;
}

/**
 * A read repeated between two syncs lists the same generated records and is answered with the
 * body built for the first one (the data-read-bodies cache); the "new query" rows start each
 * request's range a few seconds later (600 queries over the 10 users, more than the bodies
 * that cache keeps), so every body is built, validated and serialised: the cost of a first
 * read of days already generated (the data-read-days cache).
 */
const seconds = (n: number) => String(Math.floor(n / USERS) % 60).padStart(2, '0');
const OPERATIONS: Operation[] = [
  { title: 'GET /v2/summary/sleep/{user_id} (30 days)', path: (u) => `/v2/summary/sleep/${u}?start_date=${day(-30)}&end_date=${day(-1)}` },
  {
    title: 'GET /v2/summary/sleep/{user_id} (30 days, a new query each request)',
    path: (u, n) => `/v2/summary/sleep/${u}?start_date=${day(-30)}T00:00:${seconds(n)}&end_date=${day(-1)}`,
  },
  { title: 'GET /v2/timeseries/{user_id}/heartrate/grouped (1 day)', path: (u) => `/v2/timeseries/${u}/heartrate/grouped?start_date=${day(-2)}&end_date=${day(-2)}` },
  {
    title: 'GET /v2/timeseries/{user_id}/heartrate/grouped (1 day, a new query each request)',
    path: (u, n) => `/v2/timeseries/${u}/heartrate/grouped?start_date=${day(-2)}T00:00:${seconds(n)}&end_date=${day(-2)}`,
  },
];

/** Load on one operation, the requests rotating over the users (and, for a new query each request, over a minute of start seconds). */
const load = (url: string, users: readonly string[], op: Operation, seconds: number): Promise<Run> =>
  rotatingLoad({ url, connections: CONNECTIONS, seconds, headers: AUTH, paths: Array.from({ length: users.length * 60 }, (_, n) => op.path(users[n % users.length]!, n)) });

/** What one read answers for the first user, to show the volume measured (sleeps, samples). */
async function volume(url: string, userId: string, op: Operation): Promise<string> {
  const body = (await (await fetch(url + op.path(userId, 0), { headers: AUTH })).json()) as { sleep?: unknown[]; groups?: Record<string, { data: unknown[] }[]> };
  if (body.sleep) return `${body.sleep.length} sleeps`;
  return `${Object.values(body.groups ?? {}).flat().reduce((n, g) => n + g.data.length, 0)} samples`;
}

export async function benchDataReads(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const engines: BenchEngine[] = [];
  const servers: { name: string; engine: BenchEngine; users: string[]; child: ChildProcess; url: string }[] = [];
  try {
    for (const create of benchEngines('reads')) {
      for (const variant of VARIANTS) {
        const engine = await create();
        engines.push(engine);
        const users = await prepare(engine);
        const name = VARIANTS.length > 1 ? `${engine.name}, ${variant.label}` : engine.name;
        servers.push({ name, engine, users, ...(await startServer(engine, variant.cachesOff)) });
      }
    }
    const rows: (string | number)[][] = [];
    for (const op of OPERATIONS) {
      const runs = new Map<string, Run[]>(servers.map((s) => [s.name, []]));
      for (const s of servers) await load(s.url, s.users, op, WARMUP_SECONDS);
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) runs.get(s.name)!.push(await load(s.url, s.users, op, ROUND_SECONDS));
      }
      for (const s of servers) {
        const all = runs.get(s.name)!;
        const latencies = all.flatMap((r) => r.latencies);
        const rps = all.reduce((n, r) => n + r.requests, 0) / Math.max(all.reduce((n, r) => n + r.seconds, 0), Number.EPSILON);
        const p99 = percentile(latencies, 99);
        const failed = all.reduce((n, r) => n + r.non2xx + r.errors, 0);
        rows.push([op.title, s.name, await volume(s.url, s.users[0]!, op), Math.round(rps), percentile(latencies, 50).toFixed(1), p99.toFixed(1), failed, p99 <= P99_TARGET_MS ? 'yes' : 'NO']);
      }
    }
    if (!process.env.DATABASE_URL) rows.push(['(PostgreSQL skipped: DATABASE_URL is unset)', '', '', '', '', '', '', '']);
    printTable(
      `Data reads: ${USERS} users x 30 days of Fitbit data (${TIME_ZONE ?? 'UTC'}), ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per server, servers taking turns`,
      ['Operation', 'Server', 'Answer', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', `p99 <= ${P99_TARGET_MS} ms`],
      rows,
    );
  } finally {
    for (const s of servers) await stop(s.child);
    for (const engine of engines) await engine.cleanup();
  }
}

if (isMainModule(fileURLToPath(import.meta.url))) await benchDataReads();
