import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { dashboardCsp, dashboardManagementUrl } from '../../server/http/dashboard.js';
import { listeningUrl } from '../../server/shared/local-url.js';

describe('PUBLIC_MANAGEMENT_URL (where the dashboard calls the management API)', () => {
  it('when unset, then the management port on this host (127.0.0.1 for a server on every interface)', () => {
    expect(dashboardManagementUrl(loadConfig({ MANAGEMENT_PORT: '9001' }))).toBe('http://127.0.0.1:9001');
    expect(dashboardManagementUrl(loadConfig({ HOST: '0.0.0.0', MANAGEMENT_PORT: '9001' }))).toBe('http://127.0.0.1:9001');
  });

  it('when set (a server in a container, reached at another address), then the dashboard and its CSP use it', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PUBLIC_MANAGEMENT_URL: 'https://sandbox.example.com:8443/' });
    expect(config.publicManagementUrl).toBe('https://sandbox.example.com:8443');
    expect(dashboardManagementUrl(config)).toBe('https://sandbox.example.com:8443');
    expect(dashboardCsp(dashboardManagementUrl(config))).toContain("connect-src 'self' https://sandbox.example.com:8443;");
  });

  it('when it is not an http or https URL, then the start fails naming it', () => {
    for (const value of ['sandbox.example.com', 'ftp://sandbox.example.com', 'http://']) {
      expect(() => loadConfig({ PUBLIC_MANAGEMENT_URL: value })).toThrow(`PUBLIC_MANAGEMENT_URL must be an http or https URL, got "${value}"`);
    }
  });
});

describe('PUBLIC_TEAM_URL (the links the server hands out: link tokens, OAuth consent pages, requisition URLs)', () => {
  it('when unset, then the team port on this host: 127.0.0.1 for a server on every interface, an IPv6 address in brackets', () => {
    expect(loadConfig({ PORT: '9000' }).publicTeamUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicTeamUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ HOST: '::', PORT: '9000' }).publicTeamUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ HOST: '::1', PORT: '9000' }).publicTeamUrl).toBe('http://[::1]:9000');
    for (const host of ['0.0.0.0', '::1', 'localhost']) expect(() => new URL(loadConfig({ HOST: host }).publicTeamUrl)).not.toThrow();
  });

  it('when set, then it is used as given', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_TEAM_URL: 'https://sandbox.example.com' }).publicTeamUrl).toBe('https://sandbox.example.com');
  });

  it('when the banner names where a server listens, then an IPv6 address is in brackets and every interface stays as it is', () => {
    expect(listeningUrl('::1', 8000)).toBe('http://[::1]:8000');
    expect(listeningUrl('0.0.0.0', 8000)).toBe('http://0.0.0.0:8000');
  });
});
