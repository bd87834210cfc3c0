/**
 * `npm start`: everything, for a frontend team or a new user.
 *
 * 1. builds generated/ when its inputs changed since the last build;
 * 2. compiles to dist/ when the sources changed since the last compile
 *    (both decided by content, never file times: scripts/lib/input-hash.ts);
 * 3. starts the reference server (team API on PORT=8000, management API on
 *    MANAGEMENT_PORT=8001, docs at /docs/ on each) and the Prism mocks
 *    (4010, 4011), each as a compiled Node process, and stops them together. The
 *    server runs with the memory settings of scripts/lib/server-runtime.ts.
 *
 * Stopping: SIGINT, SIGTERM or SIGHUP stops the server and the mocks and then
 * this process. npm runs this script as `exec node --import tsx ...`, so npm's
 * forwarded SIGINT/SIGTERM reach this process and no shell or tsx wrapper is
 * left behind; if npm itself dies (a SIGHUP, which npm does not forward, or a
 * SIGKILL), this process sees its parent change and stops too; and if this
 * process dies, the children see their IPC channel close and stop themselves.
 *
 * The server reads DATA_DIR, DATABASE_URL, TEAM_API_KEY, MANAGEMENT_KEY, ...
 * from the environment (see README). START_MOCKS=false skips the mocks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { build } from './build.js';
import { compile, DIST } from './compile.js';
import { GENERATED_DIR } from './lib/apis.js';
import { isDistFresh, isGeneratedFresh } from './lib/input-hash.js';
import { serverProcess, type ProcessRuntime } from './lib/server-runtime.js';
import { onOff } from '../server/shared/env-switches.js';
import { onParentGone } from './lib/parent-watch.js';

async function prepare(): Promise<void> {
  if (!isGeneratedFresh(GENERATED_DIR)) {
    console.log('spec/ or the build changed since the last build: building generated/ ...');
    await build({ outDir: GENERATED_DIR, lint: false, log: console.log });
  }
  if (!isDistFresh(DIST)) {
    console.log('compiling to dist/ ...');
    await compile();
  }
}

/** Signals that stop everything (a terminal's Ctrl-C, a container runtime's stop, a closed terminal). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long the children get to close their ports and database before they are killed. */
const STOP_GRACE_MS = 10_000;

let stopping = false;
const children: ChildProcess[] = [];

function run(name: string, script: string, runtime: ProcessRuntime = { nodeFlags: [], env: process.env }): ChildProcess {
  // The IPC channel is the children's lifeline: it closes when this process dies, however it dies.
  const child = spawn(process.execPath, [...runtime.nodeFlags, path.join(DIST, script)], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: runtime.env });
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
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  const killer = setTimeout(() => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, STOP_GRACE_MS);
  await Promise.all(running.map(exited));
  clearTimeout(killer);
  process.exit(code);
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
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
/** Where mocks/start.ts listens (its defaults are mocks/index.ts's DEFAULT_PORTS), for the server's docs page. */
function mockUrls(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const host = !env.MOCK_HOST || env.MOCK_HOST === '0.0.0.0' ? '127.0.0.1' : env.MOCK_HOST;
  return { MOCK_URL: `http://${host}:${env.MOCK_PORT || 4010}`, MOCK_MANAGEMENT_URL: `http://${host}:${env.MOCK_MANAGEMENT_PORT || 4011}` };
}

if (!stopping) {
  children.push(run('server', 'server/main.js', serverProcess(withMocks ? mockUrls(process.env) : {})));
  if (withMocks) children.push(run('mocks', 'mocks/start.js'));
}
