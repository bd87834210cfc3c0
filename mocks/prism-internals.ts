/**
 * The one module of mocks/ that relies on Prism beyond its packages' entry points
 * (`createInstance`, `getHttpOperationsFromSpec`, `createLogger`):
 *
 * - two functions required from their `dist/` files, which the entry points do not export:
 *   the router (wrapped by the mock to learn which operation a request matched) and the
 *   parser of the `Prefer` header and the `__code`/`__example`/`__dynamic` query parameters;
 * - the names Prism gives its routing errors and the codes it gives security and
 *   content-type violations;
 * - the wording of its validation messages, which prism-violations.ts takes apart into
 *   422 items (Prism's prefix around ajv's message, and the suffix naming an unknown key).
 *
 * All of it is Prism's private code and may change in any release, so the installed
 * packages must be the exact versions it was checked against, or the mock stops when it
 * loads with a message saying what to re-check (the server's guard of its own dependencies,
 * server/shared/dependency-version.ts). test/mocks/prism-internals.test.ts checks every
 * item below against the installed Prism.
 */
import { createRequire } from 'node:module';
import type { IHttpRequest } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import type { RequestPart } from '../server/shared/error-shape.js';
import { assertDependencyVersion, installedVersion } from '../server/shared/dependency-version.js';

/** The Prism packages whose internals are used here, at the exact versions they were written for. */
export const PRISM_VERSIONS = {
  '@stoplight/prism-http': '5.12.0',
  '@stoplight/prism-http-server': '5.12.2',
} as const;

export type PrismPackage = keyof typeof PRISM_VERSIONS;

/** What to re-check against a new Prism, as the version guard's message names it. */
export const PRISM_INTERNALS_USERS = 'mocks/prism-internals.ts (dist/ requires, error names, message formats) and mocks/prism-violations.ts';

/** Throws when an installed Prism package is not the version above (`found` stands in for the installed versions, for tests). */
export function checkPrismVersions(found: Partial<Record<PrismPackage, string>> = {}): void {
  for (const [name, expected] of Object.entries(PRISM_VERSIONS) as [PrismPackage, string][]) {
    assertDependencyVersion(name, expected, PRISM_INTERNALS_USERS, found[name] ?? installedVersion(name));
  }
}

// Before any dist/ file is required: a moved file or a changed function would otherwise
// fail somewhere in a request, or silently answer differently.
checkPrismVersions();

export type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };
export type Route = (options: { resources: IHttpOperation[]; input: IHttpRequest }) => Either<Error, IHttpOperation>;
export type RequestPreferences = { code?: number; exampleKey?: string; dynamic?: boolean; seed?: string };
export type GetHttpConfigFromRequest = (request: Pick<IHttpRequest, 'headers' | 'url'>) => Either<Error & { detail?: string }, RequestPreferences>;

const require = createRequire(import.meta.url);

/** Prism's router: the operation a request is for, or a routing error (see below). */
export const prismRoute: Route = (require('@stoplight/prism-http/dist/router/index.js') as { default: Route }).default;

/** The mock preferences a request asks for (`Prefer: code=404, example=x, dynamic=true`, or `__code=`...), or a 422 error. */
export const getHttpConfigFromRequest: GetHttpConfigFromRequest = (
  require('@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js') as { getHttpConfigFromRequest: GetHttpConfigFromRequest }
).getHttpConfigFromRequest;

/** Routing errors are named `https://stoplight.io/prism/errors#<type>` (prism-http's router/errors.js). */
export const METHOD_NOT_MATCHED_ERROR = /#NO_METHOD_MATCHED_ERROR$/;
export const NOT_FOUND_ERROR = /#NO_(PATH|SERVER|RESOURCE)_[A-Z_]*ERROR$|#NO_SERVER_CONFIGURATION_PROVIDED_ERROR$/;

/** The `code` of a missing or wrong credential and of a body in a media type the operation does not take. */
export const SECURITY_VIOLATION_CODE = 401;
export const CONTENT_TYPE_VIOLATION_CODE = 415;

/** ajv's message for a missing property, as Prism passes it on; the property is the group. */
export const REQUIRED_PROPERTY = /must have required property '(.+)'$/;

/**
 * The suffix Prism appends to the message of an unknown key, by keyword, the key as its group:
 * "; found 'x'" (additionalProperties), ": 'x'" (unevaluatedProperties).
 */
export const EXTRA_KEY_SUFFIXES: ReadonlyMap<string, RegExp> = new Map([
  ['additionalProperties', /; found '(.+)'$/],
  ['unevaluatedProperties', /: '(.+)'$/],
]);

/**
 * What Prism puts before ajv's message: "Request <part> <property|parameter> <a.b> ", where
 * `segments` are the path of the value inside the part as Prism reports it (unescaped).
 */
export function prismMessagePrefix(part: RequestPart, segments: readonly string[]): string {
  const kind = segments.length > 0 ? (part === 'body' ? 'property ' : 'parameter ') : '';
  return `Request ${part} ${kind}${segments.join('.')}${segments.length > 0 ? ' ' : ''}`;
}
