import { createRequire } from 'node:module';
import { assertDependencyVersion } from '../shared/dependency-version.js';
import { BoundedMap } from './bounded-map.js';
import { copyParameters } from './query-parser.js';

/** The express-openapi-validator these patches were written against (they reach into its dist files). */
export const VALIDATOR_PATCHED_VERSION = '5.6.2';

/**
 * How often the patched functions ran the validator's own code, and how often a memo
 * answered instead: tests read them to see that each patch takes effect.
 */
export const validatorPatchCounters = { patternCompilations: 0, routeWalks: 0, routeMemoHits: 0, parameterNormalisations: 0, objectShapeChecks: 0, requestChecks: 0, requestCheckMemoHits: 0 };

/**
 * Speed patches of express-openapi-validator 5.6: work it repeats on every request whose
 * result depends only on the document is done once. Each patch is idempotent, keeps the
 * validator's answers, and is tested on a real validator app (test/http/validator-patches.test.ts).
 */
export function patchValidator(found?: string): void {
  assertDependencyVersion('express-openapi-validator', VALIDATOR_PATCHED_VERSION, 'server/http (validator-patches.ts, response-validation.ts)', found);
  memoiseValidatorRouteMatching();
  memoiseValidatorRouteLookup();
  memoiseValidatorParameterShapes();
  memoiseValidatorRequestChecks();
}

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
          validatorPatchCounters.patternCompilations += 1;
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
      let compiled = slots[slot];
      if (compiled === undefined) {
        validatorPatchCounters.patternCompilations += 1;
        compiled = slots[slot] = original(path, options);
      }
      return compiled;
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

/** Routes remembered per validator (the memo starts over when full: paths carry ids). */
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
      const found = new BoundedMap<string, RouteMatch>(ROUTE_MEMO_SIZE);
      return (req, res, next) => {
        const url = context.useRequestUrl ? req.url : req.originalUrl;
        const query = url.indexOf('?');
        const key = `${req.method} ${req.baseUrl} ${query === -1 ? url : url.slice(0, query)}`;
        const match = found.get(key);
        if (match) {
          validatorPatchCounters.routeMemoHits += 1;
          req.openapi = { ...match, pathParams: { ...match.pathParams } };
          req.params = req.openapi.pathParams;
          next();
          return;
        }
        validatorPatchCounters.routeWalks += 1;
        lookUp(req, res, (error?: unknown) => {
          const matched = req.openapi;
          if (error === undefined && matched?.schema) found.set(key, { ...matched, pathParams: { ...matched.pathParams } });
          next(error);
        });
      };
    },
    { memoised: true as const },
  );
}

type NormalizeParameter = ((ajv: object, parameter: object) => { name: string; schema: unknown }) & { memoised?: true };

/**
 * For every parameter of the route of every request, the validator's request mutator
 * normalises the parameter (resolving its schema through ajv) and walks its schema to see
 * whether it is an object (`isObjectOrXOf`, 1.3% of a marker search on its own). Both
 * depend only on the document's objects, so both are memoised by object. Idempotent.
 */
export function memoiseValidatorParameterShapes(): void {
  const util = requireFromValidator<{ normalizeParameter: NormalizeParameter }>('express-openapi-validator/dist/middlewares/parsers/util.js');
  const original = util.normalizeParameter;
  if (!original.memoised) {
    const byAjv = new WeakMap<object, WeakMap<object, { name: string; schema: unknown }>>();
    util.normalizeParameter = Object.assign(
      (ajv: object, parameter: object) => {
        let byParameter = byAjv.get(ajv);
        if (!byParameter) byAjv.set(ajv, (byParameter = new WeakMap()));
        let normalised = byParameter.get(parameter);
        if (!normalised) {
          validatorPatchCounters.parameterNormalisations += 1;
          byParameter.set(parameter, (normalised = original(ajv, parameter)));
        }
        return normalised;
      },
      { memoised: true as const },
    );
  }

  const mutator = requireFromValidator<{ RequestParameterMutator: { prototype: { isObjectOrXOf: ((schema: unknown) => boolean) & { memoised?: true } } } }>(
    'express-openapi-validator/dist/middlewares/parsers/req.parameter.mutator.js',
  ).RequestParameterMutator.prototype;
  const isObjectOrXOf = mutator.isObjectOrXOf;
  if (!isObjectOrXOf.memoised) {
    const known = new WeakMap<object, boolean>();
    mutator.isObjectOrXOf = Object.assign(
      function (this: unknown, schema: unknown) {
        if (typeof schema !== 'object' || schema === null) return isObjectOrXOf.call(this, schema);
        let answer = known.get(schema);
        if (answer === undefined) {
          validatorPatchCounters.objectShapeChecks += 1;
          known.set(schema, (answer = isObjectOrXOf.call(this, schema)));
        }
        return answer;
      },
      { memoised: true as const },
    );
  }
}

