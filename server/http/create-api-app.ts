import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from '../logger.js';
import type { BoundedCache } from '../shared/cache.js';
import type { OpenApiDocument } from '../shared/documents.js';
import { patternMessages } from '../shared/error-shape.js';
import { assertHandlersMatchDocument } from '../shared/operations.js';
import { errorMiddleware, type ErrorMiddlewareOptions } from './error-middleware.js';
import type { HandlerMap } from './handler-types.js';
import { collectAfterLargeBodies } from './large-body-gc.js';
import { uploadedFiles } from './multipart.js';
import { pageHeaders } from './page-headers.js';
import { parseQueriesOnce, queryParser } from './query-parser.js';
import { rememberRequestChecks, type CheckedRequest } from './request-checks.js';
import { rememberRouteMatches, type MatchedRoute } from './route-matches.js';
import { logRequest, operationRoutes, parseJsonBodies, runInOrder } from './request-routing.js';
import { requestValidator } from './request-validator.js';
import { rejectUnstorableText } from './reject-unstorable-text.js';
import { ResponseValidator } from './response-validation.js';
import { contextOf, securityHandlers, type Authenticator } from './security.js';
import { responseSender } from './send-response.js';

export { securityKey, type Authenticator } from './security.js';

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
  /** Called with every response body checked against its schema (tests count them). */
  onResponseCheck?: (body: unknown, status: number) => void;
  /** The app's caches of the validator's route matches and passed request checks (route-matches.ts, request-checks.ts); none: every request goes through the validator's own steps. */
  validatorCaches?: { routeMatches: BoundedCache<string, MatchedRoute>; requestChecks: BoundedCache<string, CheckedRequest> };
  logger: Logger;
  errors: Omit<ErrorMiddlewareOptions, 'logger'>;
  /** Larger body limits for some paths (the default is 1 MiB). */
  bodyLimits?: Record<string, string>;
  /** The parser of `multipart/form-data` bodies of some paths (server/http/multipart.ts), before the JSON parser. */
  multipartBodies?: Record<string, RequestHandler>;
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

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
const methodNotAllowed = () => Object.assign(new Error('Method Not Allowed'), { status: 405 });

/**
 * Builds the Express app of one API document without listening. A request goes through two
 * layers (each Express layer costs every request a router step):
 * 1. routing (request-routing.ts): the request log, CORS, HEAD as GET, and for a request that
 *    reaches no operation the routes outside the contract, a 405 or a 404; for the others the
 *    body parser of their path and the pre-validation middleware;
 * 2. the operation: express-openapi-validator's steps (request-validator.ts: the operation,
 *    authentication through security.ts, parameters and body), the storable-text check, and the
 *    handler, whose result is checked and sent by send-response.ts.
 * Every error ends in the error middleware, in the API's error shape.
 */
export function createApiApp<Operations, Ctx>(options: ApiAppOptions<Operations, Ctx>): Express {
  assertHandlersMatchDocument(options.document, Object.keys(options.handlers as object), options.name);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', queryParser());
  parseQueriesOnce(app);

  // Routing first, as in FastAPI: a request that reaches no operation gets its 405 (another
  // method of an operation's path) or 404 (from the validator) whatever its body, headers or
  // path segments; body parsing and the pre-validation middleware run only for the others.
  // Otherwise a malformed body is a 422, or a team key on the management API a 403, on a path
  // or method no operation has.
  const routeOf = operationRoutes(options.document);
  const extraRoutes = express.Router();
  // Every page outside the contract gets the strict page headers, unless it states its own policy.
  extraRoutes.use(pageHeaders());
  options.extraRoutes?.(extraRoutes);
  // The routes outside the contract, for tests that walk every page (test/http/page-headers.test.ts).
  app.locals.extraRoutes = extraRoutes;
  const defaultChain = [parseJsonBodies('1mb'), ...(options.beforeValidation ?? [])];
  const bodyLimits = [
    ...Object.entries(options.bodyLimits ?? {}).map(([path, limit]) => ({ path, chain: [collectAfterLargeBodies(), parseJsonBodies(limit), ...defaultChain] })),
    ...Object.entries(options.multipartBodies ?? {}).map(([path, parse]) => ({ path, chain: [collectAfterLargeBodies(), parse, ...defaultChain] })),
  ];
  const logRequests = options.logger.isLevelEnabled('info');
  app.use((req, res, next) => {
    if (logRequests) logRequest(options.logger, req, res);
    if (options.cors?.(req, res)) return;
    let route = routeOf(req);
    // HEAD on a GET operation is that GET without the body (RFC 9110): it runs as the GET
    // (the same checks, status and headers), and Node sends no body in the answer to a HEAD.
    if (req.method === 'HEAD' && route.answersGet) {
      req.method = 'GET';
      route = routeOf(req);
    }
    if (!route.reaches) {
      extraRoutes(req, res, (error?: unknown) => next(error ?? (route.allow !== null ? methodNotAllowed() : undefined)));
      return;
    }
    // (body-parser skips a body already parsed, so the larger limit wins where it applies)
    const limited = bodyLimits.find((limit) => req.path === limit.path || req.path.startsWith(`${limit.path}/`));
    runInOrder(limited?.chain ?? defaultChain, req, res, next);
  });

  const security = securityHandlers(options.document, options.authenticators, options.name);
  const validatorSteps = requestValidator(options.document, security.handlers);
  const parameterComponents = ((options.document as { components?: { parameters?: Record<string, { in?: string }> } }).components?.parameters ?? {});
  const caches = options.validatorCaches;
  const steps = caches ? rememberRequestChecks(rememberRouteMatches(validatorSteps, caches.routeMatches), caches.requestChecks, parameterComponents) : validatorSteps;
  const send = responseSender(options.validateResponses ? new ResponseValidator(options.document, options.onResponseCheck) : null);
  const handlers = options.handlers as Record<string, (request: unknown, context: Ctx) => Promise<{ status: number; body: unknown }>>;
  const dispatch: RequestHandler = async (req, res, next) => {
    const openapi = (req as { openapi?: { schema?: { operationId?: string }; pathParams?: Record<string, string> } }).openapi;
    const operationId = openapi?.schema?.operationId;
    const handler = operationId === undefined ? undefined : handlers[operationId];
    if (operationId === undefined || !handler) return next();
    try {
      const result = await handler({ path: openapi?.pathParams ?? {}, query: req.query ?? {}, headers: req.headers, body: req.body, files: uploadedFiles(req) }, contextOf<Ctx>(req));
      send(res, operationId, result.status, result.body);
    } catch (error) {
      next(error);
    }
  };
  // After authentication and the contract checks, before any handler can store the text: the text check.
  const operationChain = [...steps, rejectUnstorableText(), dispatch];
  app.use((req, res, next) => runInOrder(operationChain, req, res, (error?: unknown) => next(error === undefined ? undefined : security.refusal(req, error))));

  app.use((_req, _res, next) => next(Object.assign(new Error('Not Found'), { status: 404 })));
  // Every 405 names the methods of the path (RFC 9110), OPTIONS included: it is no operation.
  app.use(((error, req, res, next) => {
    const allow = statusOf(error) === 405 && !res.headersSent ? routeOf(req).allow : null;
    if (allow !== null) res.setHeader('Allow', allow);
    next(error);
  }) as ErrorRequestHandler);
  app.use(errorMiddleware({ logger: options.logger, patternMessages: patternMessages(options.document), ...options.errors }));
  return app;
}
