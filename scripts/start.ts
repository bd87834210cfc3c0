/**
 * `npm start`: everything, for a frontend team or a new user.
 *
 * 1. builds generated/ when its inputs changed since the last build (`npm run build` without
 *    the lint);
 * 2. transpiles the server, the mocks and the scripts to dist/ when the sources changed since
 *    the last transpile (scripts/compile.ts transpile(): esbuild, file by file, no type
 *    check; type checking is `npm test`'s). Both are decided by content, never file times
 *    (scripts/lib/input-hash.ts);
 * 3. starts the reference server (team API on PORT=8000, management API on
 *    MANAGEMENT_PORT=8001, docs at /docs/ on each) and, once the team API listens, the Prism
 *    mocks (4010, 4011), each as a compiled Node process, and stops them together. The
 *    server runs with the memory settings of scripts/lib/server-runtime.ts.
 *
 * It says what it is doing at each step, and until the team API listens it says so every few
 * seconds: the first start of a data directory runs PGlite's initdb (the server prints that
 * too), which takes a while.
 *
 * This process lives as long as the server, so it keeps little in memory: the build (Redocly,
 * openapi-typescript, the dashboard bundle) runs as a child process that exits when done. The
 * transpile runs here: tsx has esbuild loaded already, which does the work in its own process,
 * and a child process with tsx of its own would add seconds. No PGlite template is built here:
 * making one costs an initdb, as much as the server's own first start (`npm run compile` builds
 * it, and the server copies it when there is one).
 *
 * Stopping: SIGINT, SIGTERM or SIGHUP stops the server and the mocks (or a build step still
 * running) and then this process. npm runs this script as `exec node --import tsx ...`, so npm's
 * forwarded SIGINT/SIGTERM reach this process and no shell or tsx wrapper is
 * left behind; if npm itself dies (a SIGHUP, which npm does not forward, or a
 * SIGKILL), this process sees its parent change and stops too; and if this
 * process dies, the children see their IPC channel close and stop themselves.
 *
 * The server reads DATA_DIR, DATABASE_URL, TEAM_API_KEY, MANAGEMENT_KEY, ...
 * from the environment (see README). START_MOCKS=false skips the mocks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { DIST, transpile } from './compile.js';
import { GENERATED_DIR, ROOT } from './lib/apis.js';
import { isDistFresh, isGeneratedFresh } from './lib/input-hash.js';
import { serverProcess, type ProcessRuntime } from './lib/server-runtime.js';
import { onOff } from '../server/shared/env-switches.js';
import { localBaseUrl } from '../server/shared/local-url.js';
import { onParentGone } from './lib/parent-watch.js';

const begun = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
/** A progress line, with the time since npm start began. */
const say = (message: string) => console.log(`[npm start ${seconds(begun)}] ${message}`);

/** Signals that stop everything (a terminal's Ctrl-C, a container runtime's stop, a closed terminal). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long the children get to close their ports and database before they are killed. */
const STOP_GRACE_MS = 10_000;
/** How often, while the team API does not listen yet, a line says so. */
const WAITING_NOTICE_MS = 5_000;

let stopping = false;
const children = new Set<ChildProcess>();

/** Runs a TypeScript script of scripts/ to its end in a child process (its output is this process's). */
function step(script: string, args: string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], { cwd: ROOT, stdio: 'inherit' });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${script} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function prepare(): Promise<void> {
  if (isGeneratedFresh(GENERATED_DIR)) say('generated/ is up to date');
  else {
    const started = performance.now();
    say('spec/ or the build changed since the last build: building generated/ (npm run build -- --no-lint) ...');
    await step('scripts/build.ts', ['--no-lint']);
    say(`built generated/ in ${seconds(started)}`);
  }
  if (isDistFresh(DIST)) say('dist/ is up to date');
  else {
    const started = performance.now();
    say('transpiling server/, mocks/ and scripts/ to dist/ (esbuild, no type check: npm test does that) ...');
    const files = await transpile();
    say(`transpiled ${files} files to dist/ in ${seconds(started)}`);
  }
}

function run(name: string, script: string, runtime: ProcessRuntime = { nodeFlags: [], env: process.env }): ChildProcess {
  // The IPC channel is the children's lifeline: it closes when this process dies, however it dies.
  const child = spawn(process.execPath, [...runtime.nodeFlags, path.join(DIST, script)], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: runtime.env });
  children.add(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping everything.`);
      void stopAll(code || 1);
    }
  });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

let stopped: Promise<never> | undefined;
/** Stops the children, then this process; later calls (a second signal) wait for the first. */
function stopAll(code = 0): Promise<never> {
  stopped ??= stopChildren(code);
  return stopped;
}

async function stopChildren(code: number): Promise<never> {
  stopping = true;
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  const killer = setTimeout(() => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, STOP_GRACE_MS);
  await Promise.all(running.map(exited));
  clearTimeout(killer);
  process.exit(code);
}

/** Whether something accepts connections on host:port. */
const listening = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1_000);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

/**
 * Says every few seconds that the team API does not listen yet, and once it does, after how long;
 * resolves then (or when the server exited). Nothing to wait for when PORT is 0 (the system picks
 * the port; the server's banner names it).
 */
async function reportWhenListening(server: ChildProcess, env: NodeJS.ProcessEnv): Promise<void> {
  const port = Number(env.PORT || 8000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return;
  const url = localBaseUrl(env.HOST ?? '127.0.0.1', port);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const started = performance.now();
  let noticed = started;
  while (!stopping && server.exitCode === null && server.signalCode === null) {
    if (await listening(host, port)) {
      say(`the team API listens on ${url} (the server took ${seconds(started)})`);
      return;
    }
    if (performance.now() - noticed >= WAITING_NOTICE_MS) {
      noticed = performance.now();
      say(`waiting for the server to listen on ${url} (${seconds(started)} so far) ...`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and forwarded by npm), and a
// second signal without a handler would kill it before its children are gone.
for (const signal of STOP_SIGNALS) process.on(signal, () => void stopAll(0));

// npm does not forward SIGHUP, and nothing is forwarded once npm is gone: stop when the parent changes.
onParentGone(() => void stopAll(0));

// START_MOCKS is read before the build, so that a value it cannot take stops at once.
let withMocks = true;
try {
  withMocks = onOff(process.env, 'START_MOCKS', true);
  await prepare();
} catch (error) {
  // A step stopped by a signal: stopAll exits once every child is gone.
  if (stopping) await stopAll(0);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
/** Where mocks/start.ts listens (its defaults are mocks/index.ts's DEFAULT_PORTS), for the server's docs page. */
function mockUrls(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const host = !env.MOCK_HOST || env.MOCK_HOST === '0.0.0.0' ? '127.0.0.1' : env.MOCK_HOST;
  return { MOCK_URL: `http://${host}:${env.MOCK_PORT || 4010}`, MOCK_MANAGEMENT_URL: `http://${host}:${env.MOCK_MANAGEMENT_PORT || 4011}` };
}

if (!stopping) {
  say('starting the server (dist/server/main.js) ...');
  const server = run('server', 'server/main.js', serverProcess(withMocks ? mockUrls(process.env) : {}));
  // The mocks start once the team API listens: on a 2-core machine their start (seconds of CPU)
  // would slow the server's, whose first start of a DATA_DIR (initdb) is the longest step.
  void reportWhenListening(server, process.env).then(() => {
    if (!withMocks || stopping) return;
    say('starting the mocks (dist/mocks/start.js) ...');
    run('mocks', 'mocks/start.js');
  });
}
