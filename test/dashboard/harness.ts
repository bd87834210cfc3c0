/**
 * The dashboard's browser suites: a real server (team and management apps) on
 * PGlite, seeded with a team's users and a connected demo user with history;
 * Chromium (Debian's, as the docs suite) with a guard that records every request
 * and refuses any that would leave the machine; the sign-in form; screenshots.
 *
 *   const dash = useDashboard();               // in a describe block
 *   it.skipIf(SKIP)(`when ...${because}`, async () => { const page = await dash.signedIn(); ... });
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { components } from '../../generated/team/schema.js';
import { ROOT } from '../../scripts/lib/apis.js';
import { chromiumPath } from '../../scripts/lib/system-components.js';
import { personOf } from '../../server/domain/synthetic/person.js';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { LAUNCH_ARGS, recordCspViolations, staysOnMachine } from '../helpers/browser.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server.js';
import { firstSuitable } from '../helpers/suitable.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';

type User = components['schemas']['ClientFacingUser'];

export const CHROMIUM = chromiumPath();
export const REQUIRED = process.env.REQUIRE_SYSTEM_SUITES === '1';
export const SKIP = !CHROMIUM && !REQUIRED;
export const because = SKIP ? ' (skipped: no Chromium at CHROMIUM_PATH or /usr/bin/chromium; apt-get install -y chromium)' : '';
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'dashboard');
export const TEST_TIMEOUT_MS = 90_000;
/** How long a locator waits for the UI (the machine may be shared and slow). */
export const UI_TIMEOUT_MS = 30_000;


export interface Seeded {
  /** Plain users, no connection (client_user_id `dash-user-NN`). */
  users: User[];
  /** The demo user: connected to fitbit and freestyle_libre, with `historyDays` days of history. */
  demo: User;
  historyDays: number;
}

/** What a suite asks of the seed: plain users, the demo user's days of history, and what the demo user's synthetic data must have. */
export interface SeedOptions {
  users?: number;
  historyDays?: number;
  /** The synthetic data is random per user id: a demo user whose data does not suit is made again (default: one who walks). */
  demoSuits?: (userId: string) => boolean;
}

/** Whether the user walks: the pages' step charts are drawn from steps, and a wheelchair user (2 seeds in 100) has pushes and no steps samples. */
export const walks = (userId: string): boolean => !personOf(userId).wheelchair;

