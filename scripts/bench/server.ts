/**
 * Server throughput, latency and cold start (`npm run bench`, or alone with
 * `npx tsx scripts/bench/server.ts`). Prints tables; it is not a test and asserts nothing.
 *
 * Everything runs as its own process (the server and our mock compiled first with
 * scripts/compile.ts), and the load generator (autocannon) runs in a process of its own
 * (lib.ts, rotatingLoad), so it never shares an event loop with a target or with this script:
 * - server: `node dist/server/main.js` exactly as `npm start` runs it: its Node flags and
 *   allocator settings (scripts/lib/server-runtime.ts) and this environment, so the same
 *   NODE_ENV (unset: development, every response validated), the same LOG_LEVEL (info: a log
 *   line per request; stdout goes to /dev/null here, not to a terminal); PGlite in a
 *   temporary DATA_DIR, a known TEAM_API_KEY, and MARKER_CATALOG_SIZE=10000 (the lab marker
 *   catalog scaled to 10,000 markers);
 * - the same server with NODE_ENV=production (no response validation): the cost of validating;
 * - Prism CLI: `node_modules/.bin/prism mock -v silent generated/team/openapi.json`, the plain
 *   Prism mock as its users run it; it answers the document's example bytes;
 * - our mock: `node dist/mocks/start.js`, silent (MOCK_LOG unset): Prism with our settings;
 * - plain Express: `node dist/scripts/bench/plain-express.js`, a bare Express app
 *   answering the exact bytes the server returned for each operation (fetched from
 *   the server first), no validation, no authentication, no storage, listening by
 *   `app.listen` as Express apps commonly do (the goal's baseline);
 * - the same plain Express with its HTTP server made by createAppServer, as the
 *   server's are (server/http/app-server.ts): Express alone, at its fastest here.
 *
 * Operations: GET /v2/providers, GET /v3/lab_tests/markers?name=glucose and
 * POST /v2/user/{user_id}/insurance (an AETNA record, for a user created first).
 * Each operation: a warm-up of each target, then BENCH_ROUNDS rounds (default 5) in which
 * the targets take turns, the order rotating, 10 connections; a target's figures are
 * its requests over its measured time and the percentiles of all its responses. Side by
 * side in short turns, a machine that slows down or speeds up during the run (seen here:
 * plain Express anywhere from 4,800 to 6,500 req/s) weighs on every target alike.
 *
 * With DATABASE_URL (PostgreSQL): the server with SERVER_PROCESSES=1 and with
 * SERVER_PROCESSES=2, each on a database of its own created for the run (dropped after),
 * take turns the same way on GET /v2/providers and the insurance POST. Without it, the
 * table says so.
 *
 * Cold start: spawn of the compiled server to its first 200 on the team API, on a
 * fresh DATA_DIR and on an existing one, median of 3.
 *
 * Environment: BENCH_SECONDS (measured seconds per target, default 10), BENCH_ROUNDS, BENCH_WARMUP_SECONDS
 * (default 2), BENCH_CONNECTIONS (default 10), BENCH_RUNS (cold starts, default 3),
 * BENCH_SKIP_COMPILE=1 (reuse dist/), BENCH_VARIANT (one more server target with these NAME=value settings, e.g. `CACHES_OFF=all`), BENCH_VARIANT_DIST (that target from another build's dist/), BENCH_CPU_PROF=<dir> (run the server under
 * --cpu-prof, profiles written to <dir> when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { compile, DIST } from '../compile.js';
import { artifactPaths, GENERATED_DIR, ROOT } from '../lib/apis.js';
import { serverProcess } from '../lib/server-runtime.js';
import { benchRounds, combineRuns, freePort, freePorts, median, printTable, rotatingLoad, spawnQuiet, spawnServer, startPlainExpress, stop, takeTurns, variantDist, waitForHttp, waitForOk, type CombinedRuns, type Run } from './lib.js';
import type { PlainRoute } from './plain-express.js';
import { insuranceBody } from '../conformance/values.js';
import { isMainModule } from '../lib/main-module.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** Measured time per target is split into this many rounds (BENCH_ROUNDS), the targets taking turns. */
const ROUNDS = benchRounds();
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const COLD_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CATALOG_SIZE = 10_000;
const MARKER_NAME = 'glucose';
const TEAM_API_KEY = 'bench-team-api-key';
const MANAGEMENT_KEY = 'bench-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };

