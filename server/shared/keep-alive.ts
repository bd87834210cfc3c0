import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open on our side: longer than the clients we know
 * keep one (undici's `fetch` and the official SDK drop theirs a moment before the timeout our
 * `Keep-Alive` header announces; load balancers commonly after 60 s).
 *
 * With Node's default (5 s), a client that reuses a connection near that age races the server's
 * close: the request is written, then the server's timer fires before it reads the request, and
 * the client gets `ECONNRESET` for a request that was never answered. The race widens whenever the
 * event loop stalls (building an 8 MiB body, a long WebAssembly query), because timers run before
 * the pending reads. A minute's margin leaves no realistic stall that closes it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies KEEP_ALIVE_TIMEOUT_MS to `server` (the headers' timeout must outlast it); returns it. */
export function holdIdleConnections<T extends Server>(server: T): T {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
