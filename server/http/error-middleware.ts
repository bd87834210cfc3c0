import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { missingParentOf, type MissingParent } from '../storage/errors.js';
import { ApiError, ValidationFailure } from './api-error.js';
import {
  detailBody,
  invalidJsonBody,
  pointerToPath,
  toValidationErrorItem,
  validationErrorBody,
  withoutNullableNoise,
  type PatternMessages,
  type RequestPart,
  type ValidationErrorItem,
  type Violation,
} from '../shared/error-shape.js';

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

const PART_NAMES: Record<string, RequestPart> = { params: 'path', query: 'query', headers: 'header', body: 'body' };

/**
 * An express-openapi-validator error (`/body/insured/dob`, `/params/user_id`) as a violation.
 * An error about the URL itself (malformed percent-encoding) carries the request path
 * instead: it is a violation of the path as a whole, and its segments are not echoed.
 */
function toViolation(error: ValidatorErrorItem): Violation {
  const [part = 'body', ...path] = pointerToPath(error.path ?? '');
  const known = PART_NAMES[String(part)];
  if (!known && /^malformed uri/i.test(error.message ?? '')) {
    return { part: 'path', path: [], keyword: 'value_error', message: 'Malformed URL path: invalid percent-encoding' };
  }
  return {
    part: known ?? 'body',
    path,
    keyword: (error.errorCode ?? '').split('.')[0] ?? '',
    message: error.message ?? 'Invalid value',
  };
}

/**
 * Turns express-openapi-validator's errors into our 422 items, without the noise of nullable `anyOf`
 * branches; a broken pattern with a rule in words (`x-pattern-message`) says the rule.
 */
export function validatorItems(errors: readonly ValidatorErrorItem[], messages?: PatternMessages): ValidationErrorItem[] {
  const items = withoutNullableNoise(errors.map(toViolation)).map((violation) => toValidationErrorItem(violation, messages));
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = JSON.stringify(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export interface ErrorMiddlewareOptions {
  logger: Logger;
  /** The `detail` of a 401 when the credential header is missing (it may depend on the operation's credentials). */
  missingCredentialDetail: string | ((req: Parameters<ErrorRequestHandler>[1]) => string);
  /** The `detail` of a 401 when the credential is unknown or revoked. */
  invalidCredentialDetail: string;
  /**
   * The answer to a write whose parent row (its user, its order) another request deleted while
   * it ran, which the database refused (storage/errors.ts): the API's 404 for that resource, or
   * null when the parent is not one a client deletes (then it stays an unexpected error).
   */
  missingParent?: (parent: MissingParent) => ApiError | null;
  /** The document's rules in words for its patterns (error-shape.ts `patternMessages`). */
  patternMessages?: PatternMessages;
}

const MiB = 1024 * 1024;

/**
 * What an unexpected error may put in the logs: its kind, database codes and
 * stack frames, never its message or `detail`, which can quote request values
 * (`invalid input syntax for type uuid: "jane@example.com"`, `Key (...)=(...)`).
 */
function loggable(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, constraint, table, column, routine } = error as Error & Record<string, unknown>;
  return { type: error.name, code, constraint, table, column, routine, stack: error.stack?.split('\n').slice(1).join('\n') };
}

/** The operation of a request (never its URL, which may hold a client user id). */
const operationOf = (req: Parameters<ErrorRequestHandler>[1]) =>
  (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId ?? 'unmatched';

/** The one place that renders errors: FastAPI's shape, never internals. */
export function errorMiddleware(options: ErrorMiddlewareOptions): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // Sent as text so that response validation (which patches res.json) never
    // turns an error into another error.
    const send = (status: number, body: unknown) => res.status(status).type('application/json').send(JSON.stringify(body));

    if (error instanceof ValidationFailure) return send(422, validationErrorBody([...error.items]));
    if (error instanceof ApiError) {
      if (error.status >= 500) options.logger.error({ err: loggable(error), method: req.method, operation: operationOf(req) }, 'request failed');
      return send(error.status, detailBody(error.detail));
    }
    const parent = missingParentOf(error);
    const gone = parent && options.missingParent?.(parent);
    if (gone) return send(gone.status, detailBody(gone.detail));

    const http = (error ?? {}) as HttpLikeError;
    const status = http.status ?? http.statusCode;

    switch (http.type) {
      case 'entity.parse.failed':
        return send(422, invalidJsonBody(http.message ?? 'malformed JSON'));
      case 'entity.too.large': {
        const limit = http.limit && http.limit >= MiB ? `${Math.round(http.limit / MiB)} MiB` : `${http.limit ?? 0} bytes`;
        return send(413, detailBody(`Request body too large; the limit is ${limit}.`));
      }
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return send(422, validationErrorBody([{ loc: ['body'], msg: http.message ?? 'Unsupported body encoding', type: 'json_invalid' }]));
    }

    if (status === 400 && Array.isArray(http.errors)) {
      return send(422, validationErrorBody(validatorItems(http.errors, options.patternMessages)));
    }
    // The router could not decode a path parameter (malformed percent-encoding).
    if (error instanceof URIError) {
      return send(422, validationErrorBody([{ loc: ['path'], msg: 'Malformed URL path: invalid percent-encoding', type: 'value_error' }]));
    }
    // The body parser could not read the body (a corrupt gzip, deflate or br stream, a truncated body).
    if (status === 400) {
      return send(422, validationErrorBody([{ loc: ['body'], msg: `Could not read the body: ${http.message ?? 'malformed body'}`, type: 'json_invalid' }]));
    }
    if (status === 415) {
      const takes = Object.keys((req as { openapi?: { schema?: { requestBody?: { content?: object } } } }).openapi?.schema?.requestBody?.content ?? {});
      const expected = takes.includes('multipart/form-data') ? 'a multipart/form-data body (Content-Type: multipart/form-data)' : 'a JSON body (Content-Type: application/json)';
      return send(422, validationErrorBody([{ loc: ['body'], msg: `Expected ${expected}`, type: 'json_invalid' }]));
    }
    if (status === 401) {
      const missing = /required|missing/i.test(http.message ?? '');
      const missingDetail = typeof options.missingCredentialDetail === 'string' ? options.missingCredentialDetail : options.missingCredentialDetail(req);
      return send(401, detailBody(missing ? missingDetail : (http.message && !/unauthori[sz]ed/i.test(http.message) ? http.message : options.invalidCredentialDetail)));
    }
    if (status === 403) return send(403, detailBody(http.message ?? 'Forbidden.'));
    if (status === 404) return send(404, detailBody('Not Found'));
    if (status === 405) return send(405, detailBody('Method Not Allowed'));
    if (status !== undefined && status >= 400 && status < 500 && (error as { expose?: boolean }).expose) {
      return send(status, detailBody(http.message ?? 'Bad request.'));
    }

    options.logger.error({ err: loggable(error), method: req.method, operation: operationOf(req) }, 'unexpected error');
    return send(500, detailBody('Internal server error.'));
  };
}
