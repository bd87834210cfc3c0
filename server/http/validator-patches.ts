import { createRequire } from 'node:module';

/**
 * express-openapi-validator 5.6 compiles every route's path-to-regexp pattern
 * again on every request while it looks for the matching route (about 6% of a
 * catalog read). Compiling is pure, so the compiled patterns are memoised on
 * the path-to-regexp module the validator uses. Idempotent.
 *
 * The validator asks for every route on every request, with the same
 * `{ sensitive, strict }` options, so the memo is a map by path of slots (one per
 * combination of the two flags, one for no options): no key string is built per call.
 */
export function memoiseValidatorRouteMatching(): void {
  const pathToRegexpModule = requireFromValidator<{
    pathToRegexp: ((path: string, options?: Record<string, unknown>) => unknown) & { memoised?: true };
  }>('path-to-regexp');
  const original = pathToRegexpModule.pathToRegexp;
  if (original.memoised) return;
  const byPath = new Map<string, unknown[]>();
  const other = new Map<string, unknown>();
  const memoised = Object.assign(
    (path: string, options?: Record<string, unknown>) => {
      if (typeof path !== 'string') return original(path, options);
      const slot = flagSlot(options);
      if (slot === null) {
        const key = `${path}\u0000${JSON.stringify(options ?? {})}`;
        let compiled = other.get(key);
        if (compiled === undefined) {
          compiled = original(path, options);
          if (other.size < 10_000) other.set(key, compiled);
        }
        return compiled;
      }
      let slots = byPath.get(path);
      if (slots === undefined) {
        slots = [];
        if (byPath.size < 10_000) byPath.set(path, slots);
      }
      return (slots[slot] ??= original(path, options));
    },
    { memoised: true as const },
  );
  pathToRegexpModule.pathToRegexp = memoised;
}

/** The module `specifier` as express-openapi-validator loads it (its own copy of a dependency, or one of its files). */
function requireFromValidator<T>(specifier: string): T {
  const require = createRequire(import.meta.url);
  return require(require.resolve(specifier, { paths: [require.resolve('express-openapi-validator')] })) as T;
}

/** 0-3 for options that are exactly `{ sensitive, strict }` booleans, 4 for none; null otherwise. */
function flagSlot(options: Record<string, unknown> | undefined): number | null {
  if (options === undefined) return 4;
  let keys = 0;
  for (const key in options) {
    if (key !== 'sensitive' && key !== 'strict') return null;
    keys += 1;
  }
  const { sensitive, strict } = options;
  if (keys !== 2 || typeof sensitive !== 'boolean' || typeof strict !== 'boolean') return null;
  return (sensitive ? 2 : 0) + (strict ? 1 : 0);
}

interface RouteMatch {
  expressRoute: string;
  openApiRoute: string;
  pathParams: Record<string, string>;
  schema: unknown;
  serial: number;
  _responseSchema?: unknown;
}

type MetadataMiddleware = (req: RouteRequest, res: unknown, next: (error?: unknown) => void) => void;
interface RouteRequest {
  method: string;
  url: string;
  originalUrl: string;
  baseUrl: string;
  params: Record<string, string>;
  openapi?: RouteMatch;
}
type ApplyOpenApiMetadata = ((context: { useRequestUrl?: boolean }, responseApiDoc: unknown) => MetadataMiddleware) & { memoised?: true };

/** Routes remembered per validator; the memo starts over when full (paths carry ids). */
const ROUTE_MEMO_SIZE = 10_000;

/**
 * The validator's metadata middleware finds the route of every request by walking every
 * route of the document: for each, two `app.enabled` calls, a route map lookup and a regexp
 * (3% of a marker search). What it finds depends only on the method and the URL path, so
 * found routes are memoised by both: a later request with the same method and path gets a
 * copy of the match (its own `req.openapi` and path params) without the walk. Everything
 * else (405, 404, ignored paths, malformed escapes) runs the validator's own middleware,
 * every time. Idempotent.
 */
export function memoiseValidatorRouteLookup(): void {
  const metadataModule = requireFromValidator<{ applyOpenApiMetadata: ApplyOpenApiMetadata }>('express-openapi-validator/dist/middlewares/openapi.metadata.js');
  const original = metadataModule.applyOpenApiMetadata;
  if (original.memoised) return;
  metadataModule.applyOpenApiMetadata = Object.assign(
    (context: { useRequestUrl?: boolean }, responseApiDoc: unknown): MetadataMiddleware => {
      const lookUp = original(context, responseApiDoc);
      const found = new Map<string, RouteMatch>();
      return (req, res, next) => {
        const url = context.useRequestUrl ? req.url : req.originalUrl;
        const query = url.indexOf('?');
        const key = `${req.method} ${req.baseUrl} ${query === -1 ? url : url.slice(0, query)}`;
        const match = found.get(key);
        if (match) {
          req.openapi = { ...match, pathParams: { ...match.pathParams } };
          req.params = req.openapi.pathParams;
          next();
          return;
        }
        lookUp(req, res, (error?: unknown) => {
          const matched = req.openapi;
          if (error === undefined && matched?.schema) {
            if (found.size >= ROUTE_MEMO_SIZE) found.clear();
            found.set(key, { ...matched, pathParams: { ...matched.pathParams } });
          }
          next(error);
        });
      };
    },
    { memoised: true as const },
  );
}
