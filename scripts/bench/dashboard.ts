/**
 * The dashboard (`npm run bench:dashboard`): the bundle the browser loads (raw and
 * gzip), and in Chromium (playwright-core, Debian's chromium as the browser suites)
 * against the real team and management apps in this process on PGlite:
 * - the users page: from navigation start to the users table drawn, signed in (the
 *   session already in sessionStorage), on a warm server, over DASHBOARD_BENCH_USERS (200) users;
 * - a user page with 30 days of data: from navigation start to every summary chart, the
 *   day's charts and the workouts and sleeps lists drawn (fitbit + freestyle_libre, 30-day range).
 * Times are taken in the page (performance.now() when a MutationObserver sees the element),
 * median of BENCH_ROUNDS (5) fresh pages after one warm-up. Prints tables; asserts nothing.
 * DASHBOARD_BENCH_DETAIL=1 also prints each page's requests with their durations.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Express } from 'express';
import { chromium, type Browser } from 'playwright-core';
import { createManagementApp, createTeamApp } from '../../server/app.js';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { loadConfig } from '../../server/config.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import type { Deps } from '../../server/http/handlers/context.js';
import { TriggerSignal } from '../../server/jobs/bulk-pull/signals.js';
import { createLogger } from '../../server/logger.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { openDatabase } from '../../server/storage/database.js';
import { migrate } from '../../server/storage/migrate.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { GENERATED_DIR } from '../lib/apis.js';
import { isMainModule } from '../lib/main-module.js';
import { chromiumPath } from '../lib/system-components.js';
import { median, printTable } from './lib.js';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const USERS = Math.max(1, Number(process.env.DASHBOARD_BENCH_USERS ?? 200));
const TEAM_API_KEY = 'sk_us_bench_dashboard_team_key_0123456789';
const MANAGEMENT_KEY = 'mg_bench_dashboard_management_key_0123456789';
const TARGET_MS = 1000;

/** Elements the user page is complete with: every chart of a 30-day range, and both lists. */
const USER_PAGE_READY = ['chart-steps', 'chart-calories', 'chart-sleep-stages', 'chart-weight', 'chart-day-heartrate', 'chart-day-glucose', 'chart-day-steps', 'workouts-table', 'sleeps-table'];

const listen = (app: Express) =>
  new Promise<Server>((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
    server.once('error', reject);
  });

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

async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-dashboard-'));
  const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), lockDir: dataDir });
  await migrate(db);
  const sandbox = await bootstrapSandbox(db, { region: 'us', teamApiKey: TEAM_API_KEY, managementKey: MANAGEMENT_KEY, dataDir });
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), dataDir };
  const deps: Deps = { db, markers: MARKER_CATALOG, now: () => new Date(), config, logger: createLogger({ level: 'warn' }), triggerSignal: new TriggerSignal() };
  const [team, management] = await Promise.all([listen(createTeamApp(deps)), listen(createManagementApp(deps))]);
  const url = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  config.publicTeamUrl = url(team);
  config.teamPort = Number(new URL(url(team)).port);
  config.managementPort = Number(new URL(url(management)).port);
  const close = async () => {
    await Promise.all([team, management].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { teamUrl: url(team), db, teamId: sandbox.teamId, close };
}

async function seed(teamUrl: string, db: Awaited<ReturnType<typeof startServer>>['db'], teamId: string): Promise<string> {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${teamUrl}${route}`, { method, headers: { [TEAM_API_KEY_HEADER]: TEAM_API_KEY, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { user_id: string };
  };
  for (let i = 0; i < USERS; i++) await call('POST', '/v2/user', { client_user_id: `bench-user-${i}` });
  const { user_id } = await call('POST', '/v2/user', { client_user_id: 'bench-demo' });
  for (const provider of ['fitbit', 'freestyle_libre']) {
    await call('POST', '/v2/link/connect/demo', { user_id, provider });
    const [window] = await findDataWindows(db, { team_id: teamId, user_id, provider });
    await extendHistory(db, { team_id: teamId, user_id, provider, start_date: addDays(window!.history_start, -30) });
  }
  return user_id;
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

async function main() {
  await bundleSize();
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log('\nNo Chromium (CHROMIUM_PATH, /usr/bin/chromium): page timings skipped.');
    return;
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const demo = await seed(server.teamUrl, server.db, server.teamId);
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
    await server.close();
  }
}

if (isMainModule(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
