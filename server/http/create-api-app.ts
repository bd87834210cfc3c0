import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from '../logger.js';
import { errorMiddleware, type ErrorMiddlewareOptions } from './error-middleware.js';
import { BoundedMap } from './bounded-map.js';
import { collectAfterLargeBodies } from './large-body-gc.js';
import { whenReady, type MaybePromise } from './maybe-promise.js';
import type { HandlerMap } from './handler-types.js';
import { assertHandlersMatchDocument, listOperations, type OpenApiDocument } from './operations.js';
import { memoisedQueryParser } from './query-parser.js';
import { patchValidator } from './validator-patches.js';
import { observeResponseValidator, passesValidation } from './response-validation.js';
import { prepareForRuntimeValidation } from './runtime-spec.js';
import { rejectUnstorableText } from './text-input.js';

/**
 * Resolves the credential of a request into the handlers' context, or throws an ApiError
 * (401/403): at once when it can (a cached key), else through a promise.
 */
export type Authenticator<Ctx> = (req: Request) => MaybePromise<Ctx>;

export interface ApiAppOptions<Operations, Ctx> {
  name: string;
  document: OpenApiDocument;
  handlers: HandlerMap<Operations, Ctx>;
  /** One authenticator per security scheme of the document. */
  authenticators: Record<string, Authenticator<Ctx>>;
  validateResponses: boolean;
  logger: Logger;
  errors: Omit<ErrorMiddlewareOptions, 'logger'>;
  /** Larger body limits for some paths (the default is 1 MiB). */
  bodyLimits?: Record<string, string>;
  /**
   * Routes outside the contract (docs, consent pages), before the validator. They are
   * skipped for requests that reach an operation: their paths are not the documents'.
   */
  extraRoutes?: (router: Router) => void;
  /** Middleware that runs after body parsing and before the validator. */
  beforeValidation?: RequestHandler[];
}

/**
 * How the server reads query strings, beyond what the documents say:
 * - a reserved character sent unencoded (`?expires_at=2026-11-22T12:00:00Z`,
 *   `?search_query=R&D (EU)` from `encodeURIComponent`, which leaves `'()*!`)
 *   is read as itself: the query parser decodes either form, so refusing the
 *   unencoded one (the validator's default, `allowReserved: false`) only turns
 *   away clients;
 * - an empty optional text parameter (`?name=`) is the empty string, as the
 *   documents' defaults (`name` defaults to '') say. Parameters with a format
 *   (uuid, date-time), numbers and arrays keep rejecting an empty value.
 */
function lenientQueryParameters<T>(document: T): T {
  const root = document as { paths?: Record<string, Record<string, unknown>>; components?: { parameters?: Record<string, unknown> } };
  const resolve = (entry: unknown) => {
    const ref = (entry as { $ref?: unknown } | null)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#/components/parameters/') ? root.components?.parameters?.[ref.slice('#/components/parameters/'.length)] : entry;
  };
  const adjust = (entry: unknown) => {
    const parameter = resolve(entry) as
      | { in?: string; required?: boolean; schema?: { type?: unknown; format?: unknown }; allowEmptyValue?: boolean; allowReserved?: boolean }
      | undefined;
    if (parameter?.in !== 'query') return;
    parameter.allowReserved = true;
    if (!parameter.required && parameter.schema?.type === 'string' && parameter.schema.format === undefined) parameter.allowEmptyValue = true;
  };
  for (const item of Object.values(root.paths ?? {})) {
    for (const value of [item, ...Object.values(item)]) {
      const parameters = (value as { parameters?: unknown } | null)?.parameters;
      if (Array.isArray(parameters)) parameters.forEach(adjust);
    }
  }
  return document;
}

/**
 * `format: date`: a calendar date (`1986-02-30` is not one) from year 1 on;
 * year 0000 passes the full format check but no database date holds it.
 */
function isStorableDate(value: string): boolean {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const CONTEXT = Symbol('handler context');
type WithContext<Ctx> = Request & { [CONTEXT]?: Ctx; openapi?: { schema?: { operationId?: string }; pathParams?: Record<string, string> } };

function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      const route = (req as WithContext<unknown>).openapi?.schema?.operationId ?? 'unmatched';
      logger.info({ method: req.method, operation: route, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
    });
    next();
  };
}

/**
 * JSON bodies up to `limit`. A request without a body (no Content-Length, no
 * Transfer-Encoding: most GETs) is passed on at once, as body-parser would after its own
 * checks; `req.body` stays undefined either way.
 */
function parseJsonBodies(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? next() : parse(req, res, next));
}

interface Verdict {
  readonly reaches: boolean;
  readonly pathOnly: boolean;
}

/**
 * Which requests reach an operation of the document: the method and the path of one (a
 * trailing slash allowed, as the validator does). `pathOnly` when the path is an
 * operation's but the method is not (a 405).
 */
