import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiDocument } from '../shared/documents.js';
import { patternMessages, type ValidationErrorItem } from '../shared/error-shape.js';
import { mergeItems, parameterRules, readParameters, takesEmptyValue, type ParameterRule } from '../shared/parameter-values.js';
import { prepareForRuntimeValidation } from '../shared/runtime-spec.js';
import { ValidationFailure } from './api-error.js';
import { validatorItems } from './error-middleware.js';
import { SERVER_FORMATS } from './formats.js';

/**
 * How the server reads query strings, beyond what the documents say:
 * - a reserved character sent unencoded (`?expires_at=2026-11-22T12:00:00Z`,
 *   `?search_query=R&D (EU)` from `encodeURIComponent`, which leaves `'()*!`)
 *   is read as itself: the query parser decodes either form, so refusing the
 *   unencoded one (the validator's default, `allowReserved: false`) only turns
 *   away clients;
 * - an empty optional text parameter (`?name=`) is the empty string, as the
 *   documents' defaults (`name` defaults to '') say. Parameters with a format
 *   (uuid, date-time), numbers and arrays keep rejecting an empty value
 *   (takesEmptyValue, which the mock applies too).
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
    if (takesEmptyValue(parameter)) parameter.allowEmptyValue = true;
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
 * express-openapi-validator's steps for one document: the operation of each request, its
 * security (the handlers of security.ts), and its parameters and body against the document.
 * Responses are checked by the server itself (response-validation.ts). Its request step reads
 * numeric and boolean parameters by the API's own rule first (readParameterValues).
 */
export function requestValidator(document: OpenApiDocument, security: Record<string, (req: never) => unknown>): RequestHandler[] {
  const prepared = lenientQueryParameters(prepareForRuntimeValidation(document));
  const steps = OpenApiValidator.middleware({
    apiSpec: prepared as never,
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
    validateResponses: false,
    validateSecurity: { handlers: security as never },
    ignoreUndocumented: false,
    // No operation takes multipart/form-data: its middleware would only check that, on every request.
    fileUploader: false,
  }) as RequestHandler[];
  const rules = parameterRules(prepared);
  const messages = patternMessages(document);
  return steps.map((step) => (step.name === 'requestMiddleware' ? readParameterValues(step, rules, messages) : step));
}

type OpenApiRequest = { openapi?: { schema?: { operationId?: string }; pathParams?: Record<string, unknown> } };

/**
 * The validator's request step, after the numeric and boolean parameters of the operation are
 * read by the rule of server/shared/parameter-values.ts (the mock's too): `?size=%2005` goes on
 * as `5`, `?size=Infinity` is a 422 at `["query", "size"]`, where the validator's coercion
 * (ajv's `+value`) would take `Infinity`, `1e400` as Infinity and `0x10` as 16. A request with
 * refused values still runs the validator's step, so the 422 lists every violation. The step
 * keeps its name: request-checks.ts finds it by that name.
 */
function readParameterValues(step: RequestHandler, rules: ReadonlyMap<string, readonly ParameterRule[]>, messages: ReturnType<typeof patternMessages>): RequestHandler {
  const wrapped: Record<string, RequestHandler> = {
    requestMiddleware(req, res, next) {
      const openapi = (req as OpenApiRequest).openapi;
      const operationRules = openapi?.schema?.operationId === undefined ? undefined : rules.get(openapi.schema.operationId);
      if (!operationRules) return step(req, res, next);
      const { items } = readParameters(operationRules, {
        query: (req.query ?? {}) as Record<string, unknown>,
        path: openapi?.pathParams ?? {},
        header: req.headers as Record<string, unknown>,
      });
      if (items.length === 0) return step(req, res, next);
      let done = false;
      const refuse = (error?: unknown) => {
        if (done) return;
        done = true;
        const theirs = (error as { status?: number; errors?: unknown } | undefined)?.status === 400 && Array.isArray((error as { errors?: unknown }).errors);
        if (error !== undefined && !theirs) return next(error);
        const other: ValidationErrorItem[] = theirs ? validatorItems((error as { errors: never[] }).errors, messages) : [];
        next(new ValidationFailure(mergeItems(items, other)));
      };
      try {
        const result: unknown = step(req, res, refuse);
        if (result instanceof Promise) result.catch(refuse);
      } catch (error) {
        refuse(error);
      }
    },
  };
  return wrapped.requestMiddleware!;
}
