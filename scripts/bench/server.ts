/**
 * Server throughput, latency and cold start (`npm run bench`, or alone with
 * `npx tsx scripts/bench/server.ts`). Prints tables; it is not a test and asserts nothing.
 *
 * Everything runs as compiled JavaScript in its own process (compiled first with
 * scripts/compile.ts), so the load generator (autocannon, in this process) never
 * shares an event loop with the target:
 * - server: `node dist/server/main.js` as users run it (`npm start`'s Node flags and
 *   allocator settings, scripts/lib/server-runtime.ts): NODE_ENV=production (request
 *   validation on, response validation as configured for production, i.e. off),
 *   LOG_LEVEL=warn, PGlite in a temporary DATA_DIR, a known TEAM_API_KEY, and
 *   MARKER_CATALOG_SIZE=10000 (the lab marker catalog scaled to 10,000 markers);
 * - Prism mock: `node dist/mocks/start.js`, silent (MOCK_LOG unset); it answers the
 *   documents' example bytes;
 * - plain Express: `node dist/scripts/bench/plain-express.js`, a bare Express app
 *   answering the exact bytes the server returned for each operation (fetched from
 *   the server first), no validation, no authentication, no storage.
 *
 * Operations: GET /v2/providers, GET /v3/lab_tests/markers?name=glucose and
 * POST /v2/user/{user_id}/insurance (an AETNA record, for a user created first).
 * Each operation: a warm-up of each target, then BENCH_ROUNDS rounds (default 5) in which
 * the three targets take turns, the order rotating, 10 connections; a target's figures are
 * its requests over its measured time and the percentiles of all its responses. Side by
 * side in short turns, a machine that slows down or speeds up during the run (seen here:
 * plain Express anywhere from 4,800 to 6,500 req/s) weighs on every target alike.
 * Cold start: spawn of the compiled server to its first 200 on the team API, on a
 * fresh DATA_DIR and on an existing one, median of 3.
 *
 * Environment: BENCH_SECONDS (measured seconds per target, default 10), BENCH_ROUNDS, BENCH_WARMUP_SECONDS
 * (default 2), BENCH_CONNECTIONS (default 10), BENCH_RUNS (cold starts, default 3),
 * BENCH_SKIP_COMPILE=1 (reuse dist/), BENCH_CPU_PROF=<dir> (run the server under
 * --cpu-prof, profiles written to <dir> when it stops).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { compile, DIST } from '../compile.js';
import { freePort, median, percentile, printTable, spawnQuiet, spawnServer, stop, waitForHttp, waitForOk } from './lib.js';
import type { PlainRoute } from './plain-express.js';
import { insuranceBody } from '../lib/conformance/values.js';
import { isMainModule } from '../lib/main-module.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** Measured time per target is split into this many rounds (BENCH_ROUNDS), the targets taking turns. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
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

type TargetName = 'server' | 'mock' | 'plain';
const TARGET_LABELS: Record<TargetName, string> = {
  server: 'server (compiled, validating)',
  mock: 'Prism mock (silent)',
  plain: 'plain Express (same bytes)',
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

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytes: number;
}

const node = process.execPath;
const dist = (...parts: string[]) => path.join(DIST, ...parts);

function serverEnv(dataDir: string, teamPort: number, managementPort: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(teamPort),
    MANAGEMENT_PORT: String(managementPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TEAM_API_KEY,
    MANAGEMENT_KEY,
    VALIDATE_RESPONSES: '',
    MARKER_CATALOG_SIZE: '',
    ...extra,
  };
}

/** Spawns the compiled server and resolves with the process and the ms from spawn to its first 200 on the team API. */
async function startCompiledServer(dataDir: string, extra: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []) {
  const [teamPort, managementPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawnServer(serverEnv(dataDir, teamPort, managementPort, extra), nodeArgs);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code} while starting`))));
  try {
    const ms = await Promise.race([waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, started, 60_000, AUTH), exited]);
    return { child, ms, url: `http://127.0.0.1:${teamPort}` };
  } catch (error) {
    await stop(child);
    throw error;
  }
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

