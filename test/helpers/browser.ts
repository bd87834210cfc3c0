/**
 * What every browser suite (the docs, the dashboard) shares: how Chromium is launched here
 * (headless, and none of its own connections to Google's hosts, which this machine refuses),
 * which URLs stay on the machine, and a record of the pages' Content-Security-Policy violations.
 */
import type { BrowserContext } from 'playwright-core';

export const LAUNCH_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Loopback or in-page (data:, blob:) URLs only: anything else would leave the machine. */
export function staysOnMachine(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return (protocol === 'http:' || protocol === 'https:' || protocol === 'ws:') && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

/**
 * Records every page's CSP violations in `window.__cspViolations`: the policy blocks any other
 * origin, so an attempt may fail before it is a request, and a test must see that too.
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = window as unknown as { __cspViolations: string[] };
    record.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => record.__cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
}
