import { isUtf8 } from 'node:buffer';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from '../logger.js';
import { errorMiddleware, type ErrorMiddlewareOptions } from './error-middleware.js';
import { patternMessages } from '../shared/error-shape.js';
import { BoundedMap } from './bounded-map.js';
import { collectAfterLargeBodies } from './large-body-gc.js';
import { whenReady, type MaybePromise } from './maybe-promise.js';
import type { HandlerMap } from './handler-types.js';
import type { OpenApiDocument } from '../shared/documents.js';
import { assertHandlersMatchDocument, listOperations } from '../shared/operations.js';
import { pathRoutes } from '../shared/routes.js';
import { memoisedQueryParser } from './query-parser.js';
import { patchValidator } from './validator-patches.js';
import { SERVER_FORMATS } from './formats.js';
import { FrozenParts, sendBytes } from './frozen-parts.js';
import { checkResponse, observeResponseValidator } from './response-validation.js';
import { prepareForRuntimeValidation } from '../shared/runtime-spec.js';
import { undecodableBodyItem } from '../shared/text-input.js';
import { rejectUnstorableText } from './reject-unstorable-text.js';
import { ValidationFailure } from './api-error.js';

/**
 * Resolves the credential of a request into the handlers' context, or throws an ApiError
 * (401/403): at once when it can (a cached key), else through a promise.
 */
export type Authenticator<Ctx> = (req: Request) => MaybePromise<Ctx>;

export interface ApiAppOptions<Operations, Ctx> {
  name: string;
  document: OpenApiDocument;
  handlers: HandlerMap<Operations, Ctx>;
  /**
   * One authenticator per `security` of the document's operations, keyed by its schemes:
   * `ApiKeyAuth` for one scheme, `ApiKeyAuth | LinkToken` for an operation that accepts either
   * (alternatives joined with ` | `, schemes required together with ` & `). The one
   * authenticator then sees every credential of the request and decides once for all of its
   * alternatives (e.g. a key and a token of different teams).
   */
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
  /**
   * CORS, first of all (before routing, so a preflight `OPTIONS` is answered on any path):
   * sets the headers of the request's origin and returns true when it answered the request.
   */
  cors?: (req: Request, res: Response) => boolean;
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

type SecurityRequirements = Record<string, unknown>[];

/** `ApiKeyAuth`, `ApiKeyAuth | LinkToken`: how `authenticators` names an operation's security. */
export const securityKey = (security: SecurityRequirements): string => security.map((requirement) => Object.keys(requirement).join(' & ')).join(' | ');

function securitySchemeNames(document: OpenApiDocument): string[] {
  const components = (document as { components?: { securitySchemes?: Record<string, unknown> } }).components;
  return Object.keys(components?.securitySchemes ?? {});
}

/**
 * The authenticator of each request's operation, from its `security` (or the document's).
 * Checked at start-up: every `security` of the document must have one.
 */
function securityAuthenticators<Ctx>(document: OpenApiDocument, authenticators: Record<string, Authenticator<Ctx>>, apiName: string) {
  const root = document as { security?: SecurityRequirements; paths?: Record<string, Record<string, { security?: SecurityRequirements } | undefined>> };
  const keys = new Set<string>();
  for (const { method, path } of listOperations(document)) {
    const security = root.paths?.[path]?.[method]?.security ?? root.security ?? [];
    if (security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0)) keys.add(securityKey(security));
  }
  const missing = [...keys].filter((key) => !authenticators[key]);
  if (missing.length > 0) throw new Error(`The ${apiName} API has no authenticator for the security ${missing.map((key) => `"${key}"`).join(', ')}.`);
  const fallback = securityKey(root.security ?? []);
  // By the operation's `security` array (the same object on every request of the operation).
  const bySecurity = new WeakMap<SecurityRequirements, Authenticator<Ctx>>();
  return (req: Request): Authenticator<Ctx> => {
    const security = (req as WithContext<Ctx>).openapi?.schema?.security ?? root.security ?? [];
    let found = bySecurity.get(security);
    if (!found) {
      found = authenticators[securityKey(security)] ?? authenticators[fallback];
      if (!found) throw new Error(`No authenticator for the security "${securityKey(security)}"`);
      bySecurity.set(security, found);
    }
    return found;
  };
}

const CONTEXT = Symbol('handler context');
const AUTHENTICATED = Symbol('authentication');
type WithContext<Ctx> = Request & {
  [CONTEXT]?: Ctx;
  openapi?: { schema?: { operationId?: string; security?: SecurityRequirements }; pathParams?: Record<string, string> };
};