/** The conformance sample (its is_primary: true is the server's default). */
const INSURANCE = insuranceBody();

/**
 * BENCH_VARIANT: environment assignments (`CACHES_OFF=markers-page`, `CACHES_OFF=all`) of one more
 * server target taking turns with the others: what one setting changes, measured side by side.
 */
const VARIANT_ENV: Record<string, string> | null = parseVariant(process.env.BENCH_VARIANT) ?? (process.env.BENCH_VARIANT_DIST ? {} : null);
/**
 * BENCH_VARIANT_DIST: the variant target runs the server compiled in this dist/ folder instead
 * (another checkout's, with its own node_modules): two builds measured side by side.
 */
const VARIANT_DIST = variantDist() ?? DIST;

function parseVariant(value: string | undefined): Record<string, string> | null {
  if (value === undefined || value.trim() === '') return null;
  const entries = value.trim().split(/\s+/).map((assignment) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(assignment);
    if (!match) throw new Error(`BENCH_VARIANT must be NAME=value assignments separated by spaces, got "${value}"`);
    return [match[1]!, match[2]!] as const;
  });
  return Object.fromEntries(entries);
}

type TargetName = 'server' | 'variant' | 'production' | 'prism' | 'mock' | 'plain' | 'plainApp';
const TARGET_LABELS: Record<TargetName, string> = {
  server: 'server (as npm start runs it)',
  variant: `server, ${[process.env.BENCH_VARIANT?.trim(), process.env.BENCH_VARIANT_DIST && `built in ${process.env.BENCH_VARIANT_DIST}`].filter(Boolean).join(', ')}`,
  production: 'server, NODE_ENV=production',
  prism: 'Prism CLI (prism mock -v silent)',
  mock: 'our mock (npm run mock)',
  plain: 'plain Express (same bytes)',
  plainApp: 'plain Express, createAppServer (same bytes)',
};

interface Operation {
  id: 'providers' | 'markers' | 'insurance';
  title: string;
  method: 'GET' | 'POST';
  /** Path and query sent to every target. */
  path: string;
  /** Express route pattern of the plain baseline. */
  route: string;
  body?: string;
}

interface Measure extends CombinedRuns {
  bytes: number;
}

const node = process.execPath;
const dist = (...parts: string[]) => path.join(DIST, ...parts);

/**
 * What the benchmark sets on top of this environment (as `npm start` would see it): ports,
 * storage and keys. NODE_ENV, LOG_LEVEL and VALIDATE_RESPONSES are left as they are, so the
 * server validates and logs as `npm start` does.
 */
function serverEnv(dataDir: string, teamPort: number, managementPort: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PORT: String(teamPort),
    MANAGEMENT_PORT: String(managementPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SERVER_PROCESSES: '',
    TEAM_API_KEY,
    MANAGEMENT_KEY,
    MARKER_CATALOG_SIZE: '',
    ...extra,
  };
}

/**
 * Spawns the compiled server and resolves with the process and the ms from spawn to its first 200
 * on the team API; with SERVER_PROCESSES > 1, only once every process listens (the primary's
 * line naming them on stdout).
 */
async function startCompiledServer(dataDir: string, extra: NodeJS.ProcessEnv = {}, nodeArgs: string[] = [], distDir = DIST) {
  const [teamPort, managementPort] = await freePorts(2);
  const started = performance.now();
  const env = serverEnv(dataDir, teamPort, managementPort, extra);
  const cluster = Number(env.SERVER_PROCESSES || 1) > 1;
  const child: ChildProcess = cluster ? spawnServerWithOutput(env, nodeArgs) : spawnServer(env, nodeArgs, distDir);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code} while starting`))));
  try {
    const ms = await Promise.race([waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, started, 120_000, AUTH), exited]);
    if (cluster) await Promise.race([outputLine(child, 'server processes (SERVER_PROCESSES=', 120_000), exited]);
    return { child, ms, url: `http://127.0.0.1:${teamPort}` };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** spawnServer with stdout readable (and read, so that the request logs never fill the pipe). */