interface Run {
  requests: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

function load(base: string, op: Operation, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: base + op.path,
        method: op.method,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { ...AUTH, ...(op.body !== undefined && { 'content-type': 'application/json' }) },
        ...(op.body !== undefined && { body: op.body }),
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        resolve({
          requests: result.requests.total,
          seconds: result.duration,
          latencies,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    // autocannon's own histogram keeps whole milliseconds; record the exact 2xx times here.
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

/** One target's rounds of one operation as one measure: requests over time, percentiles over every response. */
function combine(runs: readonly Run[], bytes: number): Measure {
  const latencies = runs.flatMap((run) => run.latencies);
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    rps: sum((run) => run.requests) / Math.max(sum((run) => run.seconds), Number.EPSILON),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    bytes,
  };
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

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
const rps = (value: number) => value.toFixed(0);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
const errorCell = (m: Measure) => (m.non2xx + m.errors + m.timeouts === 0 ? '0' : `non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts}`);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

export async function benchServer(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const loadAtStart = os.loadavg();

  const children: ReturnType<typeof spawnQuiet>[] = [];
  const temp = await mkdtemp(path.join(os.tmpdir(), 'bench-server-'));
  const results = new Map<string, Measure>();
  let operations: Operation[] = [];
  try {
    // The server, with the 10,000-marker catalog.
    const cpuProf = process.env.BENCH_CPU_PROF;
    const server = await startCompiledServer(path.join(temp, 'data'), { MARKER_CATALOG_SIZE: String(CATALOG_SIZE) }, cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : []);
    children.push(server.child);

    // The Prism mock, silent.
    const [mockPort, mockManagementPort] = [await freePort(), await freePort()];
    const mockStarted = performance.now();
    const mock = spawnQuiet(node, [dist('mocks/start.js')], { MOCK_PORT: String(mockPort), MOCK_MANAGEMENT_PORT: String(mockManagementPort), MOCK_HOST: '127.0.0.1', MOCK_LOG: '' });
    children.push(mock);
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    await waitForHttp(`${mockUrl}/v2/providers`, mockStarted, 60_000, AUTH);

    // A user for the insurance POST.
    const created = await fetch(`${server.url}/v2/user`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ client_user_id: `bench-${Date.now()}` }),
    });
    if (created.status !== 200) throw new Error(`POST /v2/user answered ${created.status}: ${await created.text()}`);
    const { user_id: userId } = (await created.json()) as { user_id: string };

    operations = [
      { id: 'providers', title: 'GET /v2/providers', method: 'GET', path: '/v2/providers', route: '/v2/providers' },
      {
        id: 'markers',
        title: `GET /v3/lab_tests/markers?name=${MARKER_NAME} (${CATALOG_SIZE.toLocaleString('en-US')} markers)`,
        method: 'GET',
        path: `/v3/lab_tests/markers?name=${MARKER_NAME}`,
        route: '/v3/lab_tests/markers',
      },
      {
        id: 'insurance',
        title: 'POST /v2/user/{user_id}/insurance (AETNA)',
        method: 'POST',
        path: `/v2/user/${userId}/insurance`,
        route: '/v2/user/:user_id/insurance',
        body: JSON.stringify(INSURANCE),
      },
    ];

    // The plain Express baseline, answering the server's exact bytes.
    const routes: PlainRoute[] = [];
    const serverBytes = new Map<string, number>();
    for (const op of operations) {
      const answer = await probe(server.url, op);
      if (answer.status < 200 || answer.status >= 300) throw new Error(`server answered ${answer.status} to ${op.title}: ${answer.body.toString()}`);
      serverBytes.set(op.id, answer.body.length);
      routes.push({ method: op.method, path: op.route, status: answer.status, contentType: answer.contentType, body: answer.body.toString('base64') });
    }
    const routesFile = path.join(temp, 'plain-routes.json');
    await writeFile(routesFile, JSON.stringify(routes));
    const plainPort = await freePort();
    const plainStarted = performance.now();
    const plain = spawnQuiet(node, [dist('scripts/bench/plain-express.js'), routesFile], { PORT: String(plainPort) });
    children.push(plain);
    const plainUrl = `http://127.0.0.1:${plainPort}`;
    await waitForHttp(`${plainUrl}/v2/providers`, plainStarted, 30_000);

    const bases: Record<TargetName, string> = { server: server.url, mock: mockUrl, plain: plainUrl };
    const bytes = new Map<string, number>();
    for (const op of operations) {
      for (const target of Object.keys(bases) as TargetName[]) {
        const answer = await probe(bases[target], op);
        if (answer.status < 200 || answer.status >= 300) throw new Error(`${target} answered ${answer.status} to ${op.title}: ${answer.body.toString().slice(0, 500)}`);
        bytes.set(`${target}:${op.id}`, answer.body.length);
      }
    }

    // The three targets take turns in short rounds (the order rotating), so that the machine
    // getting slower or faster during the run weighs on each of them alike.
    const targets = Object.keys(bases) as TargetName[];
    for (const op of operations) {
      process.stderr.write(`bench server: ${op.title} (${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${ROUND_SECONDS} s per target)\n`);
      if (WARMUP_SECONDS > 0) for (const target of targets) await load(bases[target], op, WARMUP_SECONDS);
      const runs = new Map<TargetName, Run[]>(targets.map((target) => [target, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (let turn = 0; turn < targets.length; turn++) {
          const target = targets[(round + turn) % targets.length]!;
          runs.get(target)!.push(await load(bases[target], op, ROUND_SECONDS));
        }
      }
      for (const target of targets) results.set(`${target}:${op.id}`, combine(runs.get(target)!, bytes.get(`${target}:${op.id}`) ?? 0));
    }
  } finally {
    await Promise.all(children.map(stop));
    await rm(temp, { recursive: true, force: true });
  }

  process.stderr.write(`bench server: cold starts (${COLD_RUNS} runs)\n`);
  const cold = await coldStarts();

  const cores = os.cpus().length;
  const loads = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  console.log(
    `\nServer benchmark: node ${process.version}, ${cores} cores; load average (1 / 5 / 15 min) ${loads(loadAtStart)} at start, ${loads(os.loadavg())} at end` +
      ` (the load generator shares the machine with the target; other load lowers every figure).`,
  );
  for (const op of operations) {
    const get = (target: TargetName) => results.get(`${target}:${op.id}`)!;
    const [server, mock, plain] = [get('server'), get('mock'), get('plain')];
    printTable(
      `${op.title}: ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per target, targets taking turns, after ${WARMUP_SECONDS} s warm-up`,
      ['target', 'req/s', 'p50', 'p99', 'errors', 'body bytes'],
      [
        ...(['server', 'mock', 'plain'] as const).map((target) => {
          const m = get(target);
          return [TARGET_LABELS[target], rps(m.rps), ms(m.p50), ms(m.p99), errorCell(m), String(m.bytes)];
        }),
        ['ratio server / mock', ratio(server.rps, mock.rps), ratio(server.p50, mock.p50), ratio(server.p99, mock.p99), '', ''],
        ['ratio server / plain Express', ratio(server.rps, plain.rps), ratio(server.p50, plain.p50), ratio(server.p99, plain.p99), '', ''],
      ],
    );
  }

  const rows: string[][] = [];
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  for (const op of operations) {
    const server = results.get(`server:${op.id}`)!;
    const mock = results.get(`mock:${op.id}`)!;
    rows.push([`${op.title}: server req/s vs mock`, ratio(server.rps, mock.rps), '>= 1.00x', yes(server.rps >= mock.rps)]);
  }
  for (const op of operations.filter((o) => o.id !== 'insurance')) {
    const server = results.get(`server:${op.id}`)!;
    const plain = results.get(`plain:${op.id}`)!;
    const share = server.rps / plain.rps;
    rows.push([`${op.title}: server req/s vs plain Express`, `${(share * 100).toFixed(0)}%`, '>= 60%', yes(share >= 0.6)]);
  }
  for (const op of operations) {
    const server = results.get(`server:${op.id}`)!;
    const label = op.id === 'markers' ? `marker search p99 (${op.title})` : `${op.title}: server p99`;
    rows.push([label, ms(server.p99), '<= 10 ms', yes(server.p99 <= 10)]);
  }
  const coldRow = (label: string, values: number[]) => {
    const mid = median(values);
    return [`${label} (median of ${values.length}; min ${seconds(Math.min(...values))}, max ${seconds(Math.max(...values))})`, seconds(mid), '<= 3 s', yes(mid <= 3000)];
  };
  rows.push(coldRow('server cold start, fresh DATA_DIR, spawn to first 200', cold.fresh));
  rows.push(coldRow('server cold start, existing DATA_DIR, spawn to first 200', cold.existing));
  printTable(`Server targets (${CONNECTIONS} connections)`, ['target', 'figure', 'goal', 'met'], rows);
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchServer();
