/**
 * The docs landing page names the real URLs: the build writes npm start's
 * defaults, and the server replaces every one with where it and the mocks run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_URLS, renderLandingPage } from '../../scripts/docs/render.js';
import { GENERATED_DIR } from '../../scripts/lib/apis.js';
import { localizeLandingPage } from '../../server/http/docs-urls.js';
import { localBaseUrl } from '../../server/shared/local-url.js';

const bundle = (api: string) => readFileSync(path.join(GENERATED_DIR, api, 'openapi.json'), 'utf8');
const page = renderLandingPage({ team: bundle('team'), management: bundle('management') });
const DEFAULT_PORTS = /:(8000|8001|4010|4011)\b/;

describe('landing page URLs', () => {
  it('when the build renders the page, then it names npm start defaults, each in a marker the server replaces', () => {
    expect(readFileSync(path.join(GENERATED_DIR, 'docs/index.html'), 'utf8')).toBe(page);
    for (const url of Object.values(DEFAULT_LOCAL_URLS)) expect(page).toContain(url);
    expect(page.match(/data-local-url="/g)?.length).toBe(page.match(/http:\/\/127\.0\.0\.1:\d+/g)?.length);
  });

  it('when the servers and mocks run on other ports, then the page names those and no default port', () => {
    const served = localizeLandingPage(page, {
      team: 'http://127.0.0.1:18000',
      management: 'http://127.0.0.1:18001',
      'team-mock': 'http://127.0.0.1:14010',
      'management-mock': 'http://127.0.0.1:14011',
    });
    expect(served).not.toMatch(DEFAULT_PORTS);
    expect(served).toContain('curl -s <span data-local-url="team">http://127.0.0.1:18000</span>/v2/');
    for (const port of [18000, 18001, 14010, 14011]) expect(served).toContain(`http://127.0.0.1:${port}`);
  });

  it('when no mocks run beside the server, then the page says how to start them instead of a URL', () => {
    const served = localizeLandingPage(page, { team: 'http://127.0.0.1:9000', management: 'http://127.0.0.1:9001', 'team-mock': null, 'management-mock': null });
    expect(served).not.toMatch(DEFAULT_PORTS);
    expect(served).toContain('<span data-local-url="team-mock">not started (npm run mock)</span>');
  });

  it('when the server listens on every interface, then the page shows the loopback address a local browser uses', () => {
    expect(localBaseUrl('0.0.0.0', 8100)).toBe('http://127.0.0.1:8100');
    expect(localBaseUrl('::1', 8100)).toBe('http://[::1]:8100');
  });
});
