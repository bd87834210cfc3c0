import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERATED_DIR, ROOT } from '../../scripts/lib/apis.js';
import { chromiumPath } from '../../scripts/lib/system-components.js';
import { LAUNCH_ARGS, recordCspViolations, staysOnMachine } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { isHttpMethod } from '../../server/shared/wire.js';
import { useApiServer } from '../api/helpers.js';

/**
 * The docs as a reader gets them: the real team server serves the landing page
 * and both Redoc pages, Chromium renders them, and every operation and webhook
 * of the bundles must be listed, without a single request leaving the machine.
 */

const CHROMIUM = chromiumPath();
const REQUIRED = process.env.REQUIRE_SYSTEM_SUITES === '1';
const SKIP = !CHROMIUM && !REQUIRED;
const because = SKIP ? ' (skipped: no Chromium at CHROMIUM_PATH or /usr/bin/chromium; apt-get install -y chromium)' : '';
const SCREENSHOTS = path.join(ROOT, 'test-results', 'docs');
// The team reference renders every operation and webhook in Chromium: its menu check neared 90 s on the 2-core VM as the document grew.
const TEST_TIMEOUT_MS = 180_000;

type Api = 'team' | 'management';

interface Operation {
  summary?: string;
  operationId?: string;
  deprecated?: boolean;
}
interface Bundle {
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
}

const readBundle = async (api: Api) => JSON.parse(await readFile(path.join(GENERATED_DIR, api, 'openapi.json'), 'utf8')) as Bundle;

const operationsOf = (items: Record<string, Record<string, Operation>> = {}) =>
  Object.entries(items).flatMap(([name, item]) =>
    Object.entries(item)
      .filter(([method]) => isHttpMethod(method))
      .map(([method, operation]) => ({ name, method, ...operation })),
  );

/** What Redoc lists in its side menu: item id (e.g. `tag/Users/operation/getUser`) and label. */
const sideMenu = (page: Page) =>
  page.$$eval('.menu-content li[data-item-id]', (items) =>
    items.map((item) => ({ id: item.getAttribute('data-item-id') ?? '', label: item.querySelector('label')?.textContent ?? '' })),
  );

