import type { RequestHandler } from 'express';
import { unstorableTextItems } from '../shared/text-input.js';
import { ValidationFailure } from './api-error.js';

/** The server's side of the storable-text check (server/shared/text-input.ts): a 422 before any handler runs. */
export function rejectUnstorableText(): RequestHandler {
  return (req, _res, next) => {
    const items = unstorableTextItems({ url: req.originalUrl, path: req.path, query: req.query, body: req.body });
    next(items.length > 0 ? new ValidationFailure(items) : undefined);
  };
}