/** The `request` line of a request, logged when its response is sent: by operation (never the URL), status and time. */
function logRequest(logger: Logger, req: Request, res: Response): void {
  const started = performance.now();
  // Read now: a HEAD request is served as a GET (see createApiApp).
  const method = req.method;
  res.once('finish', () => {
    const route = (req as WithContext<unknown>).openapi?.schema?.operationId ?? 'unmatched';
    logger.info({ method, operation: route, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
  });
}

/** Runs `middlewares` one after the other as Express would (an error, thrown or passed, or a rejected promise, skips the rest), then `done`. */
function runInOrder(middlewares: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void {
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
function parseJsonBodies(limit: string): RequestHandler {
  const parse = express.json({ limit, verify: rejectUndecodableBytes });
  return (req, res, next) => (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? next() : parse(req, res, next));
}

interface Verdict {
  readonly reaches: boolean;
  /** The `Allow` header of the request's path when it is an operation's path, else null. */
  readonly allow: string | null;
}

/**
 * Which requests reach an operation of the document: the method and the path of one (the
 * most specific path template, see pathRoutes). A request on an operation's path with
 * another method is a 405, with the path's methods in `Allow`.
 */
function operationRoutes(document: OpenApiDocument): { reaches(req: Request): boolean; allow(req: Request): string | null; answersGet(req: Request): boolean } {
  const paths = pathRoutes(document);
  // Remembered by method and path (the memo starts over when full: paths carry ids).
  const byRoute = new BoundedMap<string, Verdict>(10_000);
  // Under `app.use(path, ...)`, req.path is relative to the mount path.
  const pathOf = (req: Request) => `${req.baseUrl}${req.path}`;
  const verdict = (req: Request) => {
    const path = pathOf(req);
    const key = `${req.method} ${path}`;
    let found = byRoute.get(key);
    if (!found) {
      const route = paths.match(path);
      found = { reaches: route?.operations.has(req.method) ?? false, allow: route?.allow ?? null };
      byRoute.set(key, found);
    }
    return found;
  };
  return {
    reaches: (req) => verdict(req).reaches,
    allow: (req) => verdict(req).allow,
    answersGet: (req) => paths.match(pathOf(req))?.operations.has('GET') ?? false,
  };
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;

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

  // Routing first, as in FastAPI: a request that reaches no operation gets its 405 (another
  // method of an operation's path) or 404 (from the validator) whatever its body, headers or
  // path segments; body parsing and the pre-validation middleware run only for the others.
  // Otherwise a malformed body is a 422, or a team key on the management API a 403, on a path
  // or method no operation has.
  const routes = operationRoutes(options.document);
  const extraRoutes = express.Router();
  options.extraRoutes?.(extraRoutes);
  // What runs before the validator for a request that reaches an operation, in order: the
  // larger body limits of their paths (and a collection after a large body), the JSON parser,
  // the pre-validation middleware.
  const beforeValidation = options.beforeValidation ?? [];
  const defaultChain = [parseJsonBodies('1mb'), ...beforeValidation];
  const bodyLimits = Object.entries(options.bodyLimits ?? {}).map(([path, limit]) => ({
    path,
    chain: [collectAfterLargeBodies(), parseJsonBodies(limit), ...defaultChain],
  }));
  const logRequests = options.logger.isLevelEnabled('info');
  // One Express layer for all of it (each layer costs every request a router step).
  app.use((req, res, next) => {
    if (logRequests) logRequest(options.logger, req, res);
    if (options.cors?.(req, res)) return;
    // HEAD on a GET operation is that GET without the body (RFC 9110): it runs as the GET
    // (the same checks, status and headers), and Node sends no body in the answer to a HEAD.
    if (req.method === 'HEAD' && routes.answersGet(req)) req.method = 'GET';
    if (!routes.reaches(req)) {
      extraRoutes(req, res, (error?: unknown) => next(error ?? (routes.allow(req) !== null ? Object.assign(new Error('Method Not Allowed'), { status: 405 }) : undefined)));
      return;
    }
    // (body-parser skips a body already parsed, so the larger limit wins where it applies)
    const limited = bodyLimits.find((limit) => req.path === limit.path || req.path.startsWith(`${limit.path}/`));
    runInOrder(limited?.chain ?? defaultChain, req, res, next);
  });

  // The validator calls the handler of each scheme an operation lists; all of them run the
  // operation's one authenticator, once per request (so a key and a token sent together are
  // judged together, and looked up once).
  const authenticatorOf = securityAuthenticators(options.document, options.authenticators, options.name);
  // On the request itself (a WeakMap entry per request would cost the collector more).
  type Authenticated = Request & { [AUTHENTICATED]?: MaybePromise<Ctx> };
  // Why the authenticator refused a request. When every alternative fails, the validator
  // reports the first one's error, which for `ApiKeyAuth | LinkToken` with only a (bad) token
  // is "x-vital-api-key header required": the authenticator's own reason is the one to send.
  const refusals = new WeakMap<Request, unknown>();
  const authenticationRefusal = (req: Request, error: unknown) => ((error as { status?: number } | null)?.status === 401 && refusals.has(req) ? refusals.get(req) : error);
  const authenticate = (req: Request): MaybePromise<Ctx> => {
    let found = (req as Authenticated)[AUTHENTICATED];
    if (found === undefined) {
      try {
        found = authenticatorOf(req)(req);
      } catch (error) {
        refusals.set(req, error);
        throw error;
      }
      if (found instanceof Promise) found.catch((error: unknown) => refusals.set(req, error));
      (req as Authenticated)[AUTHENTICATED] = found;
    }
    return found;
  };
  const securityHandlers = Object.fromEntries(
    securitySchemeNames(options.document).map((scheme) => [
      scheme,
      (req: Request) =>
        whenReady(authenticate(req), (context) => {
          (req as WithContext<Ctx>)[CONTEXT] = context;
          return true;
        }),
    ]),
  );

  const validator = OpenApiValidator.middleware({
    apiSpec: lenientQueryParameters(prepareForRuntimeValidation(options.document)) as never,
    validateApiSpec: false,
    // Parameters arrive as text and are always coerced; JSON bodies carry their own
    // types, so `{"client_user_id": 12345}` is a 422, not "12345".
    validateRequests: { allErrors: true, coerceTypes: false },
    // Full format checks: `1986-02-30` is not a date (fast mode only checks the shape,
    // and the database would then reject it with a 500); `date` and `date-time` by our own
    // rules (formats.ts).
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: SERVER_FORMATS,
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateSecurity: { handlers: securityHandlers },
    ignoreUndocumented: false,
    // No operation takes multipart/form-data: its middleware would only check that, on every request.
    fileUploader: false,
  }) as RequestHandler[];

  // Handlers may return frozen, memoised bodies (catalog pages): their JSON bytes are
  // memoised too, so a catalog read costs no serialisation and no encoding. With response
  // validation, a frozen body is checked (response-validation.ts) until it has passed once for
  // its operation and status; from then on its memoised bytes are sent unchecked. Other bodies
  // are checked first when the app validates responses, and serialised with their frozen
  // parts' memoised bytes (frozen-parts.ts). A body that does not match its schema is the
  // validator's 500, through the error middleware.
  const frozenParts = new FrozenParts();
  const passed = new WeakMap<object, Set<string>>();
  if (options.validateResponses) observeResponseValidator();
  const send = (res: Response, operationId: string, status: number, body: unknown) => {
    // Bytes are the documents an operation declares as application/pdf (lab requisitions and results).
    if (body instanceof Uint8Array) {
      res.status(status).type('application/pdf').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
      return;
    }
    if (body === null || typeof body !== 'object') {
      res.status(status).json(body);
      return;
    }
    if (!Object.isFrozen(body)) {
      if (options.validateResponses) checkResponse(res.req, status, body);
      sendBytes(res, status, frozenParts.toSend(body));
      return;
    }
    if (options.validateResponses) {
      const verdict = `${operationId} ${status}`;
      let known = passed.get(body);
      if (!known?.has(verdict)) {
        checkResponse(res.req, status, body);
        if (!known) passed.set(body, (known = new Set()));
        known.add(verdict);
      }
    }
    sendBytes(res, status, frozenParts.toSend(body));
  };

  const handlers = options.handlers as Record<string, (request: unknown, context: Ctx) => Promise<{ status: number; body: unknown }>>;
  const dispatch: RequestHandler = async (req, res, next) => {
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
  };
  // The second and last layer of a request that reaches an operation: the validator's steps,
  // then (after authentication and the contract checks, before any handler can store the text)
  // the text check, then the handler. One layer, not one for each (see the first layer).
  const operationChain = [...validator, rejectUnstorableText(), dispatch];
  app.use((req, res, next) => runInOrder(operationChain, req, res, (error?: unknown) => next(error === undefined ? undefined : authenticationRefusal(req, error))));

  app.use((_req, _res, next) => next(Object.assign(new Error('Not Found'), { status: 404 })));
  // Every 405 names the methods of the path (RFC 9110), OPTIONS included: it is no operation.
  app.use(((error, req, res, next) => {
    const allow = statusOf(error) === 405 && !res.headersSent ? routes.allow(req) : null;
    if (allow !== null) res.setHeader('Allow', allow);
    next(error);
  }) as ErrorRequestHandler);
  app.use(errorMiddleware({ logger: options.logger, patternMessages: patternMessages(options.document), ...options.errors }));
  return app;
}
