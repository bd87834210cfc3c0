import { isUtf8 } from 'node:buffer';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from '../logger.js';
import type { OpenApiDocument } from '../shared/documents.js';
import { pathRoutes } from '../shared/routes.js';
import { undecodableBodyItem } from '../shared/text-input.js';
import { ValidationFailure } from './api-error.js';

/** Where a request goes, decided once per request from its method and path. */
export interface RouteVerdict {
  /** Whether the method and path are an operation's. */
  readonly reaches: boolean;
  /** The `Allow` header of the request's path when it is an operation's path, else null. */
  readonly allow: string | null;
  /** Whether the path has a GET operation (a HEAD is then served as that GET). */
  readonly answersGet: boolean;
}

/**
 * Which requests reach an operation of the document: the method and the path of one (the
 * most specific path template, see pathRoutes). A request on an operation's path with
 * another method is a 405, with the path's methods in `Allow`.
 */
export function operationRoutes(document: OpenApiDocument): (req: Request, method?: string) => RouteVerdict {
  const paths = pathRoutes(document);
  // Under `app.use(path, ...)`, req.path is relative to the mount path.
  return (req, method = req.method) => {
    const route = paths.match(`${req.baseUrl}${req.path}`);
    return { reaches: route?.operations.has(method) ?? false, allow: route?.allow ?? null, answersGet: route?.operations.has('GET') ?? false };
  };
}

/** The `request` line of a request, logged when its response is sent: by operation (never the URL), status and time. */
export function logRequest(logger: Logger, req: Request, res: Response): void {
  const started = performance.now();
  // Read now: a HEAD request is served as a GET (see createApiApp).
  const method = req.method;
  res.once('finish', () => {
    const route = (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId ?? 'unmatched';
    logger.info({ method, operation: route, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
  });
}

/** Runs `middlewares` one after the other as Express would (an error, thrown or passed, or a rejected promise, skips the rest), then `done`. */
export function runInOrder(middlewares: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void {
  let index = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined || index === middlewares.length) return done(error);
    const middleware = middlewares[index++]!;
    try {
      const result: unknown = middleware(req, res, step);
      if (result instanceof Promise) result.catch((rejected: unknown) => done(rejected ?? new Error('Rejected promise')));
    } catch (thrown) {
      done(thrown);
    }
  };
  step();
}

/**
 * The body parser decodes a body with replacement: bytes that are not text in the body's
 * charset (UTF-8 unless it says otherwise) would become U+FFFD and be stored as such. They
 * are refused instead, before any decoding: bad input is never altered silently.
 */
function rejectUndecodableBytes(_req: unknown, _res: unknown, bytes: Buffer, charset: string): void {
  let valid = true;
  if (charset === 'utf-8' || charset === 'utf8') valid = isUtf8(bytes);
  else {
    try {
      new TextDecoder(charset, { fatal: true }).decode(bytes);
    } catch (error) {
      // A charset TextDecoder does not know (utf-32) is left to the parser's own decoder.
      valid = (error as { code?: string }).code !== 'ERR_ENCODING_INVALID_ENCODED_DATA';
    }
  }
  if (!valid) throw new ValidationFailure([undecodableBodyItem(charset)]);
}

/**
 * JSON bodies up to `limit`. A request without a body (no Content-Length, no
 * Transfer-Encoding: most GETs) is passed on at once, as body-parser would after its own
 * checks; `req.body` stays undefined either way.
 */
export function parseJsonBodies(limit: string): RequestHandler {
  const parse = express.json({ limit, verify: rejectUndecodableBytes });
  return (req, res, next) => (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? next() : parse(req, res, next));
}
