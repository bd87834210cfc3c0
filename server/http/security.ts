import type { Request } from 'express';
import type { OpenApiDocument } from '../shared/documents.js';
import { listOperations } from '../shared/operations.js';
import { whenReady, type MaybePromise } from './maybe-promise.js';

/**
 * Resolves the credential of a request into the handlers' context, or throws an ApiError
 * (401/403): at once when it can (a cached key), else through a promise.
 */
export type Authenticator<Ctx> = (req: Request) => MaybePromise<Ctx>;

type SecurityRequirements = Record<string, unknown>[];

/** `ApiKeyAuth`, `ApiKeyAuth | LinkToken`: how `authenticators` names an operation's security. */
export const securityKey = (security: SecurityRequirements): string => security.map((requirement) => Object.keys(requirement).join(' & ')).join(' | ');

const CONTEXT = Symbol('handler context');
const AUTHENTICATED = Symbol('authentication');
const REFUSAL = Symbol('authentication refusal');

type OperationRequest = Request & { openapi?: { schema?: { operationId?: string } } };
type Authenticated<Ctx> = Request & { [CONTEXT]?: Ctx; [AUTHENTICATED]?: MaybePromise<Ctx>; [REFUSAL]?: unknown };

/** The handlers' context of an authenticated request (set by the security handlers). */
export const contextOf = <Ctx>(req: Request): Ctx => (req as Authenticated<Ctx>)[CONTEXT] as Ctx;

/**
 * The validator's security handlers of a document, one per scheme, and the reason to send
 * when a request is refused.
 *
 * The validator calls the handler of each scheme an operation lists; all of them run the
 * operation's one authenticator, once per request (so a key and a token sent together are
 * judged together, and looked up once). Every `security` of the document must have an
 * authenticator, checked when the app is built.
 */
export function securityHandlers<Ctx>(document: OpenApiDocument, authenticators: Record<string, Authenticator<Ctx>>, apiName: string) {
  const root = document as {
    security?: SecurityRequirements;
    paths?: Record<string, Record<string, { security?: SecurityRequirements } | undefined>>;
    components?: { securitySchemes?: Record<string, unknown> };
  };
  // The authenticator of each operation, by operationId: a table of the document, built once.
  const byOperation = new Map<string, Authenticator<Ctx>>();
  const missing = new Set<string>();
  for (const { method, path, operationId } of listOperations(document)) {
    const security = root.paths?.[path]?.[method]?.security ?? root.security ?? [];
    if (security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0)) continue;
    const found = authenticators[securityKey(security)];
    if (found) byOperation.set(operationId, found);
    else missing.add(securityKey(security));
  }
  if (missing.size > 0) throw new Error(`The ${apiName} API has no authenticator for the security ${[...missing].map((key) => `"${key}"`).join(', ')}.`);
  const fallback = authenticators[securityKey(root.security ?? [])];

  const authenticate = (req: Request): MaybePromise<Ctx> => {
    const request = req as Authenticated<Ctx>;
    let found = request[AUTHENTICATED];
    if (found === undefined) {
      const operationId = (req as OperationRequest).openapi?.schema?.operationId;
      const authenticator = (operationId === undefined ? undefined : byOperation.get(operationId)) ?? fallback;
      if (!authenticator) throw new Error(`No authenticator for the operation ${operationId ?? '(none)'}`);
      try {
        found = authenticator(req);
      } catch (error) {
        request[REFUSAL] = error;
        throw error;
      }
      if (found instanceof Promise) found.catch((error: unknown) => (request[REFUSAL] = error));
      request[AUTHENTICATED] = found;
    }
    return found;
  };

  const handlers = Object.fromEntries(
    Object.keys(root.components?.securitySchemes ?? {}).map((scheme) => [
      scheme,
      (req: Request) =>
        whenReady(authenticate(req), (context) => {
          (req as Authenticated<Ctx>)[CONTEXT] = context;
          return true;
        }),
    ]),
  );

  /**
   * Why the authenticator refused a request. When every alternative fails, the validator
   * reports the first one's error, which for `ApiKeyAuth | LinkToken` with only a (bad) token
   * is "x-vital-api-key header required": the authenticator's own reason is the one to send.
   */
  const refusal = (req: Request, error: unknown) => {
    const request = req as Authenticated<Ctx>;
    return (error as { status?: number } | null)?.status === 401 && REFUSAL in request ? request[REFUSAL] : error;
  };
  return { handlers, refusal };
}
