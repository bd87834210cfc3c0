import type { Request, RequestHandler } from 'express';
import type { BoundedCache, CacheRegistry } from '../shared/cache.js';
import { assertDependencyVersion } from '../shared/dependency-version.js';
import { copyParameters } from './query-parser.js';

/**
 * The express-openapi-validator this module and route-matches.ts (its step names and `req.openapi`) and
 * patches/express-openapi-validator+5.6.2.patch were written against.
 */
export const VALIDATOR_CHECKED_VERSION = '5.6.2';

/** Throws when the installed validator is not the one this module was checked against (`found`: for tests). */
export function checkValidatorVersion(found?: string): void {
  assertDependencyVersion('express-openapi-validator', VALIDATOR_CHECKED_VERSION, 'server/http/request-checks.ts, route-matches.ts and patches/', found);
}

/** What the validator made of a request that passed: its typed query (defaults filled in) and path params. */
export interface CheckedRequest {
  readonly query: Readonly<Record<string, unknown>>;
  readonly pathParams: Readonly<Record<string, string>>;
}

/** Longer URLs are checked every time: they are rare, and each would hold memory. */
const MAX_URL_LENGTH = 2048;

export function createRequestCheckCache(registry: CacheRegistry, api: string): BoundedCache<string, CheckedRequest> {
  return registry.create<string, CheckedRequest>({
    name: `${api}-request-checks`,
    key: 'method, route and URL (path and query) of a request without a body to an operation with only path and query parameters',
    maxEntries: 10_000,
    invalidatedBy:
      'nothing can make an entry stale: the verdict depends only on the URL and the document, which is fixed for the life of the app; ' +
      'requests with a body, a Content-Type, cookies, or to an operation with header parameters are always checked',
  });
}

/**
 * The position of the validator's step named `name` in its middleware list (the validator names
 * its steps for stack traces); when none has that name the validator has changed, and the app
 * is not built.
 */
export function validatorStep(steps: readonly RequestHandler[], name: string): number {
  const index = steps.findIndex((step) => step.name === name);
  if (index === -1) {
    throw new Error(
      `express-openapi-validator's middleware has no step named ${name} (found: ${steps.map((step) => step.name || '(anonymous)').join(', ')}): ` +
        'server/http/request-checks.ts and route-matches.ts must be checked against the installed version.',
    );
  }
  return index;
}

type OperationSchema = { parameters?: { in?: string; $ref?: string }[] };
type ValidatedRequest = Request & { openapi?: { expressRoute?: string; schema?: OperationSchema; pathParams?: Record<string, string> } };

/**
 * express-openapi-validator checks every request from scratch: its parameter mutator, its
 * unknown-parameter check and Ajv run again for a URL it has passed a moment ago. A request
 * without a body (most GETs) to an operation whose parameters are all in the path or the query
 * is judged on its URL alone, so a URL that passed once passes again: this wraps the
 * validator's request step (`requestMiddleware`, one of the steps its `middleware()` returns)
 * and gives such a request its own copy of what the validator made of the first one. Anything
 * else, and every URL that failed, runs the validator's step. Authentication is another step
 * and runs on every request.
 *
 * `steps` are the validator's middleware list; the step is found by its name (validatorStep).
 */
export function rememberRequestChecks(steps: readonly RequestHandler[], cache: BoundedCache<string, CheckedRequest>, parameterComponents: Record<string, { in?: string }>): RequestHandler[] {
  checkValidatorVersion();
  const index = validatorStep(steps, 'requestMiddleware');
  const check = steps[index]!;
  // Whether an operation's verdict depends on its URL alone, by its operation object (one per operation of the document).
  const urlOnly = new WeakMap<object, boolean>();
  const judgedOnUrl = (schema: OperationSchema) => {
    let answer = urlOnly.get(schema);
    if (answer === undefined) {
      answer = (schema.parameters ?? []).every((parameter) => {
        const resolved = parameter.$ref?.startsWith('#/components/parameters/') ? parameterComponents[parameter.$ref.slice('#/components/parameters/'.length)] : parameter;
        return resolved?.in === 'path' || resolved?.in === 'query';
      });
      urlOnly.set(schema, answer);
    }
    return answer;
  };

  const remembered: RequestHandler = (req, res, next) => {
    const { openapi } = req as ValidatedRequest;
    const schema = openapi?.schema;
    if (
      !openapi ||
      !schema ||
      req.body !== undefined ||
      req.headers['content-type'] !== undefined ||
      req.headers.cookie !== undefined ||
      req.originalUrl.length > MAX_URL_LENGTH ||
      !judgedOnUrl(schema)
    ) {
      return check(req, res, next);
    }
    const key = `${req.method} ${openapi.expressRoute} ${req.originalUrl}`;
    const known = cache.get(key);
    if (known) {
      Object.defineProperty(req, 'query', { value: copyParameters(known.query), writable: true, configurable: true, enumerable: true });
      openapi.pathParams = copyParameters(known.pathParams);
      req.params = openapi.pathParams;
      return next();
    }
    return check(req, res, (error?: unknown) => {
      // Copied before the request goes on: a handler may change its own query.
      if (error === undefined) cache.set(key, { query: copyParameters((req.query ?? {}) as Record<string, unknown>), pathParams: copyParameters(openapi.pathParams ?? {}) });
      next(error);
    });
  };
  return steps.map((step, position) => (position === index ? remembered : step));
}
