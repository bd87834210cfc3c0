import type { RequestHandler } from 'express';
import { collectConcurrently, exposedGc, type GcFunction } from '../shared/gc.js';

/** Bodies above this size get a collection after their response (the usual limit is 1 MiB). */
export const LARGE_BODY_BYTES = 1024 * 1024;

/**
 * After the response to a request with a large body (a bulk trigger of 100,000 user ids is
 * about 4 MB of JSON), asks V8 for a full collection, run concurrently (`execution: 'async'`).
 * Such a request leaves tens of MB of garbage in the old generation (the parsed ids, the
 * validator's uniqueness index, the statement parameter), which V8 would otherwise keep until
 * the old generation reaches a limit it sets far above what the server lives on: each further
 * large request then adds its garbage to the last one's. Ordinary requests are untouched.
 *
 * Needs the collector `--expose-gc` exposes (server/shared/gc.ts); without it this does nothing.
 */
export function collectAfterLargeBodies(gc: GcFunction | undefined = exposedGc()): RequestHandler {
  return (req, res, next) => {
    if (gc && Number(req.headers['content-length'] ?? 0) > LARGE_BODY_BYTES) {
      res.once('finish', () => setImmediate(() => collectConcurrently(gc)));
    }
    next();
  };
}
