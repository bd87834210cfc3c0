import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST } from '../compile.js';
import { freePort } from '../lib/free-ports.js';
import { isDistFresh } from '../lib/input-hash.js';
import { serverProcess } from '../lib/server-runtime.js';
import { runLoad, type LoadJob, type LoadResult } from './load-client.js';
import type { PlainRoute } from './plain-express.js';

export { freePort, freePorts } from '../lib/free-ports.js';

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One autocannon load: its requests and measured seconds, and the exact time of each 2xx response (its opening's apart). */
export type Run = LoadResult;

/**
 * Where the load generator runs: `process` (the default), autocannon in a process of its own
 * (load-client.ts, forked per load); `inline` (BENCH_LOAD_CLIENT=inline), in the bench's process.
 */
const loadClient = (): 'process' | 'inline' => (process.env.BENCH_LOAD_CLIENT === 'inline' ? 'inline' : 'process');

/**
 * Load on `url` at `connections` for `seconds`, or for `amount` requests (GET, or `method` with
 * `bodies`), the `n`th request asking for `paths[n % paths.length]` (requests rotating over
 * users, queries or pages) with `bodies[n % bodies.length]`, keeping the time of every 2xx
 * response. The load runs in a process of its own (load-client.ts) unless BENCH_LOAD_CLIENT=inline.
 */
export function rotatingLoad(options: {
  url: string;
  connections: number;
  headers: Record<string, string>;
  paths: readonly string[];
  method?: 'GET' | 'POST';
  bodies?: readonly string[];
} & ({ seconds: number; amount?: never } | { amount: number; seconds?: never })): Promise<Run> {
  const job: LoadJob = {
    url: options.url,
    connections: options.connections,
    headers: options.headers,
    method: options.method ?? 'GET',
    paths: options.paths,
    bodies: options.bodies ?? null,
    seconds: options.seconds ?? null,
    amount: options.amount ?? null,
  };
  if (job.paths.length === 0) throw new Error('rotatingLoad: no paths');
  if (loadClient() === 'inline') return runLoad(job);
  return new Promise((resolve, reject) => {
    const client = loadClientModule();
    const child = fork(client.file, [], { execArgv: client.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answered = false;
    child.once('message', (message: { result?: LoadResult; error?: string }) => {
      answered = true;
      if (message.result) resolve(message.result);
      else reject(new Error(`the load client failed: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`the load client exited (${signal ?? `exit code ${code}`}) without a result`));
    });
    child.send(job);
  });
}

/**
 * The load client's module: the compiled one when dist/ is what the sources transpile to (the
 * benches compile first; a check of about 20 ms), else the TypeScript one through tsx (a test run
 * from the sources, a stale dist/ under BENCH_SKIP_COMPILE, or a transpile under way, which
 * makes dist/ stale before it writes a file).
 */
function loadClientModule(): { file: string; execArgv: string[] } {
  const compiled = path.join(DIST, 'scripts/bench/load-client.js');
  if (existsSync(compiled) && isDistFresh(DIST)) return { file: compiled, execArgv: [] };
  return { file: fileURLToPath(new URL('./load-client.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/**
 * Runs as one measure: requests over measured time, percentiles over every 2xx response of every
 * run but those of each run's opening (load-client.ts), which are counted apart.
 */
export interface CombinedRuns {
  rps: number;
  p50: number;
  p99: number;
  /** The 2xx responses of the runs' openings (left out of p50 and p99), and the slowest of them. */
  opening: number;
  openingMax: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export function combineRuns(runs: readonly Run[]): CombinedRuns {
  const latencies = runs.flatMap((run) => run.latencies);
  const opening = runs.flatMap((run) => run.opening);
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    rps: sum((run) => run.requests) / Math.max(sum((run) => run.seconds), Number.EPSILON),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    opening: opening.length,
    openingMax: opening.length > 0 ? opening.reduce((max, ms) => Math.max(max, ms), 0) : Number.NaN,
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
  };
}

/** BENCH_ROUNDS: the rounds in which side-by-side targets take turns (takeTurns), a whole number, default 5. */
export const benchRounds = (): number => Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 5)));

/** BENCH_VARIANT_DIST: another build's dist/ folder (a checkout of an earlier commit) to measure beside this build's; null when unset. */
export const variantDist = (): string | null => (process.env.BENCH_VARIANT_DIST ? path.resolve(process.env.BENCH_VARIANT_DIST) : null);

/**
 * Loads targets side by side: a warm-up of each (`warmupSeconds`, not kept), then `rounds`
 * rounds of `roundSeconds` in which the targets take turns, the order rotating, so that the
 * machine getting slower or faster during the run weighs on each of them alike. Each run is
 * told its seconds and its round (a target with a fixed amount of work per round, such as
 * orders to book once, takes that round's share). Returns each target's runs, one per round, in
 * round order.
 */
export async function takeTurns<Name extends string>(
  targets: Record<Name, (seconds: number, round: number) => Promise<Run>>,
  options: { rounds: number; roundSeconds: number; warmupSeconds: number },
): Promise<Map<Name, Run[]>> {
  const names = Object.keys(targets) as Name[];
  if (options.warmupSeconds > 0) for (const name of names) await targets[name](options.warmupSeconds, -1);
  const runs = new Map<Name, Run[]>(names.map((name) => [name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length]!;
      runs.get(name)!.push(await targets[name](options.roundSeconds, round));
    }
  }
  return runs;
}

export function printTable(title: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
}

/** Polls a URL until it answers (any HTTP status), returning the elapsed milliseconds. */
export async function waitForHttp(url: string, started: number, timeoutMs = 30_000, headers: Record<string, string> = {}): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    try {
      await fetch(url, { headers });
      return performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export const spawnQuiet = (command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
  spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });

/**
 * Spawns the compiled server (`dist/server/main.js`) as `npm start` runs it: its Node flags and
 * allocator settings (scripts/lib/server-runtime.ts), `env` over this environment, and
 * `nodeArgs` (e.g. --cpu-prof) after the flags.
 */
export function spawnServer(env: NodeJS.ProcessEnv, nodeArgs: readonly string[] = [], distDir: string = DIST) {
  const runtime = serverProcess(env);
  return spawnQuiet(process.execPath, [...runtime.nodeFlags, ...nodeArgs, path.join(distDir, 'server/main.js')], runtime.env);
}

/** Polls a URL until it answers 200, returning the elapsed milliseconds since `started` (performance.now()). */
export async function waitForOk(url: string, started: number, timeoutMs = 30_000, headers: Record<string, string> = {}, intervalMs = 10): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** The value below which `p` percent of the (unsorted) values fall, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * The plain-Express baseline (plain-express.ts, compiled to dist): a bare Express app answering
 * each of `routes` with its fixed bytes, as its own process. What a target does on top of
 * Express is the difference from it; what it cannot beat on this machine is its figure.
 * `server`: how its HTTP server is made, by `app.listen` or by the server's createAppServer
 * (PLAIN_EXPRESS_SERVER in plain-express.ts).
 */
export async function startPlainExpress(routes: readonly PlainRoute[], dir: string, server: 'listen' | 'app-server' = 'listen'): Promise<{ url: string; child: ChildProcess }> {
  const routesFile = path.join(dir, `plain-routes-${server}.json`);
  await writeFile(routesFile, JSON.stringify(routes));
  const port = await freePort();
  const started = performance.now();
  const child = spawnQuiet(process.execPath, [path.join(DIST, 'scripts/bench/plain-express.js'), routesFile], { PORT: String(port), PLAIN_EXPRESS_SERVER: server });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${routes[0]?.path ?? '/'}`, started, 30_000);
  return { url, child };
}
