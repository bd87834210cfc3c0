/**
 * The plain-Express baseline of the server benchmark (scripts/bench/server.ts):
 * a bare Express 5 app that answers fixed routes with fixed bytes, with no
 * OpenAPI validation, no authentication and no storage. It is configured like
 * the real server's apps (no ETag, no X-Powered-By, JSON bodies parsed).
 *
 * PLAIN_EXPRESS_SERVER says how its HTTP server is made: `listen` (the default)
 * by `app.listen`, as Express apps are commonly run, where Express changes each
 * request's and response's prototype; `app-server` by createAppServer, as
 * server/main.ts makes the server's (server/http/app-server.ts), so the
 * difference measured is what the server does on top of Express alone.
 *
 *   node dist/scripts/bench/plain-express.js <routes.json>     (PORT env, default 0; prints "listening <port>")
 *
 * routes.json: [{ method, path (an Express route pattern), status, contentType, body (base64) }].
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAppServer } from '../../server/http/app-server.js';

export interface PlainRoute {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  contentType: string;
  /** Base64 of the exact response bytes. */
  body: string;
}

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: plain-express <routes.json>\n');
  process.exit(2);
}
const routes = JSON.parse(readFileSync(file, 'utf8')) as PlainRoute[];

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json({ limit: '1mb' }));
for (const route of routes) {
  const bytes = Buffer.from(route.body, 'base64');
  const handler: express.RequestHandler = (_req, res) => {
    res.status(route.status).set('Content-Type', route.contentType).send(bytes);
  };
  if (route.method === 'GET') app.get(route.path, handler);
  else app.post(route.path, handler);
}

const made = process.env.PLAIN_EXPRESS_SERVER ?? 'listen';
if (made !== 'listen' && made !== 'app-server') {
  process.stderr.write(`PLAIN_EXPRESS_SERVER must be listen or app-server, got ${made}\n`);
  process.exit(2);
}
const server = (made === 'app-server' ? createAppServer(app) : http.createServer(app)).listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
const shutdown = () => server.close(() => process.exit(0));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
