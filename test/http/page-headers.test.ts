/**
 * Every page the servers serve outside the contract carries the page headers (server/http/page-headers.ts):
 * a Content-Security-Policy that forbids framing, `<base>` and plugins, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: no-referrer` and `X-Frame-Options: DENY`. The routes are read from
 * the routers the apps registered them on (`app.locals.extraRoutes`), not from a list here, so a
 * page added later is walked too. In Chromium (when installed) the link and consent pages render
 * under their policy without a violation, and the consent form still posts and redirects.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../../scripts/lib/system-components.js';
import { contentSecurityPolicy, DEFAULT_PAGE_POLICY, metaPolicyOf } from '../../server/http/page-headers.js';
import { LAUNCH_ARGS, recordCspViolations } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** The method and path of every route registered on an app's router of pages. */
function registeredRoutes(app: Express): { method: string; path: string }[] {
  const router = app.locals.extraRoutes as unknown as { stack: RouteLayer[] };
  return router.stack.flatMap((layer) =>
    layer.route ? [layer.route.path].flat().flatMap((path) => Object.keys(layer.route!.methods).filter((method) => method !== '_all').map((method) => ({ method: method.toUpperCase(), path }))) : [],
  );
}

function expectPageHeaders(headers: Headers, where: string) {
  const policy = headers.get('content-security-policy') ?? '';
  const directives = policy.split(';').map((directive) => directive.trim());
  expect(directives, where).toContain("frame-ancestors 'none'");
  expect(directives, where).toContain("base-uri 'none'");
  expect(directives.some((directive) => directive.startsWith('default-src ')), where).toBe(true);
  expect(directives.some((directive) => directive.startsWith('object-src ')), where).toBe(true);
  expect(policy, where).not.toMatch(/'unsafe-eval'|\*/);
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('no-referrer');
  expect(headers.get('x-frame-options'), where).toBe('DENY');
}

describe('page headers: every route outside the contract, on both servers', () => {
  let server: TestServer;
  let linkToken: string;

  beforeAll(async () => {
    server = await startTestServer(engines[0]!);
    linkToken = await newLinkToken(server);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('when every registered route is asked (GET, and POST with a form), then each HTML answer has the page headers, and the issue\'s pages are among them', async () => {
    const pages: string[] = [];
    const other: string[] = [];
    for (const [api, app, base] of [['team', server.team, server.teamUrl], ['management', server.management, server.managementUrl]] as const) {
      const routes = registeredRoutes(app);
      expect(routes.length, api).toBeGreaterThan(0);
      for (const route of routes) {
        // Route parameters get a value pages answer to (a provider slug), the query a live link token.
        const path = route.path.replace(/:provider\b/g, 'oura').replace(/:[A-Za-z_]+/g, 'x');
        const url = `${base}${path}?token=${linkToken}&state=${linkToken}`;
        const response = await fetch(url, {
          method: route.method,
          redirect: 'manual',
          ...(route.method === 'POST' && { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `state=unknown&decision=deny` }),
        });
        await response.arrayBuffer();
        const where = `${api} ${route.method} ${route.path}: ${response.status} ${response.headers.get('content-type')}`;
        // Every answer of these routes has the headers; the HTML ones are the pages.
        expectPageHeaders(response.headers, where);
        // A redirect to a page of the same server (/docs -> /docs/): the page it leads to too.
        const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
        if (location?.startsWith('/')) {
          const target = await fetch(`${base}${location}`, { redirect: 'manual' });
          await target.arrayBuffer();
          expectPageHeaders(target.headers, `${where} -> ${location}: ${target.status}`);
          if (target.headers.get('content-type')?.startsWith('text/html')) pages.push(`${api} ${route.method} ${route.path} -> ${location}`);
        }
        if (response.headers.get('content-type')?.startsWith('text/html')) pages.push(`${api} ${route.method} ${route.path}`);
        else other.push(`${api} ${route.method} ${route.path} ${response.status} ${response.headers.get('content-type')}`);
      }
    }
    expect(pages, `pages: ${pages.join(', ')}; other answers: ${other.join(', ')}`).toEqual(
      expect.arrayContaining([
        'team GET /docs -> /docs/',
        'team GET /docs/team.html',
        'management GET /docs/management.html',
        'team GET /dashboard/index.html',
        'team GET /dashboard -> /dashboard/',
        'team GET /link',
        'team GET /link/oauth/:provider/authorize',
        'team POST /link/oauth/:provider/authorize',
      ]),
    );
  }, 60_000);

  it('when a docs page is served, then its header policy is its own meta policy with framing forbidden', async () => {
    const response = await fetch(`${server.teamUrl}/docs/team.html`);
    const html = await response.text();
    const own = metaPolicyOf(html)!.split(';').map((directive) => directive.trim());
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(own));
  });

  it('when the link page is served, then its policy allows its one style by hash and nothing else', async () => {
    const response = await fetch(`${server.teamUrl}/link?token=${linkToken}`);
    await response.text();
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('when a page states no policy, then the default one forbids everything', () => {
    expect(DEFAULT_PAGE_POLICY).toBe("default-src 'none'; form-action 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'");
  });
});

const CHROMIUM = chromiumPath();
const because = CHROMIUM ? '' : ' (skipped: no Chromium at CHROMIUM_PATH or /usr/bin/chromium)';

describe.skipIf(!CHROMIUM)(`page headers in Chromium: the link and consent pages work under their policy${because}`, () => {
  let server: TestServer;
  let receiver: Server;
  let received: string[];

  beforeAll(async () => {
    server = await startTestServer(engines[0]!);
    received = [];
    receiver = createServer((req, res) => {
      received.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title><p>back in the app</p>');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('when the link page and the consent page are opened and the user approves, then nothing is blocked and the browser lands on the redirect URL', async () => {
    const redirect = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/linked`;
    const token = await newLinkToken(server, redirect);
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: LAUNCH_ARGS });
    try {
      const context = await browser.newContext();
      await recordCspViolations(context);
      const page = await context.newPage();
      await page.goto(`${server.teamUrl}/link?token=${token}`);
      // The inline style applies: the page's width is limited by it.
      expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).not.toBe('none');
      await page.click('text=Oura');
      await page.waitForSelector('button[value="approve"]');
      expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
      await Promise.all([page.waitForURL(/\/linked\?/), page.click('button[value="approve"]')]);
      expect(received.filter((url) => url !== '/favicon.ico')).toEqual(['/linked?state=success&provider=oura']);
    } finally {
      await browser.close();
    }
  }, 90_000);
});

async function newLinkToken(server: TestServer, redirectUrl?: string): Promise<string> {
  const headers = { 'x-vital-api-key': server.apiKey, 'content-type': 'application/json' };
  const user = (await (await fetch(`${server.teamUrl}/v2/user`, { method: 'POST', headers, body: JSON.stringify({ client_user_id: `pages-${Math.random().toString(36).slice(2)}` }) })).json()) as { user_id: string };
  const body = { user_id: user.user_id, ...(redirectUrl && { redirect_url: redirectUrl }) };
  const token = (await (await fetch(`${server.teamUrl}/v2/link/token`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { link_token: string };
  return token.link_token;
}
