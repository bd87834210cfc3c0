import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/**
 * The headers of every page a server serves outside the contract (the docs, the dashboard,
 * the link and consent pages, and any page added later): createApiApp puts pageHeaders()
 * in front of all such routes, so a new page is covered without a word. By default a page
 * may load nothing, run nothing, post nowhere and be framed by no one; a page that needs more
 * states its own policy with contentSecurityPolicy(), which keeps the directives no page may
 * loosen (framing, `<base>`, plugins).
 */

/** Directives every page's policy ends with: no page may be framed (clickjacking), rebase its URLs or load plugins. */
const FIXED_DIRECTIVES = ["base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"] as const;

/** The policy of a page that states none: nothing at all but the page itself. */
export const DEFAULT_PAGE_POLICY = ["default-src 'none'", "form-action 'none'", ...FIXED_DIRECTIVES].join('; ');

/**
 * A page's Content-Security-Policy: its own directives (`default-src`, `script-src`...), then
 * the fixed ones; a directive the page names itself among the fixed ones (`object-src blob:`
 * of the dashboard's PDF viewer) keeps the page's value.
 */
export function contentSecurityPolicy(directives: readonly string[]): string {
  const named = new Set(directives.map((directive) => directive.split(' ', 1)[0]));
  return [...directives, ...FIXED_DIRECTIVES.filter((directive) => !named.has(directive.split(' ', 1)[0]))].join('; ');
}

/** `'sha256-...'`: a CSP source that allows exactly this inline `<style>` or `<script>` text. */
export const inlineHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The policy an HTML file states for itself in `<meta http-equiv="Content-Security-Policy">`
 * (the built docs pages), or undefined. A meta policy cannot forbid framing, so the server
 * sends it as a header with the fixed directives.
 */
export function metaPolicyOf(html: string): string | undefined {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return match?.[1]?.replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** Sets a page's own policy (contentSecurityPolicy of its directives), replacing the default. */
export function setPagePolicy(res: Response, directives: readonly string[]): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(directives));
}

/**
 * The headers of every response of the routes outside the contract, set before the route
 * runs: the default policy (a page states its own with setPagePolicy), no MIME sniffing, no
 * Referer (a link page's URL carries its token), and `X-Frame-Options` for browsers that
 * predate `frame-ancestors`.
 */
export function pageHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', DEFAULT_PAGE_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    // A page that wrote its policy by hand still gets the fixed directives it left out, as the
    // headers go out (Node writes them through writeHead, also for res.send and sendFile).
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      const policy = res.getHeader('Content-Security-Policy');
      if (typeof policy === 'string') res.setHeader('Content-Security-Policy', withFixedDirectives(policy));
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** A policy with the fixed directives it does not name, added. */
export function withFixedDirectives(policy: string): string {
  return contentSecurityPolicy(
    policy
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean),
  );
}