function operationRoutes(document: OpenApiDocument): { reaches(req: Request): boolean; pathOnly(req: Request): boolean } {
  const routes = listOperations(document).map(({ method, path }) => ({
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.split(/(\{[^}]+\})/).map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('')}/?$`),
  }));
  // Worked out once per request (several middlewares ask), and remembered by method and path.
  const verdicts = new WeakMap<Request, Verdict>();
  const byRoute = new BoundedMap<string, Verdict>(10_000);
  const verdict = (req: Request) => {
    let found = verdicts.get(req);
    if (!found) {
      // Under `app.use(path, ...)`, req.path is relative to the mount path.
      const path = `${req.baseUrl}${req.path}`;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const key = `${method} ${path}`;
      found = byRoute.get(key);
      if (!found) {
        const matching = routes.filter((route) => route.pattern.test(path));
        const reaches = matching.some((route) => route.method === method);
        found = { reaches, pathOnly: matching.length > 0 && !reaches };
        byRoute.set(key, found);
      }
      verdicts.set(req, found);
    }
    return found;
  };
  return { reaches: (req) => verdict(req).reaches, pathOnly: (req) => verdict(req).pathOnly };
}

/**
 * Builds the Express app of one API document without listening: JSON bodies,
 * express-openapi-validator (requests always, responses when asked), handlers
 * dispatched by operationId, and one error renderer.
 */
export function createApiApp<Operations, Ctx>(options: ApiAppOptions<Operations, Ctx>): Express {
  const handlerIds = Object.keys(options.handlers as object);
  assertHandlersMatchDocument(options.document, handlerIds, options.name);

  patchValidator();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', memoisedQueryParser());
  if (options.logger.isLevelEnabled('info')) app.use(requestLog(options.logger));

  // Routing first, as in FastAPI: a request that reaches no operation gets its 405 (another
  // method of an operation's path) or 404 (from the validator) whatever its body, headers or
  // path segments; body parsing and the pre-validation middleware run only for the others.
  // Otherwise a malformed body is a 422, or a team key on the management API a 403, on a path
  // or method no operation has.
  const routes = operationRoutes(options.document);
  const routed = (middleware: RequestHandler): RequestHandler => (req, res, next) => (routes.reaches(req) ? middleware(req, res, next) : next());
  const extraRoutes = express.Router();
  options.extraRoutes?.(extraRoutes);
  app.use((req, res, next) => {
    if (routes.reaches(req)) return next();
    extraRoutes(req, res, (error?: unknown) => next(error ?? (routes.pathOnly(req) ? Object.assign(new Error('Method Not Allowed'), { status: 405 }) : undefined)));
  });
  for (const [path, limit] of Object.entries(options.bodyLimits ?? {})) app.use(path, routed(collectAfterLargeBodies()), routed(parseJsonBodies(limit)));
  app.use(routed(parseJsonBodies('1mb')));
  for (const middleware of options.beforeValidation ?? []) app.use(routed(middleware));

  const securityHandlers = Object.fromEntries(
    Object.entries(options.authenticators).map(([scheme, authenticate]) => [
      scheme,
      (req: Request) =>
        whenReady(authenticate(req), (context) => {
          (req as WithContext<Ctx>)[CONTEXT] = context;
          return true;
        }),
    ]),
  );

  app.use(
    OpenApiValidator.middleware({
      apiSpec: lenientQueryParameters(prepareForRuntimeValidation(options.document)) as never,
      validateApiSpec: false,
      // Parameters arrive as text and are always coerced; JSON bodies carry their own
      // types, so `{"client_user_id": 12345}` is a 422, not "12345".
      validateRequests: { allErrors: true, coerceTypes: false },
      // Full format checks: `1986-02-30` is not a date (fast mode only checks the shape,
      // and the database would then reject it with a 500).
      validateFormats: true,
      ajvFormats: { mode: 'full' },
      formats: { date: { type: 'string', validate: isStorableDate } },
      validateResponses: options.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: { handlers: securityHandlers },
      ignoreUndocumented: false,
    }),
  );

  // Handlers may return frozen, memoised bodies (catalog pages): their JSON bytes are
  // memoised too, so a catalog read costs no serialisation and no encoding. With response
  // validation, a frozen body is sent through the validator (res.json) until it has passed
  // once for its operation and status; from then on its memoised bytes are sent unchecked.
  const serialised = new WeakMap<object, Buffer>();
  const passed = new WeakMap<object, Set<string>>();
  if (options.validateResponses) observeResponseValidator();
  const send = (res: Response, operationId: string, status: number, body: unknown) => {
    if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) {
      res.status(status).json(body);
      return;
    }
    if (options.validateResponses) {
      const verdict = `${operationId} ${status}`;
      let known = passed.get(body);
      if (!known?.has(verdict)) {
        if (passesValidation(body, () => res.status(status).json(body))) {
          if (!known) passed.set(body, (known = new Set()));
          known.add(verdict);
        }
        return;
      }
    }
    let bytes = serialised.get(body);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(body));
      serialised.set(body, bytes);
    }
    res.status(status).type('application/json; charset=utf-8').send(bytes);
  };

  // After authentication and the contract checks, before any handler can store the text.
  app.use(rejectUnstorableText());

  const handlers = options.handlers as Record<string, (request: unknown, context: Ctx) => Promise<{ status: number; body: unknown }>>;
  app.use(async (req, res, next) => {
    const request = req as WithContext<Ctx>;
    const operationId = request.openapi?.schema?.operationId;
    const handler = operationId === undefined ? undefined : handlers[operationId];
    if (operationId === undefined || !handler) return next();
    try {
      const result = await handler(
        { path: request.openapi?.pathParams ?? {}, query: req.query ?? {}, headers: req.headers, body: req.body },
        request[CONTEXT] as Ctx,
      );
      send(res, operationId, result.status, result.body);
    } catch (error) {
      next(error);
    }
  });

  app.use((_req, _res, next) => next(Object.assign(new Error('Not Found'), { status: 404 })));
  app.use(errorMiddleware({ logger: options.logger, ...options.errors }));
  return app;
}
