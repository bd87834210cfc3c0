/**
 * The dashboard (`npm run bench:dashboard`): the bundle the browser loads (raw and
 * gzip), and in Chromium (playwright-core, Debian's chromium as the browser suites)
 * against the compiled server run exactly as `npm start` runs it, on PGlite:
 * - the users page: from navigation start to the users table drawn, signed in (the
 *   session already in sessionStorage), on a warm server, over DASHBOARD_BENCH_USERS (200) users;
 * - a user page with 30 days of data: from navigation start to every summary chart, the
 *   day's charts and the workouts and sleeps lists drawn (fitbit + freestyle_libre, 30-day range).
 * Times are taken in the page (performance.now() when a MutationObserver sees the element),
 * median of BENCH_ROUNDS (5) fresh pages after one warm-up. Prints tables; asserts nothing.
 * DASHBOARD_BENCH_DETAIL=1 also prints each page's requests with their durations.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { migrate } from '../../server/storage/migrate.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { compile } from '../compile.js';
import { GENERATED_DIR } from '../lib/apis.js';
import { isMainModule } from '../lib/main-module.js';
import { chromiumPath } from '../lib/system-components.js';
import { pgliteEngine, type BenchEngine } from './engines.js';
import { freePorts, median, printTable, spawnServer, stop, waitForOk } from './lib.js';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const USERS = Math.max(1, Number(process.env.DASHBOARD_BENCH_USERS ?? 200));
const TEAM_API_KEY = 'sk_us_bench_dashboard_team_key_0123456789';
const MANAGEMENT_KEY = 'mg_bench_dashboard_management_key_0123456789';
const TARGET_MS = 1000;
/** The demo user's providers: a wearable and a CGM. */
const DEMO_PROVIDERS = ['fitbit', 'freestyle_libre'];

/** Elements the user page is complete with: every chart of a 30-day range, and both lists. */
const USER_PAGE_READY = ['chart-steps', 'chart-calories', 'chart-sleep-stages', 'chart-weight', 'chart-day-heartrate', 'chart-day-glucose', 'chart-day-steps', 'workouts-table', 'sleeps-table'];

async function bundleSize() {
  const rows = [];
  let raw = 0;
  let gzip = 0;
  for (const name of ['index.html', 'app.js', 'app.css']) {
    const bytes = await readFile(path.join(GENERATED_DIR, 'dashboard', name));
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    rows.push([name, bytes.length, zipped]);
  }
  rows.push(['total', raw, gzip]);
  printTable('Dashboard bundle (bytes)', ['file', 'raw', 'gzip -9'], rows);
}

/** The compiled server exactly as `npm start` runs it (scripts/lib/server-runtime.ts), on `engine`. */
async function startServer(engine: BenchEngine): Promise<{ child: ChildProcess; teamUrl: string }> {
  const [teamPort, managementPort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = { PORT: String(teamPort), MANAGEMENT_PORT: String(managementPort), TEAM_API_KEY, MANAGEMENT_KEY, SERVER_PROCESSES: '', LOG_LEVEL: 'warn', ...engine.env };
  const started = performance.now();
  const child = spawnServer(env);
  await waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, started, 120_000, { [TEAM_API_KEY_HEADER]: TEAM_API_KEY });
  return { child, teamUrl: `http://127.0.0.1:${teamPort}` };
}

