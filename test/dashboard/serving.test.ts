/**
 * How the team server serves the dashboard (headers, CSP, config.json) and how
 * the management API answers CORS for it: over HTTP, no browser needed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCsp } from '../../server/http/dashboard.js';
import { MANAGEMENT_KEY_HEADER } from '../../server/shared/wire.js';
import { startDashboardServer } from './harness.js';
import { SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import type { TestServer } from '../helpers/test-server.js';

describe('the dashboard on the team server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startDashboardServer();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, SETUP_TIMEOUT_MS);

  it('when /dashboard is asked without the slash, then it redirects to /dashboard/', async () => {
    const response = await fetch(`${server.teamUrl}/dashboard`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/dashboard/');
  });

  it('when the shell, the script and the styles are asked, then each comes with the strict CSP, nosniff, no-referrer, no-cache and an ETag', async () => {
    for (const [file, type, marker] of [
      ['', /^text\/html/, '<script type="module" src="app.js">'],
      ['app.js', /^text\/javascript/, 'dashboard.session'],
      ['app.css', /^text\/css/, '.uplot'],
    ] as const) {
      const response = await fetch(`${server.teamUrl}/dashboard/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type')).toMatch(type);
      expect(response.headers.get('content-security-policy')).toBe(dashboardCsp(server.managementUrl));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const etag = response.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(await response.text()).toContain(marker);
      const again = await fetch(`${server.teamUrl}/dashboard/${file}`, { headers: { 'if-none-match': etag! } });
      expect(again.status, `${file} revalidated`).toBe(304);
    }
  });

  it('when the CSP is read, then it allows only this server and the management API, and no inline script or style', () => {
    const csp = dashboardCsp(server.managementUrl);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain(`connect-src 'self' ${server.managementUrl};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
  });

  it('when the shell is served, then its config tag holds what config.json answers (no request before the first API call)', async () => {
    const html = await (await fetch(`${server.teamUrl}/dashboard/`)).text();
    const content = /<meta name="dashboard-config" content="([^"]*)">/.exec(html)?.[1];
    expect(JSON.parse(content!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual({ managementUrl: server.managementUrl, orgId: server.orgId });
  });

  it('when config.json is asked, then it names the management API and the sandbox org, no key', async () => {
    const response = await fetch(`${server.teamUrl}/dashboard/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(dashboardCsp(server.managementUrl));
    expect(await response.json()).toEqual({ managementUrl: server.managementUrl, orgId: server.orgId });
  });

  it('when the management API gets a preflight from the dashboard origin, then it allows that origin, the key header and the methods', async () => {
    const response = await fetch(`${server.managementUrl}/v1/org/${server.orgId}/team`, {
      method: 'OPTIONS',
      headers: { origin: server.teamUrl, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-management-key, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.teamUrl);
    expect(response.headers.get('access-control-allow-headers')).toBe(`${MANAGEMENT_KEY_HEADER}, Content-Type`);
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it('when the management API answers the dashboard origin, then the answer carries its Access-Control-Allow-Origin, errors included', async () => {
    const listed = await fetch(`${server.managementUrl}/v1/org/${server.orgId}/team`, { headers: { origin: server.teamUrl, [MANAGEMENT_KEY_HEADER]: server.managementKey } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(server.teamUrl);
    const refused = await fetch(`${server.managementUrl}/v1/org/${server.orgId}/team`, { headers: { origin: server.teamUrl, [MANAGEMENT_KEY_HEADER]: 'mg_wrong' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(server.teamUrl);
  });

  it('when another origin asks the management API, then no CORS header allows it', async () => {
    const preflight = await fetch(`${server.managementUrl}/v1/org/${server.orgId}/team`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const listed = await fetch(`${server.managementUrl}/v1/org/${server.orgId}/team`, { headers: { origin: 'http://evil.example', [MANAGEMENT_KEY_HEADER]: server.managementKey } });
    expect(listed.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when the team API is asked with another Origin, then it adds no CORS header (the dashboard calls it from its own origin)', async () => {
    const response = await fetch(`${server.teamUrl}/v2/providers`, { headers: { origin: 'http://evil.example', 'x-vital-api-key': server.apiKey } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
