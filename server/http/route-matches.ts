import type { Request, RequestHandler } from 'express';
import type { BoundedCache, CacheRegistry } from '../shared/cache.js';
import { checkValidatorVersion, validatorStep } from './request-checks.js';

/** The route the validator found for a method and path (the operation itself is in the app's table of operations). */
export interface MatchedRoute {
  readonly expressRoute: string;
  readonly openApiRoute: string;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly serial: number;
  /** `<method> <openApiRoute>`: the key of the operation in the table. */
  readonly operation: string;
}

export function createRouteMatchCache(registry: CacheRegistry, api: string): BoundedCache<string, MatchedRoute> {
  return registry.create<string, MatchedRoute>({
    name: `${api}-route-matches`,
    key: 'method and path of a request that reached an operation',
    maxEntries: 10_000,
    invalidatedBy: 'nothing can make an entry stale: the route of a method and path depends only on the document, which is fixed for the life of the app',
  });
}

type RoutedRequest = Request & { openapi?: { expressRoute: string; openApiRoute: string; pathParams: Record<string, string>; schema?: object; serial: number } };

/**
 * express-openapi-validator finds the route of every request by walking every route of the
 * document, with a regular expression each (the operations late in the list cost the most).
 * What it finds depends only on the method and the path, so a found route is remembered by
 * both: a later request gets its own copy of the match (its `req.openapi` and path params)
 * without the walk. This wraps the validator's step that finds routes (`metadataMiddleware`);
 * every request it has not matched before (404, 405, malformed escapes included) runs that step.
 *
 * The validator's operation objects are kept in a table of the app (one per operation of the
 * document, filled as they are first matched), not in the cache, whose values are frozen: they
 * belong to the validator.
 */
export function rememberRouteMatches(steps: readonly RequestHandler[], cache: BoundedCache<string, MatchedRoute>): RequestHandler[] {
  checkValidatorVersion();
  const index = validatorStep(steps, 'metadataMiddleware');
  const lookUp = steps[index]!;
  const operations = new Map<string, object>();

  const remembered: RequestHandler = (req, res, next) => {
    const url = req.originalUrl;
    const query = url.indexOf('?');
    const key = `${req.method} ${query === -1 ? url : url.slice(0, query)}`;
    const known = cache.get(key);
    const schema = known && operations.get(known.operation);
    if (known && schema) {
      const pathParams = { ...known.pathParams };
      (req as RoutedRequest).openapi = { expressRoute: known.expressRoute, openApiRoute: known.openApiRoute, pathParams, schema, serial: known.serial };
      req.params = pathParams;
      return next();
    }
    return lookUp(req, res, (error?: unknown) => {
      const matched = (req as RoutedRequest).openapi;
      if (error === undefined && matched?.schema) {
        const operation = `${req.method} ${matched.openApiRoute}`;
        operations.set(operation, matched.schema);
        cache.set(key, { expressRoute: matched.expressRoute, openApiRoute: matched.openApiRoute, pathParams: { ...matched.pathParams }, serial: matched.serial, operation });
      }
      next(error);
    });
  };
  return steps.map((step, position) => (position === index ? remembered : step));
}