/** Seeds the sandbox team through the API, and moves the demo user's history back as a historical pull does. */
export async function seedTeam(server: TestServer, { users = 12, historyDays = 30, demoSuits = walks }: SeedOptions = {}): Promise<Seeded> {
  const team = (method: 'get' | 'post', url: string) => request(server.team)[method](url).set(TEAM_API_KEY_HEADER, server.apiKey);
  const create = async (client_user_id: string) => {
    const response = await team('post', '/v2/user').send({ client_user_id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (await team('get', `/v2/user/${(response.body as { user_id: string }).user_id}`)).body as User;
  };
  const plain: User[] = [];
  for (let i = 1; i <= users; i++) plain.push(await create(`dash-user-${String(i).padStart(2, '0')}`));
  // A demo user whose synthetic data does not suit the suite is deleted and the user made again.
  let previous: User | null = null;
  const nextDemo = async () => {
    if (previous) expect((await request(server.team).delete(`/v2/user/${previous.user_id}`).set(TEAM_API_KEY_HEADER, server.apiKey)).status).toBe(200);
    return (previous = await create('demo-runner'));
  };
  const demo = await firstSuitable(nextDemo, (candidate) => demoSuits(candidate.user_id), 'the synthetic data this suite needs in a demo user');
  for (const provider of ['fitbit', 'freestyle_libre']) {
    const connected = await team('post', '/v2/link/connect/demo').send({ user_id: demo.user_id, provider });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const [window] = await findDataWindows(server.db, { team_id: server.teamId, user_id: demo.user_id, provider });
    await extendHistory(server.db, { team_id: server.teamId, user_id: demo.user_id, provider, start_date: addDays(window!.history_start, -historyDays) });
  }
  // As it is now, with its connections.
  const connectedDemo = (await team('get', `/v2/user/${demo.user_id}`)).body as User;
  return { users: plain, demo: connectedDemo, historyDays };
}

/**
 * The test server, with the management API's real URL where the dashboard reads it
 * (config.json and the CSP name `managementPort`, which a test server leaves at its default).
 */
export async function startDashboardServer(options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer(engines[0]!, {}, options);
  server.deps.config.managementPort = Number(new URL(server.managementUrl).port);
  return server;
}

export interface Dashboard {
  readonly server: TestServer;
  readonly seeded: Seeded;
  readonly context: BrowserContext;
  /** Every request of the current test (URL and headers), any page of the context. */
  readonly requests: { url: string; headers: Record<string, string> }[];
  /** A new page with its script errors and console errors recorded. */
  open(hash?: string): Promise<DashboardPage>;
  /** A new page signed in with the team key, on `hash` (default the users page). */
  signedIn(hash?: string): Promise<DashboardPage>;
  /**
   * Fails on a request that left the machine, a key in a URL, a CSP violation, a script or
   * console error. `expectedFailures`: URLs whose HTTP error the test expects (Chromium logs
   * each failed fetch as a console error), e.g. the 404 of "no user info yet".
   */
  expectClean(page: DashboardPage, expectedFailures?: RegExp[]): Promise<void>;
}

export interface DashboardPage {
  page: Page;
  errors: string[];
}

/** The server, the seed and Chromium for a describe block. */
export function useDashboard(seed: SeedOptions = {}, options: TestServerOptions = {}): Dashboard {
  let server: TestServer | undefined;
  let seeded: Seeded | undefined;
  let context: BrowserContext | undefined;
  let userDataDir: string | undefined;
  const requests: { url: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    if (!CHROMIUM) return;
    server = await startDashboardServer(options);
    seeded = await seedTeam(server, seed);
    userDataDir = await mkdtemp(path.join(os.tmpdir(), 'dashboard-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: false,
      args: LAUNCH_ARGS,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    context.on('request', (req) => requests.push({ url: req.url(), headers: req.headers() }));
    // The guard: nothing leaves the machine, even if a page tried.
    await context.route('**/*', (route) => (staysOnMachine(route.request().url()) ? route.continue() : route.abort('blockedbyclient')));
    await recordCspViolations(context);
    await mkdir(SCREENSHOTS, { recursive: true });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  beforeEach(() => {
    requests.length = 0;
  });

  const need = <T>(value: T | undefined, what: string): T => {
    // Reached without Chromium only when REQUIRE_SYSTEM_SUITES=1: each test fails instead of skipping.
    if (!CHROMIUM) throw new Error('REQUIRE_SYSTEM_SUITES=1 but there is no Chromium at CHROMIUM_PATH or /usr/bin/chromium: apt-get install -y chromium.');
    if (value === undefined) throw new Error(`The dashboard harness has no ${what} yet`);
    return value;
  };

  const dashboard: Dashboard = {
    get server() {
      return need(server, 'server');
    },
    get seeded() {
      return need(seeded, 'seed');
    },
    get context() {
      return need(context, 'browser');
    },
    requests,
    async open(hash = '') {
      const page = await dashboard.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.setDefaultTimeout(UI_TIMEOUT_MS);
      const response = await page.goto(`${dashboard.server.teamUrl}/dashboard/${hash}`, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);
      return { page, errors };
    },
    async signedIn(hash = '#/users') {
      const opened = await dashboard.open(hash);
      await signInWithTeamKey(opened.page, dashboard.server.apiKey);
      return opened;
    },
    async expectClean({ page, errors }, expectedFailures = []) {
      await page.waitForLoadState('networkidle');
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.map((r) => r.url).filter((url) => !staysOnMachine(url)), 'requests that left the machine').toEqual([]);
      const keys = [dashboard.server.apiKey, dashboard.server.managementKey];
      expect(
        requests.map((r) => r.url).filter((url) => keys.some((key) => url.includes(key) || url.includes(encodeURIComponent(key)))),
        'requests with a key in the URL',
      ).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), 'CSP violations').toEqual([]);
      const failedFetch = /^console: Failed to load resource: the server responded with a status of \d+ .*\((.*)\)$/;
      const unexpected = errors.filter((error) => {
        const url = failedFetch.exec(error)?.[1];
        return !(url && expectedFailures.some((pattern) => pattern.test(url)));
      });
      expect(unexpected, 'script and console errors').toEqual([]);
    },
  };
  return dashboard;
}

/** Signs in through the form with a team key and waits for the signed-in header. */
export async function signInWithTeamKey(page: Page, key: string): Promise<void> {
  await page.getByTestId('team-key').fill(key);
  await page.getByTestId('team-sign-in').click();
  await page.getByTestId('sign-out').waitFor();
}

/** Full-page screenshots at 1280 px and 390 px wide under test-results/dashboard/<name>-<width>.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
