import express, { type Express, type Request, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from '../logger.js';
import { errorMiddleware, type ErrorMiddlewareOptions } from './error-middleware.js';
import type { HandlerMap } from './handler-types.js';
import { assertHandlersMatchDocument, type OpenApiDocument } from './operations.js';
import { prepareForRuntimeValidation } from './runtime-spec.js';

/** Resolves the credential of a request into the handlers' context, or throws an ApiError (401/403). */
export type Authenticator<Ctx> = (req: Request) => Promise<Ctx>;

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
  /** Routes outside the contract (docs, consent pages), mounted before the validator. */
  extraRoutes?: (app: Express) => void;
  /** Middleware that runs after body parsing and before the validator. */
  beforeValidation?: RequestHandler[];
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
 * Builds the Express app of one API document without listening: JSON bodies,
 * express-openapi-validator (requests always, responses when asked), handlers
 * dispatched by operationId, and one error renderer.
 */
export function createApiApp<Operations, Ctx>(options: ApiAppOptions<Operations, Ctx>): Express {
  const handlerIds = Object.keys(options.handlers as object);
  assertHandlersMatchDocument(options.document, handlerIds, options.name);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  if (options.logger.isLevelEnabled('info')) app.use(requestLog(options.logger));
  options.extraRoutes?.(app);

  for (const [path, limit] of Object.entries(options.bodyLimits ?? {})) app.use(path, express.json({ limit }));
  app.use(express.json({ limit: '1mb' }));
  for (const middleware of options.beforeValidation ?? []) app.use(middleware);

  const securityHandlers = Object.fromEntries(
    Object.entries(options.authenticators).map(([scheme, authenticate]) => [
      scheme,
      async (req: Request) => {
        (req as WithContext<Ctx>)[CONTEXT] = await authenticate(req);
        return true;
      },
    ]),
  );

  app.use(
    OpenApiValidator.middleware({
      apiSpec: prepareForRuntimeValidation(options.document) as never,
      validateApiSpec: false,
      validateRequests: { allErrors: true, coerceTypes: true },
      validateResponses: options.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: { handlers: securityHandlers },
      ignoreUndocumented: false,
    }),
  );

  const handlers = options.handlers as Record<string, (request: unknown, context: Ctx) => Promise<{ status: number; body: unknown }>>;
  app.use(async (req, res, next) => {
    const request = req as WithContext<Ctx>;
    const operationId = request.openapi?.schema?.operationId;
    const handler = operationId ? handlers[operationId] : undefined;
    if (!handler) return next();
    try {
      const result = await handler(
        { path: request.openapi?.pathParams ?? {}, query: req.query ?? {}, headers: req.headers, body: req.body },
        request[CONTEXT] as Ctx,
      );
      res.status(result.status).json(result.body);
    } catch (error) {
      next(error);
    }
  });

  app.use((_req, _res, next) => next(Object.assign(new Error('Not Found'), { status: 404 })));
  app.use(errorMiddleware({ logger: options.logger, ...options.errors }));
  return app;
}