function spawnServerWithOutput(env: NodeJS.ProcessEnv, nodeArgs: readonly string[]) {
  const runtime = serverProcess(env);
  const child = spawn(process.execPath, [...runtime.nodeFlags, ...nodeArgs, dist('server/main.js')], { env: runtime.env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.resume();
  return child;
}

/** Resolves once the child writes a line containing `text` to stdout. */
function outputLine(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    const timer = setTimeout(() => reject(new Error(`the server did not print "${text}" within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4096);
      if (tail.includes(text)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
  });
}

async function coldStarts(): Promise<{ fresh: number[]; existing: number[] }> {
  const fresh: number[] = [];
  const existing: number[] = [];
  const dirs: string[] = [];
  try {
    for (let i = 0; i < COLD_RUNS; i++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-server-cold-'));
      dirs.push(dir);
      const first = await startCompiledServer(dir);
      fresh.push(first.ms);
      await stop(first.child);
      const again = await startCompiledServer(dir);
      existing.push(again.ms);
      await stop(again.child);
    }
  } finally {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
  return { fresh, existing };
}

function load(base: string, op: Operation, seconds: number): Promise<Run> {
  return rotatingLoad({
    url: base,
    method: op.method,
    connections: CONNECTIONS,
    seconds,
    headers: { ...AUTH, ...(op.body !== undefined && { 'content-type': 'application/json' }) },
    paths: [op.path],
    ...(op.body !== undefined && { bodies: [op.body] }),
  });
}

/**
 * Each target of `bases` on its operation (`opOf`: the same for all, but for the user id of
 * an insurance POST): a warm-up each, then ROUNDS rounds in which they take turns (takeTurns).
 */
async function measureSideBySide<Name extends string>(
  title: string,
  bases: Record<Name, string>,
  opOf: (target: Name) => Operation,
  bytes: (target: Name) => number,
): Promise<Map<Name, Measure>> {
  const targets = Object.keys(bases) as Name[];
  process.stderr.write(`bench server: ${title}: ${targets.join(', ')} (${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${ROUND_SECONDS} s per target)\n`);
  const loads = Object.fromEntries(targets.map((target) => [target, (seconds: number) => load(bases[target], opOf(target), seconds)])) as Record<Name, (seconds: number) => Promise<Run>>;
  const runs = await takeTurns(loads, { rounds: ROUNDS, roundSeconds: ROUND_SECONDS, warmupSeconds: WARMUP_SECONDS });
  return new Map(targets.map((target) => [target, { ...combineRuns(runs.get(target)!), bytes: bytes(target) }]));
}

async function probe(base: string, op: Operation) {
  const response = await fetch(base + op.path, {
    method: op.method,
    headers: { ...AUTH, ...(op.body !== undefined && { 'content-type': 'application/json' }) },
    ...(op.body !== undefined && { body: op.body }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body };
}

/** A user of the server's sandbox team, for the insurance POST. */
async function createUser(base: string): Promise<string> {
  const created = await fetch(`${base}/v2/user`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ client_user_id: `bench-${randomUUID()}` }),
  });
  if (created.status !== 200) throw new Error(`POST /v2/user answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { user_id: string }).user_id;
}

const insuranceOperation = (userId: string): Operation => ({
  id: 'insurance',
  title: 'POST /v2/user/{user_id}/insurance (AETNA)',
  method: 'POST',
  path: `/v2/user/${userId}/insurance`,
  route: '/v2/user/:user_id/insurance',
  body: JSON.stringify(INSURANCE),
});

const PROVIDERS: Operation = { id: 'providers', title: 'GET /v2/providers', method: 'GET', path: '/v2/providers', route: '/v2/providers' };

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
const rps = (value: number) => value.toFixed(0);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
const errorCell = (m: Measure) => (m.non2xx + m.errors + m.timeouts === 0 ? '0' : `non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts}`);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** A database of its own on the DATABASE_URL server for one run; `drop` removes it. */
async function scratchDatabase(databaseUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

type ProcessTarget = 'one' | 'two';
const PROCESS_LABELS: Record<ProcessTarget, string> = { one: 'SERVER_PROCESSES=1', two: 'SERVER_PROCESSES=2' };

/** 1 and 2 server processes on PostgreSQL, side by side: catalog read and insurance POST. */
async function benchProcesses(databaseUrl: string): Promise<{ op: Operation; results: Map<ProcessTarget, Measure> }[]> {
  const run = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const children: ChildProcess[] = [];
  const databases: { drop(): Promise<void> }[] = [];
  const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-processes-'));
  try {
    const bases = {} as Record<ProcessTarget, string>;
    const users = {} as Record<ProcessTarget, string>;
    for (const [target, count] of [['one', 1], ['two', 2]] as const) {
      const database = await scratchDatabase(databaseUrl, `${run}_${count}`);
      databases.push(database);
      const server = await startCompiledServer(path.join(temp, target), { DATABASE_URL: database.url, SERVER_PROCESSES: String(count) });
      children.push(server.child);
      bases[target] = server.url;
      users[target] = await createUser(server.url);
    }
    const measured: { op: Operation; results: Map<ProcessTarget, Measure> }[] = [];
    for (const op of [PROVIDERS, insuranceOperation('{user}')]) {
      // The insurance POST goes to a user of each server's own database.
      const perTarget = (target: ProcessTarget): Operation => ({ ...op, path: op.path.replace('{user}', users[target]) });
      const bytes = new Map<ProcessTarget, number>();
      for (const target of Object.keys(bases) as ProcessTarget[]) {
        const answer = await probe(bases[target], perTarget(target));
        if (answer.status < 200 || answer.status >= 300) throw new Error(`${PROCESS_LABELS[target]} answered ${answer.status} to ${op.title}: ${answer.body.toString().slice(0, 500)}`);
        bytes.set(target, answer.body.length);
      }
      const results = await measureSideBySide(`${op.title} on PostgreSQL, 1 and 2 processes`, bases, perTarget, (target) => bytes.get(target) ?? 0);
      measured.push({ op, results });
    }
    return measured;
  } finally {
    await Promise.all(children.map(stop));
    for (const database of databases) await database.drop().catch(() => undefined);
    await rm(temp, { recursive: true, force: true });
  }
}

export async function benchServer(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const loadAtStart = os.loadavg();

  const children: ChildProcess[] = [];
  const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-server-'));
  const results = new Map<string, Measure>();
  let operations: Operation[] = [];
  try {
    // The server, with the 10,000-marker catalog.
    const cpuProf = process.env.BENCH_CPU_PROF;
    const server = await startCompiledServer(path.join(temp, 'data'), { MARKER_CATALOG_SIZE: String(CATALOG_SIZE) }, cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : []);
    children.push(server.child);
    // The same with NODE_ENV=production (no response validation): what validating costs.
    const production = await startCompiledServer(path.join(temp, 'production'), { MARKER_CATALOG_SIZE: String(CATALOG_SIZE), NODE_ENV: 'production' });
    children.push(production.child);
    const variant = VARIANT_ENV ? await startCompiledServer(path.join(temp, 'variant'), { MARKER_CATALOG_SIZE: String(CATALOG_SIZE), ...VARIANT_ENV }, [], VARIANT_DIST) : null;
    if (variant) children.push(variant.child);

    // The plain Prism CLI on the bundled team document, as a real process.
    const prismPort = await freePort();
    const prismStarted = performance.now();
    const prism = spawnQuiet(path.join(ROOT, 'node_modules/.bin/prism'), ['mock', '-v', 'silent', '-h', '127.0.0.1', '-p', String(prismPort), artifactPaths(GENERATED_DIR, 'team').bundle]);
    children.push(prism);
    const prismUrl = `http://127.0.0.1:${prismPort}`;
    await waitForHttp(`${prismUrl}/v2/providers`, prismStarted, 60_000, AUTH);

    // Our mock, silent.
    const [mockPort, mockManagementPort] = await freePorts(2);
    const mockStarted = performance.now();
    const mock = spawnQuiet(node, [dist('mocks/start.js')], { MOCK_PORT: String(mockPort), MOCK_MANAGEMENT_PORT: String(mockManagementPort), MOCK_HOST: '127.0.0.1', MOCK_LOG: '' });
    children.push(mock);
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    await waitForHttp(`${mockUrl}/v2/providers`, mockStarted, 60_000, AUTH);

    operations = [
      PROVIDERS,
      {
        id: 'markers',
        title: `GET /v3/lab_tests/markers?name=${MARKER_NAME} (${CATALOG_SIZE.toLocaleString('en-US')} markers)`,
        method: 'GET',
        path: `/v3/lab_tests/markers?name=${MARKER_NAME}`,
        route: '/v3/lab_tests/markers',
      },
      insuranceOperation(await createUser(server.url)),
    ];
    const productionUser = await createUser(production.url);
    const variantUser = variant ? await createUser(variant.url) : '';
    const opOf = (target: TargetName, op: Operation): Operation =>
      op.id !== 'insurance' ? op : target === 'production' ? insuranceOperation(productionUser) : target === 'variant' ? insuranceOperation(variantUser) : op;

    // The plain Express baseline, answering the server's exact bytes.
    const routes: PlainRoute[] = [];
    for (const op of operations) {
      const answer = await probe(server.url, op);
      if (answer.status < 200 || answer.status >= 300) throw new Error(`server answered ${answer.status} to ${op.title}: ${answer.body.toString()}`);
      routes.push({ method: op.method, path: op.route, status: answer.status, contentType: answer.contentType, body: answer.body.toString('base64') });
    }
    const plain = await startPlainExpress(routes, temp);
    children.push(plain.child);
    const plainApp = await startPlainExpress(routes, temp, 'app-server');
    children.push(plainApp.child);

    const bases = { server: server.url, ...(variant && { variant: variant.url }), production: production.url, prism: prismUrl, mock: mockUrl, plain: plain.url, plainApp: plainApp.url } as Record<TargetName, string>;
    const bytes = new Map<string, number>();
    for (const op of operations) {
      for (const target of Object.keys(bases) as TargetName[]) {
        const answer = await probe(bases[target], opOf(target, op));
        if (answer.status < 200 || answer.status >= 300) throw new Error(`${target} answered ${answer.status} to ${op.title}: ${answer.body.toString().slice(0, 500)}`);
        bytes.set(`${target}:${op.id}`, answer.body.length);
      }
    }

    for (const op of operations) {
      const measured = await measureSideBySide(op.title, bases, (target) => opOf(target, op), (target) => bytes.get(`${target}:${op.id}`) ?? 0);
      for (const [target, measure] of measured) results.set(`${target}:${op.id}`, measure);
    }
  } finally {
    await Promise.all(children.map(stop));
    await rm(temp, { recursive: true, force: true });
  }

  const databaseUrl = process.env.DATABASE_URL?.trim();
  const processes = databaseUrl ? await benchProcesses(databaseUrl) : null;

  process.stderr.write(`bench server: cold starts (${COLD_RUNS} runs)\n`);
  const cold = await coldStarts();

  const cores = os.cpus().length;
  const loads = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  console.log(
    `\nServer benchmark: node ${process.version}, ${cores} cores; load average (1 / 5 / 15 min) ${loads(loadAtStart)} at start, ${loads(os.loadavg())} at end` +
      ` (the load generator shares the machine with the target; other load lowers every figure).`,
  );
  const targetNames = (Object.keys(TARGET_LABELS) as TargetName[]).filter((target) => target !== 'variant' || VARIANT_ENV);
  for (const op of operations) {
    const get = (target: TargetName) => results.get(`${target}:${op.id}`)!;
    const [server, production, prism, mock, plain, plainApp] = [get('server'), get('production'), get('prism'), get('mock'), get('plain'), get('plainApp')];
    printTable(
      `${op.title}: ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per target, targets taking turns, after ${WARMUP_SECONDS} s warm-up`,
      ['target', 'req/s', 'p50', 'p99', 'errors', 'body bytes'],
      [
        ...targetNames.map((target) => {
          const m = get(target);
          return [TARGET_LABELS[target], rps(m.rps), ms(m.p50), ms(m.p99), errorCell(m), String(m.bytes)];
        }),
        ...(VARIANT_ENV ? [[`ratio server / ${TARGET_LABELS.variant}`, ratio(server.rps, get('variant').rps), ratio(server.p50, get('variant').p50), ratio(server.p99, get('variant').p99), '', '']] : []),
        ['ratio server / server, NODE_ENV=production', ratio(server.rps, production.rps), ratio(server.p50, production.p50), ratio(server.p99, production.p99), '', ''],
        ['ratio server / Prism CLI', ratio(server.rps, prism.rps), ratio(server.p50, prism.p50), ratio(server.p99, prism.p99), '', ''],
        ['ratio server / our mock', ratio(server.rps, mock.rps), ratio(server.p50, mock.p50), ratio(server.p99, mock.p99), '', ''],
        ['ratio server / plain Express', ratio(server.rps, plain.rps), ratio(server.p50, plain.p50), ratio(server.p99, plain.p99), '', ''],
        ['ratio server / plain Express, createAppServer', ratio(server.rps, plainApp.rps), ratio(server.p50, plainApp.p50), ratio(server.p99, plainApp.p99), '', ''],
      ],
    );
  }

  if (processes) {
    for (const { op, results: measured } of processes) {
      const [one, two] = [measured.get('one')!, measured.get('two')!];
      printTable(
        `${op.title} on PostgreSQL, server as npm start runs it: ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per target, taking turns`,
        ['processes', 'req/s', 'p50', 'p99', 'errors'],
        [
          ...(['one', 'two'] as const).map((target) => {
            const m = measured.get(target)!;
            return [PROCESS_LABELS[target], rps(m.rps), ms(m.p50), ms(m.p99), errorCell(m)];
          }),
          ['ratio 2 / 1', ratio(two.rps, one.rps), ratio(two.p50, one.p50), ratio(two.p99, one.p99), ''],
        ],
      );
    }
  } else {
    console.log('\nSERVER_PROCESSES (1 vs 2 processes on PostgreSQL): not measured, DATABASE_URL is not set (PGlite runs one process only).');
  }

  const rows: string[][] = [];
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  for (const op of operations) {
    const server = results.get(`server:${op.id}`)!;
    const prism = results.get(`prism:${op.id}`)!;
    rows.push([`${op.title}: server req/s vs Prism CLI`, ratio(server.rps, prism.rps), '>= 1.00x', yes(server.rps >= prism.rps)]);
  }
  for (const op of operations.filter((o) => o.id !== 'insurance')) {
    const server = results.get(`server:${op.id}`)!;
    const plain = results.get(`plain:${op.id}`)!;
    rows.push([`${op.title}: server req/s vs plain Express`, ratio(server.rps, plain.rps), '>= 0.60x', yes(server.rps >= 0.6 * plain.rps)]);
  }
  for (const op of operations) {
    const server = results.get(`server:${op.id}`)!;
    rows.push([`${op.title}: server p99`, ms(server.p99), '<= 10 ms', yes(server.p99 <= 10)]);
  }
  const coldRow = (label: string, values: number[]) => {
    const mid = median(values);
    return [`${label} (median of ${values.length}; min ${seconds(Math.min(...values))}, max ${seconds(Math.max(...values))})`, seconds(mid), '<= 3 s', yes(mid <= 3000)];
  };
  rows.push(coldRow('server cold start, fresh DATA_DIR, spawn to first 200', cold.fresh));
  rows.push(coldRow('server cold start, existing DATA_DIR, spawn to first 200', cold.existing));
  printTable(`Server targets (${CONNECTIONS} connections; the server as npm start runs it)`, ['target', 'figure', 'goal', 'met'], rows);
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchServer();
