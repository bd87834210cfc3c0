/**
 * The sandbox dashboard (server/dashboard/, built into generated/dashboard/) on the
 * team server at /dashboard/, and the CORS answers the management API gives it.
 * The dashboard is static: it calls the public team API (same origin) and the
 * public management API (another origin, hence CORS), never a private route.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { RequestHandler, Response, Router } from 'express';
import type { Config } from '../config.js';
import { generatedPath } from '../shared/documents.js';
import { MANAGEMENT_KEY_HEADER } from '../shared/wire.js';
import { findFirstOrgId } from '../storage/repositories/orgs.js';
import { localBaseUrl } from '../shared/local-url.js';
import type { Deps } from './handlers/context.js';
import { contentSecurityPolicy } from './page-headers.js';

/** Where the dashboard finds the management API: PUBLIC_MANAGEMENT_URL, else as the docs landing page names it. */
export const dashboardManagementUrl = (config: Config) => config.publicManagementUrl ?? localBaseUrl(config.host, config.managementPort);

/** The origins the dashboard is served from (the team server's), which the management API answers CORS for. */
export function dashboardOrigins(config: Config): Set<string> {
  const origins = new Set<string>();
  const add = (url: string) => {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // An unparsable PUBLIC_TEAM_URL adds nothing.
    }
  };
  add(config.publicTeamUrl);
  add(localBaseUrl(config.host, config.teamPort));
  // A browser on this machine may as well use localhost for a loopback server.
  if (['127.0.0.1', '0.0.0.0', '::', '', 'localhost'].includes(config.host)) add(`http://localhost:${config.teamPort}`);
  return origins;
}

export function dashboardCsp(managementUrl: string): string {
  return contentSecurityPolicy([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${new URL(managementUrl).origin}`,
    "frame-src 'self' blob:",
    'object-src blob:',
    "form-action 'none'",
  ]);
}

const CONTENT_TYPES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

interface Cached {
  mtimeMs: number;
  body: Buffer;
  etag: string;
}

const etagOf = (body: Buffer | string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function send(req: { headers: Record<string, string | string[] | undefined> }, res: Response, config: Config, type: string, body: Buffer | string, etag: string) {
  res.set({
    'Content-Type': type,
    'Content-Security-Policy': dashboardCsp(dashboardManagementUrl(config)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
    ETag: etag,
  });
  if (req.headers['if-none-match'] === etag) res.status(304).end();
  else res.send(body);
}

/** The empty config tag of index.html, which the server fills in (saves the page a request before its first API call). */
export const CONFIG_TAG = '<meta name="dashboard-config" content="">';

const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** GET /dashboard/ (the shell, with config.json's content in its config tag), /dashboard/app.js, /dashboard/app.css and /dashboard/config.json. */
export function mountDashboard(app: Router, deps: Deps): void {
  const cache = new Map<string, Cached>();
  // The built files, re-read when the build rewrites them (npm run dev keeps the server running).
  const read = async (name: string): Promise<Cached> => {
    const location = generatedPath(`dashboard/${name}`);
    const { mtimeMs } = await stat(location);
    let entry = cache.get(name);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const body = await readFile(location);
      entry = { mtimeMs, body, etag: etagOf(body) };
      cache.set(name, entry);
    }
    return entry;
  };
  const file =
    (name: string): RequestHandler =>
    async (req, res, next) => {
      try {
        const entry = await read(name);
        send(req, res, deps.config, CONTENT_TYPES[name]!, entry.body, entry.etag);
      } catch (error) {
        next(error);
      }
    };
  let orgId: Promise<string | null> | undefined;
  const configBody = async () => {
    orgId ??= findFirstOrgId(deps.db).catch((error: unknown) => {
      orgId = undefined;
      throw error;
    });
    return JSON.stringify({ managementUrl: dashboardManagementUrl(deps.config), orgId: await orgId });
  };
  const shell: RequestHandler = async (req, res, next) => {
    try {
      const [entry, config] = await Promise.all([read('index.html'), configBody()]);
      const body = entry.body.toString('utf8').replace(CONFIG_TAG, `<meta name="dashboard-config" content="${escapeAttribute(config)}">`);
      send(req, res, deps.config, CONTENT_TYPES['index.html']!, body, etagOf(body));
    } catch (error) {
      next(error);
    }
  };
  const config: RequestHandler = async (req, res, next) => {
    try {
      const body = await configBody();
      send(req, res, deps.config, 'application/json; charset=utf-8', body, etagOf(body));
    } catch (error) {
      next(error);
    }
  };
  // The shell loads app.js and app.css relative to itself, so it is served at /dashboard/ (with the slash).
  app.get('/dashboard', (req, res, next) => (req.originalUrl.split('?')[0]!.endsWith('/') ? shell(req, res, next) : res.redirect(301, '/dashboard/')));
  app.get('/dashboard/index.html', shell);
  app.get('/dashboard/app.js', file('app.js'));
  app.get('/dashboard/app.css', file('app.css'));
  app.get('/dashboard/config.json', config);
}

const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE';
const ALLOWED_HEADERS = `${MANAGEMENT_KEY_HEADER}, Content-Type`;

/**
 * CORS of the management API for the dashboard: only the team server's own origins
 * get the Access-Control-* headers; any other origin gets none (its browser then
 * refuses the answer). Returns true when it answered the request (a preflight).
 */
export function managementCors(config: Config): (req: { method: string; headers: Record<string, string | string[] | undefined> }, res: Response) => boolean {
  return (req, res) => {
    const origin = req.headers.origin;
    res.vary('Origin');
    const allowed = typeof origin === 'string' && dashboardOrigins(config).has(origin);
    const preflight = req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
    if (allowed) {
      res.set('Access-Control-Allow-Origin', origin);
      if (preflight) {
        res.set({ 'Access-Control-Allow-Methods': ALLOWED_METHODS, 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': '600' });
      }
    }
    if (!preflight) return false;
    // A preflight from another origin is answered too, without the headers: the browser blocks the call.
    res.status(204).end();
    return true;
  };
}
