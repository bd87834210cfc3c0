import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { ApiError, ValidationFailure } from './api-error.js';
import { detailBody, validationErrorBody, violationType, type ValidationErrorItem } from './error-shape.js';

interface ValidatorErrorItem {
  path?: string;
  message?: string;
  errorCode?: string;
}

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  errors?: ValidatorErrorItem[];
  limit?: number;
}

const PART_NAMES: Record<string, string> = { params: 'path', query: 'query', headers: 'header', body: 'body', cookies: 'cookie' };

/** `/body/insured/dob` -> `["body", "insured", "dob"]`; `/params/user_id` -> `["path", "user_id"]`. */
export function toLoc(path: string | undefined): (string | number)[] {
  const segments = (path ?? '').split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments.length === 0) return ['body'];
  const [part, ...rest] = segments;
  return [PART_NAMES[part!] ?? part!, ...rest.map((s) => (/^\d+$/.test(s) ? Number(s) : s))];
}

const FIELD_REQUIRED = 'Field required';

/** Turns express-openapi-validator's errors into our 422 items, dropping the noise of nullable `anyOf` branches. */
export function validatorItems(errors: readonly ValidatorErrorItem[]): ValidationErrorItem[] {
  const items = errors.map((error) => {
    const keyword = (error.errorCode ?? '').split('.')[0] ?? '';
    const type = violationType(keyword);
    return { loc: toLoc(error.path), msg: type === 'missing' ? FIELD_REQUIRED : (error.message ?? 'Invalid value'), type };
  });
  const key = (loc: (string | number)[]) => loc.join('\u0000');
  // A nullable `anyOf` reports its `null` branch and the `anyOf` itself next to
  // the real violation: keep the real one, and the `anyOf` only when it is alone.
  const precise = items.filter((item) => item.msg !== 'must be null' && item.msg !== 'must match a schema in anyOf');
  const kept = items.filter((item) => {
    if (item.msg === 'must be null') return false;
    if (item.msg === 'must match a schema in anyOf') return !precise.some((p) => key(p.loc).startsWith(key(item.loc)));
    return true;
  });
  const seen = new Set<string>();
  return kept.filter((item) => {
    const id = `${key(item.loc)}|${item.type}|${item.msg}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export interface ErrorMiddlewareOptions {
  logger: Logger;
  /** The `detail` of a 401 when the credential header is missing. */
  missingCredentialDetail: string;
  /** The `detail` of a 401 when the credential is unknown or revoked. */
  invalidCredentialDetail: string;
}

const MiB = 1024 * 1024;

/** The one place that renders errors: FastAPI's shape, never internals. */
export function errorMiddleware(options: ErrorMiddlewareOptions): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // Sent as text so that response validation (which patches res.json) never
    // turns an error into another error.
    const send = (status: number, body: unknown) => res.status(status).type('application/json').send(JSON.stringify(body));

    if (error instanceof ValidationFailure) return send(422, validationErrorBody([...error.items]));
    if (error instanceof ApiError) {
      if (error.status >= 500) options.logger.error({ err: error, route: req.path }, 'request failed');
      return send(error.status, detailBody(error.detail));
    }

    const http = (error ?? {}) as HttpLikeError;
    const status = http.status ?? http.statusCode;

    switch (http.type) {
      case 'entity.parse.failed':
        return send(422, validationErrorBody([{ loc: ['body'], msg: `JSON decode error: ${http.message ?? 'malformed JSON'}`, type: 'json_invalid' }]));
      case 'entity.too.large': {
        const limit = http.limit && http.limit >= MiB ? `${Math.round(http.limit / MiB)} MiB` : `${http.limit ?? 0} bytes`;
        return send(413, detailBody(`Request body too large; the limit is ${limit}.`));
      }
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return send(422, validationErrorBody([{ loc: ['body'], msg: http.message ?? 'Unsupported body encoding', type: 'json_invalid' }]));
    }

    if (status === 400 && Array.isArray(http.errors)) {
      return send(422, validationErrorBody(validatorItems(http.errors)));
    }
    if (status === 415) {
      return send(422, validationErrorBody([{ loc: ['body'], msg: 'Expected a JSON body (Content-Type: application/json)', type: 'json_invalid' }]));
    }
    if (status === 401) {
      const missing = /required|missing/i.test(http.message ?? '');
      return send(401, detailBody(missing ? options.missingCredentialDetail : (http.message && !/unauthori[sz]ed/i.test(http.message) ? http.message : options.invalidCredentialDetail)));
    }
    if (status === 403) return send(403, detailBody(http.message ?? 'Forbidden.'));
    if (status === 404) return send(404, detailBody('Not Found'));
    if (status === 405) return send(405, detailBody('Method Not Allowed'));

    options.logger.error({ err: error, route: req.path }, 'unexpected error');
    return send(500, detailBody('Internal server error.'));
  };
}
