/**
 * `npm start`: everything, for a frontend team or a new user.
 *
 * 1. builds generated/ when the spec changed since the last build;
 * 2. compiles to dist/ when the sources changed since the last compile;
 * 3. starts the reference server (team API on PORT=8000, management API on
 *    MANAGEMENT_PORT=8001, docs at /docs/ on each) and the Prism mocks
 *    (4010, 4011), each as a compiled Node process, and stops them together. The
 *    server runs with the memory settings of scripts/lib/server-runtime.ts.
 *
 * The server reads DATA_DIR, DATABASE_URL, TEAM_API_KEY, MANAGEMENT_KEY, ...
 * from the environment (see README). START_MOCKS=false skips the mocks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.js';
import { compile, DIST } from './compile.js';
import { APIS, artifactPaths, GENERATED_DIR, ROOT } from './lib/apis.js';
import { serverProcess, type ProcessRuntime } from './lib/server-runtime.js';

/** Newest modification time of the files below `dir` (0 when none). */
function newest(dir: string, accept: (file: string) => boolean = () => true): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full, accept));
    else if (accept(full)) latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

const oldest = (files: readonly string[]) => Math.min(...files.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));

async function prepare(): Promise<void> {
  const outputs = APIS.flatMap((api) => Object.values(artifactPaths(GENERATED_DIR, api.name)));
  if (newest(path.join(ROOT, 'spec')) > oldest(outputs)) {
    console.log('spec/ changed since the last build: building generated/ ...');
    await build({ outDir: GENERATED_DIR, lint: false, log: console.log });
  }
  const sources = Math.max(...['server', 'mocks', 'scripts', 'generated'].map((dir) => newest(path.join(ROOT, dir))));
  const compiled = oldest([path.join(DIST, 'server/main.js'), path.join(DIST, 'mocks/start.js')]);
  if (sources > compiled) {
    console.log('compiling to dist/ ...');
    await compile();
  }
}

function run(name: string, script: string, runtime: ProcessRuntime = { nodeFlags: [], env: process.env }): ChildProcess {
  const child = spawn(process.execPath, [...runtime.nodeFlags, path.join(DIST, script)], { stdio: 'inherit', env: runtime.env });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping everything.`);
      stopAll(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
const children: ChildProcess[] = [];
function stopAll(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => (child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve))))).then(() => process.exit(code));
}

await prepare();
children.push(run('server', 'server/main.js', serverProcess()));
if (process.env.START_MOCKS !== 'false') children.push(run('mocks', 'mocks/start.js'));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