/** Users through the API, then (server stopped: PGlite has one owner) 30 days of history for the demo user's windows. */
async function seed(engine: BenchEngine): Promise<string> {
  const db = await engine.open();
  let teamId: string;
  try {
    await migrate(db);
    teamId = (await bootstrapSandbox(db, { region: 'us', teamApiKey: TEAM_API_KEY, managementKey: MANAGEMENT_KEY, dataDir: engine.env.DATA_DIR! })).teamId;
  } finally {
    await db.close();
  }
  const server = await startServer(engine);
  let userId: string;
  try {
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${server.teamUrl}${route}`, { method, headers: { [TEAM_API_KEY_HEADER]: TEAM_API_KEY, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { user_id: string };
    };
    for (let i = 0; i < USERS; i++) await call('POST', '/v2/user', { client_user_id: `bench-user-${i}` });
    userId = (await call('POST', '/v2/user', { client_user_id: 'bench-demo' })).user_id;
    for (const provider of DEMO_PROVIDERS) await call('POST', '/v2/link/connect/demo', { user_id: userId, provider });
  } finally {
    await stop(server.child);
  }
  const db2 = await engine.open();
  try {
    for (const provider of DEMO_PROVIDERS) {
      const [window] = await findDataWindows(db2, { team_id: teamId, user_id: userId, provider });
      await extendHistory(db2, { team_id: teamId, user_id: userId, provider, start_date: addDays(window!.history_start, -30) });
    }
  } finally {
    await db2.close();
  }
  return userId;
}

/** The requests of the last measured page: path and duration (ms), slowest first. */
let lastRequests: [string, number][] = [];

/** Opens `hash` in a fresh page with the session set, and returns the in-page time (ms since navigation start) when every test id is drawn. */
async function timeTo(browser: Browser, teamUrl: string, hash: string, testIds: string[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  // A script text, not a function: tsx's transform would add helpers the page does not have.
  await context.addInitScript(`
    sessionStorage.setItem('dashboard.session', ${JSON.stringify(JSON.stringify({ kind: 'team', teamKey: TEAM_API_KEY }))});
    window.__ready = new Promise((resolve) => {
      const ids = ${JSON.stringify(testIds)};
      const observer = new MutationObserver(() => {
        if (ids.every((id) => document.querySelector('[data-testid="' + id + '"]'))) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
    });
  `);
  const page = await context.newPage();
  await page.goto(`${teamUrl}/dashboard/${hash}`);
  // A page that never gets there (an error state) counts as NaN after 30 s, not as a hang.
  const ms = (await page.evaluate('Promise.race([window.__ready, new Promise((resolve) => setTimeout(() => resolve(NaN), 30000))])')) as number;
  lastRequests = (await page.evaluate(
    "performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.replace(/[0-9a-f-]{36}/g, '{id}'), Math.round(e.responseEnd - e.startTime)])",
  )) as [string, number][];
  lastRequests.sort((a, b) => b[1] - a[1]);
  await context.close();
  return ms;
}

export async function benchDashboard(): Promise<void> {
  await bundleSize();
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log('\nNo Chromium (CHROMIUM_PATH, /usr/bin/chromium): page timings skipped.');
    return;
  }
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const engine = await pgliteEngine('dashboard');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const demo = await seed(engine);
    server = await startServer(engine);
    const today = new Date().toISOString().slice(0, 10);
    const userHash = `#/users/${demo}?from=${addDays(today, -29)}&to=${today}`;
    const cases: [string, string, string[]][] = [
      [`users page (${USERS + 1} users, first page of 50)`, '#/users', ['users-table']],
      ['user page, 30 days of data (fitbit + freestyle_libre)', userHash, USER_PAGE_READY],
    ];
    const rows = [];
    for (const [label, hash, ids] of cases) {
      await timeTo(browser, server.teamUrl, hash, ids); // warm-up: the server's and the browser's caches
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) times.push(await timeTo(browser, server.teamUrl, hash, ids));
      const ms = median(times);
      if (process.env.DASHBOARD_BENCH_DETAIL === '1') printTable(`${label}: requests of the last page, slowest first (ms)`, ['request', 'ms'], lastRequests);
      rows.push([label, Number.isNaN(ms) ? 'never drawn' : ms.toFixed(0), Math.max(...times).toFixed(0), `<= ${TARGET_MS}`, ms <= TARGET_MS ? 'yes' : 'NO']);
    }
    printTable(`Dashboard time to drawn (ms from navigation start, median of ${ROUNDS} after a warm-up)`, ['page', 'median', 'max', 'target', 'met'], rows);
  } finally {
    await browser.close();
    if (server) await stop(server.child);
    await engine.cleanup();
  }
}

if (isMainModule(import.meta.filename)) {
  benchDashboard().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
