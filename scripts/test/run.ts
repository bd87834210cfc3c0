/**
 * `npm test`: type-check (including the compile-time handler tests), then run
 * every vitest suite. Suites that need a system component skip themselves
 * when it is missing. Every skipped test says why in its name or its describe
 * block's, as `(skipped: <reason>)` or `(<where> only: <reason>)` (skips.ts);
 * this script prints the skips grouped by reason and fails on a skip that
 * gives none. Passing tests are quiet (`--silent=passed-only`: the console
 * output of a failing test is printed). It ends with one
 * `N passed, N failed, N skipped` line.
 *
 *   npm test              what this machine can run
 *   npm run test:all      every suite; fails when PostgreSQL or Chromium is missing
 *   npm test -- <filter>  only the test files matching <filter> (vitest filters)
 *
 * Test files run as many at a time as the machine has cores, up to 4 (`-- --maxWorkers=N`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, ROOT } from '../lib/apis.js';
import { systemComponents } from '../lib/system-components.js';
import { explainSkips, formatSkips, type VitestJsonReport } from './skips.js';

const args = process.argv.slice(2);
const all = args.includes('--all');
const filters = args.filter((arg) => arg !== '--all');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', ...(all ? { REQUIRE_SYSTEM_SUITES: '1' } : {}) };

const components = systemComponents();
const missing = components.filter((c) => !c.available);
if (all && missing.length > 0) {
  for (const c of missing) console.error(`test:all needs ${c.name}: ${c.reason}. ${c.howTo}`);
  process.exit(1);
}

console.log(`> node ${process.version}`);
// The project, and the dashboard's browser code, which has a tsconfig of its own (DOM, no Node): as `npm run typecheck`.
const typechecks = [path.join(ROOT, 'tsconfig.json'), path.join(ROOT, 'server/dashboard/tsconfig.json')];
console.log(`> tsc --noEmit (${typechecks.map((file) => path.relative(ROOT, file)).join(', ')})`);
if (typechecks.some((project) => spawnSync(bin('tsc'), ['--noEmit', '-p', project], { stdio: 'inherit', env }).status !== 0)) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// Test files run as many at a time as the machine has cores, up to 4. Vitest's own default keeps
// one core back (one file at a time on a 2-core machine), but much of a file's time here is spent
// waiting on what it started: server processes, PostgreSQL, Chromium, the mock. On the 2-core VM
// (2026-11-28) two at a time took the suite from about 1,140 to 810 s without DATABASE_URL and
// from 1,390 to 1,040 s with it and Chromium, with the same results. The cap keeps a big machine
// within PostgreSQL's default 100 connections and a few GB of memory (a file's process peaks at
// about 0.7 GB). `npm test -- --maxWorkers=N` sets it.
const workers = filters.some((arg) => arg.startsWith('--maxWorkers')) ? [] : [`--maxWorkers=${Math.min(os.availableParallelism(), 4)}`];

// Files of one worker share its loaded modules (`--no-isolate`): loading the server's modules, PGlite's
// WebAssembly and the OpenAPI validators again for every file was about half of an API test file's
// time (scripts/bench/RESULTS.md, "The test suite with files sharing a module graph"). Nothing under
// server/ keeps module-level state (test/server/module-state.test.ts), and every test restores what it
// changes. `npm test -- --isolate` runs each file in a fresh process, to find a test that leaks.
const isolation = filters.some((arg) => arg === '--isolate' || arg === '--no-isolate') ? [] : ['--no-isolate'];

const reportDir = path.join(ROOT, 'tmp');
mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest-report.json');
rmSync(report, { force: true });
console.log('> vitest run');
const vitest = spawnSync(bin('vitest'), ['run', '--exclude=dist/**', '--exclude=node_modules/**', '--testTimeout=60000', '--hookTimeout=120000', '--silent=passed-only', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...workers, ...isolation, ...filters], { stdio: 'inherit', env, cwd: ROOT });

let passed = 0;
let failed = vitest.status === 0 ? 0 : 1;
let skipped = 0;
let unexplained = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8')) as VitestJsonReport;
  const skips = explainSkips(result, ROOT);
  unexplained = skips.unexplained.length;
  // A skip without a reason counts as a failure, not as a skip.
  passed = result.numPassedTests;
  failed = Math.max(result.numFailedTests, vitest.status === 0 ? 0 : 1) + unexplained;
  skipped = result.numPendingTests + result.numTodoTests - unexplained;
  const lines = formatSkips(skips);
  if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
}

for (const c of missing) {
  console.log(`not available: ${c.name}, so ${c.suites} skipped (${c.reason}). ${c.howTo}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitest.status === 0 && unexplained === 0 ? 0 : 1);