/** The number of elements of each `data-section-id` on the page. */
const sectionCounts = async (page: Page) =>
  new Map(
    await page.$$eval('[data-section-id]', (elements) => {
      const counts = new Map<string, number>();
      for (const element of elements) {
        const id = element.getAttribute('data-section-id') ?? '';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return [...counts];
    }),
  );

/** Each operation has a menu item: found by its operationId (Redoc's item id) or, without one, by its summary. */
function expectEveryOperationListed(menu: { id: string; label: string }[], operations: ReturnType<typeof operationsOf>) {
  for (const operation of operations) {
    const item = operation.operationId
      ? menu.find((entry) => entry.id.endsWith(`/operation/${operation.operationId}`))
      : menu.find((entry) => operation.summary !== undefined && entry.label.endsWith(operation.summary));
    expect(item, `${operation.method.toUpperCase()} ${operation.name} (${operation.operationId ?? operation.summary}) in the side menu`).toBeDefined();
    expect(item?.label).toContain(operation.summary ?? '');
  }
}

describe('docs routes on both servers', () => {
  const ctx = useApiServer(engines[0]!);

  it('when /docs is asked without the slash, then it redirects to /docs/', async () => {
    for (const base of [ctx.server.teamUrl, ctx.server.managementUrl]) {
      const response = await fetch(`${base}/docs`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/docs/');
    }
  });

  it('when the docs are asked of either server, then it serves the landing page, both Redoc pages and the Redoc script', async () => {
    for (const base of [ctx.server.teamUrl, ctx.server.managementUrl]) {
      const landing = await fetch(`${base}/docs/`);
      expect(landing.status).toBe(200);
      expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await landing.text()).toContain('href="./team.html"');
      for (const [file, type, marker] of [
        ['team.html', /^text\/html/, 'Redoc.init('],
        ['management.html', /^text\/html/, 'Redoc.init('],
        ['index.html', /^text\/html/, 'Quick start'],
        ['redoc.standalone.js', /javascript/, 'Redoc'],
      ] as const) {
        const response = await fetch(`${base}/docs/${file}`);
        expect(response.status, `${base}/docs/${file}`).toBe(200);
        expect(response.headers.get('content-type')).toMatch(type);
        expect(await response.text()).toContain(marker);
      }
    }
  });

  it('when the bundle is asked, then each server serves its own document at /openapi.json', async () => {
    const [team, management] = await Promise.all([fetch(`${ctx.server.teamUrl}/openapi.json`), fetch(`${ctx.server.managementUrl}/openapi.json`)]);
    expect(((await team.json()) as { webhooks?: unknown }).webhooks).toBeDefined();
    expect(((await management.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty(['/v1/org/{org_id}/team']);
  });
});

describe('docs rendered in Chromium, served by the team server', () => {
  let server: TestServer;
  let context: BrowserContext;
  let userDataDir: string;
  /** Every request any page of the browser made during the current test. */
  let requests: string[] = [];
  const bundles = {} as Record<Api, Bundle>;

  beforeAll(async () => {
    if (!CHROMIUM) return;
    bundles.team = await readBundle('team');
    bundles.management = await readBundle('management');
    server = await startTestServer(engines[0]!);
    userDataDir = await mkdtemp(path.join(os.tmpdir(), 'docs-chromium-'));
    // Playwright passes --headless itself when asked; headless: false lets the listed --headless=new stand alone.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: false,
      args: LAUNCH_ARGS,
      viewport: { width: 1400, height: 900 },
      serviceWorkers: 'block',
    });
    // The context's 'request' event is every page's page.on('request') (and their workers').
    context.on('request', (request) => requests.push(request.url()));
    // A blocked attempt fails the test too (recordCspViolations).
    await recordCspViolations(context);
    await mkdir(SCREENSHOTS, { recursive: true });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  beforeEach(() => {
    requests = [];
  });

  /** Opens a docs page, collecting its script errors, and checks afterwards that it stayed offline. */
  async function open(file: string, ready: string): Promise<{ page: Page; errors: string[] }> {
    // Reached without Chromium only when REQUIRE_SYSTEM_SUITES=1: each test fails instead of skipping.
    if (!CHROMIUM) throw new Error('REQUIRE_SYSTEM_SUITES=1 but there is no Chromium at CHROMIUM_PATH or /usr/bin/chromium: apt-get install -y chromium.');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${server.teamUrl}/docs/${file}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.waitForSelector(ready, { timeout: 60_000 });
    return { page, errors };
  }

  async function expectOffline(page: Page, errors: string[]) {
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !staysOnMachine(url)), 'requests that left the machine').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), 'requests blocked by the CSP').toEqual([]);
    expect(errors, 'script errors').toEqual([]);
  }

  it.skipIf(SKIP)(
    `when the landing page is opened, then it links both references, shows the quick start and lists every webhook event${because}`,
    async () => {
      const { page, errors } = await open('', '#webhooks table');
      expect(await page.title()).toBe('Health data API documentation');
      const links = await page.$$eval('a[href$=".html"]', (anchors) => anchors.map((a) => a.getAttribute('href')));
      expect(links).toEqual(expect.arrayContaining(['./team.html', './management.html']));

      const quickStart = await page.locator('#quick-start').innerText();
      expect(quickStart).toContain('npm ci && npm start');
      expect(quickStart).toContain('x-vital-api-key');
      expect(quickStart).toContain('X-Management-Key');
      // The server fills in the URL it listens on (the build writes npm start's default, 8000).
      expect(quickStart).toMatch(new RegExp(`curl -s ${server.teamUrl.replace(/[.]/g, '\\.')}/v2/\\S+ -H "x-vital-api-key: \\$KEY"`));

      const rows = await page.$$eval('#webhooks tbody tr', (trs) =>
        trs.map((tr) => ({
          eventType: tr.querySelector('td code')?.textContent ?? '',
          summary: tr.querySelectorAll('td')[1]?.textContent ?? '',
          deprecated: tr.querySelector('.badge')?.textContent === 'deprecated',
        })),
      );
      const webhooks = operationsOf(bundles.team.webhooks);
      expect(webhooks.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.eventType)).toEqual(webhooks.map((webhook) => webhook.name));
      for (const [i, webhook] of webhooks.entries()) {
        expect(rows[i]?.summary).toContain(webhook.summary ?? '');
        expect(rows[i]?.deprecated, `${webhook.name} marked deprecated`).toBe(webhook.deprecated === true);
      }

      await page.screenshot({ path: path.join(SCREENSHOTS, 'landing.png'), fullPage: true });
      await expectOffline(page, errors);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when the team reference is opened, then its side menu lists every operation and, under Webhooks, every webhook${because}`,
    async () => {
      const { page, errors } = await open('team.html', '.menu-content li[data-item-id]');
      const menu = await sideMenu(page);
      const labelOf = (id: string) => menu.find((item) => item.id === id)?.label;

      expectEveryOperationListed(menu, operationsOf(bundles.team.paths));

      expect(labelOf('tag/Webhooks')).toBe('Webhooks');
      const webhooks = operationsOf(bundles.team.webhooks);
      // How many sections the page has of each id, read in one pass over the page (a locator's
      // count per id was a round trip to Chromium each, over a document of thousands of sections).
      const sections = await sectionCounts(page);
      for (const webhook of webhooks) {
        const id = `tag/Webhooks/paths/${webhook.name}/${webhook.method}`;
        expect(labelOf(id), `${webhook.name} under Webhooks in the side menu`).toContain(webhook.summary ?? '');
        expect(sections.get(id) ?? 0, `${webhook.name} section`).toBe(1);
      }

      // The landing page links each event to its section here.
      const landing = await (await fetch(`${server.teamUrl}/docs/`)).text();
      const anchors = [...landing.matchAll(/href="\.\/team\.html#([^"]+)"/g)].map((match) => match[1]!);
      expect(anchors).toHaveLength(webhooks.length);
      for (const anchor of anchors) expect(sections.get(anchor) ?? 0, `landing link #${anchor}`).toBe(1);

      // The whole team reference is taller than Chromium can capture in one image: its first screens.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // Painting 12,000 px of it took over playwright's default 30 s on a loaded 2-core machine.
      await page.screenshot({ path: path.join(SCREENSHOTS, 'team.png'), fullPage: true, clip: { x: 0, y: 0, width: 1400, height: Math.min(height, 12_000) }, timeout: 120_000 });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'team-top.png') });
      await expectOffline(page, errors);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when the management reference is opened from the team server, then its side menu lists every operation${because}`,
    async () => {
      const { page, errors } = await open('management.html', '.menu-content li[data-item-id]');
      const menu = await sideMenu(page);
      const operations = operationsOf(bundles.management.paths);
      expect(operations.length).toBeGreaterThan(0);
      expectEveryOperationListed(menu, operations);
      expect(operationsOf(bundles.management.webhooks)).toEqual([]);

      await page.screenshot({ path: path.join(SCREENSHOTS, 'management.png'), fullPage: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'management-top.png') });
      await expectOffline(page, errors);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