interface ValidatedRequest extends RouteRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
  body?: unknown;
  cookies?: unknown;
}
type ValidateRequest = ((this: object, req: ValidatedRequest, res: unknown, next: (error?: unknown) => void) => unknown) & { memoised?: true };
interface OperationParameter {
  in?: string;
  $ref?: string;
}

/** Request checks remembered per validator (the memo starts over when full: URLs carry ids and queries). */
const CHECK_MEMO_SIZE = 10_000;
/** Longer URLs are checked every time (they are rare, and each would hold memory). */
const CHECK_MEMO_MAX_URL = 2048;

/**
 * A request without a body (most GETs) is judged by the validator on its operation, its URL
 * (path params and query) and its header and cookie parameters alone. When the operation
 * declares no header or cookie parameter, the verdict of a URL is the same every time, so a
 * URL that passed once passes again: the validator's request mutator, its unknown-parameter
 * check and its ajv run (about 10% of a catalog read) are skipped, and the request gets its
 * own copy of what the validator made of the first one (the query with its types and
 * defaults, the path params with theirs). A request with a body or a Content-Type, or whose
 * check failed, is checked every time. Authentication is a middleware of its own and runs on
 * every request. Idempotent.
 */
export function memoiseValidatorRequestChecks(): void {
  const { RequestValidator } = requireFromValidator<{ RequestValidator: { prototype: { validate: ValidateRequest } } }>(
    'express-openapi-validator/dist/middlewares/openapi.request.validator.js',
  );
  const original = RequestValidator.prototype.validate;
  if (original.memoised) return;
  const passedByValidator = new WeakMap<object, BoundedMap<string, { query: object; pathParams: Record<string, string> }>>();
  const plainByOperation = new WeakMap<object, boolean>();
  RequestValidator.prototype.validate = Object.assign(
    function (this: object & { apiDoc?: { components?: { parameters?: Record<string, OperationParameter> } } }, req: ValidatedRequest, res: unknown, next: (error?: unknown) => void) {
      const openapi = req.openapi;
      const schema = openapi?.schema as { parameters?: OperationParameter[] } | undefined;
      if (!openapi || !schema || req.body !== undefined || req.cookies !== undefined || req.headers['content-type'] !== undefined || req.originalUrl.length > CHECK_MEMO_MAX_URL) {
        return original.call(this, req, res, next);
      }
      let plain = plainByOperation.get(schema);
      if (plain === undefined) {
        const components = this.apiDoc?.components?.parameters ?? {};
        const resolve = (parameter: OperationParameter) => (parameter.$ref?.startsWith('#/components/parameters/') ? components[parameter.$ref.slice('#/components/parameters/'.length)] : parameter);
        plain = (schema.parameters ?? []).every((parameter) => {
          const location = resolve(parameter)?.in;
          return location === 'path' || location === 'query';
        });
        plainByOperation.set(schema, plain);
      }
      if (!plain) return original.call(this, req, res, next);
      let passed = passedByValidator.get(this);
      if (!passed) passedByValidator.set(this, (passed = new BoundedMap(CHECK_MEMO_SIZE)));
      const key = `${req.method} ${openapi.expressRoute} ${req.originalUrl}`;
      const known = passed.get(key);
      if (known) {
        validatorPatchCounters.requestCheckMemoHits += 1;
        Object.defineProperty(req, 'query', { value: copyParameters(known.query), writable: true });
        openapi.pathParams = copyParameters(known.pathParams);
        req.params = openapi.pathParams;
        next();
        return undefined;
      }
      validatorPatchCounters.requestChecks += 1;
      return original.call(this, req, res, (error?: unknown) => {
        // Copied before the request goes on: a handler may change its query.
        if (error === undefined) passed.set(key, { query: copyParameters((req.query ?? {}) as object), pathParams: copyParameters(req.openapi?.pathParams ?? {}) });
        next(error);
      });
    },
    { memoised: true as const },
  );
}
