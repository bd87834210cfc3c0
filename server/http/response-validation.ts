import { createRequire } from 'node:module';
import type { Request } from 'express';

/**
 * Response validation without the detour through `res.json`. express-openapi-validator checks
 * a body when the handler calls `res.json`: its per-request hook runs the operation's compiled
 * response schema, then Express serialises the body. Our bodies are serialised by
 * frozen-parts.ts (frozen parts from their memoised bytes) and sent as bytes, so `createApiApp`
 * asks the validator's own check directly (`checkResponse`) and then sends the bytes, as it
 * does without validation. The check is the same one, with the same compiled schemas and the
 * same 500 when a body does not match; what is skipped is Express's `res.json` path (about 4%
 * of a `POST /v3/order` on PGlite, measured in alternation). A memoised catalog body is a frozen
 * object that never changes, so once it passed for an operation and status it need not be
 * checked again (createApiApp remembers it).
 *
 * It uses internals of express-openapi-validator (`ResponseValidator`'s `validate`,
 * `_getOrBuildValidator` and `_validate`), so it is covered by the exact-version check that
 * `patchValidator` runs first (validator-patches.ts).
 */

interface ValidateArgs {
  validators: unknown;
  body: unknown;
  statusCode?: number;
  path: string;
  accepts: string[];
}
interface ResponseValidator {
  serial: number;
  _getOrBuildValidator(req: unknown, responses: unknown): unknown;
  _validate(args: ValidateArgs): void;
}
type Validate = ((this: ResponseValidator, args: ValidateArgs) => void) & { observed?: true };
interface ResponseValidatorPrototype {
  validate(this: ResponseValidator): unknown;
  _validate: Validate;
}

type Listener = (body: unknown, statusCode: number | undefined) => void;
const listeners = new Set<Listener>();

/**
 * The validator of each document an app validates (by its `serial`, which the validator's
 * metadata puts in `req.openapi`), noted as the validator builds its response middleware: before
 * the first request of the document reaches a handler. Held weakly: it goes with its app.
 */
const validators = new Map<number, WeakRef<ResponseValidator>>();
const forget = new FinalizationRegistry<number>((serial) => {
  if (validators.get(serial)?.deref() === undefined) validators.delete(serial);
});

/**
 * Keeps each response validator as it is built, and wraps its check (`_validate`, the one call
 * that runs the compiled schema) so that tests can count the checks. Idempotent.
 */
export function observeResponseValidator(): void {
  const require = createRequire(import.meta.url);
  const file = require.resolve('express-openapi-validator/dist/middlewares/openapi.response.validator.js', { paths: [require.resolve('express-openapi-validator')] });
  const prototype = (require(file) as { ResponseValidator: { prototype: ResponseValidatorPrototype } }).ResponseValidator.prototype;
  const original = prototype._validate;
  if (original.observed) return;
  const buildMiddleware = prototype.validate;
  prototype.validate = function (this: ResponseValidator) {
    validators.set(this.serial, new WeakRef(this));
    forget.register(this, this.serial);
    return buildMiddleware.call(this);
  };
  prototype._validate = Object.assign(
    function (this: ResponseValidator, args: ValidateArgs) {
      for (const listener of listeners) listener(args.body, args.statusCode);
      return original.call(this, args);
    },
    { observed: true as const },
  );
}

interface OperationRequest {
  openapi?: { serial: number; _responseSchema?: { responses?: unknown } };
}

/**
 * Checks `body` as the JSON response `status` of the request's operation, with the validator's
 * compiled schemas; throws the validator's error (a 500 naming what does not match) when it
 * does not. Throws too when the request's document has no response validator: a body is never
 * sent unchecked by mistake.
 */
export function checkResponse(req: Request, status: number, body: unknown): void {
  const openapi = (req as OperationRequest).openapi;
  const validator = openapi === undefined ? undefined : validators.get(openapi.serial)?.deref();
  if (openapi === undefined || validator === undefined) throw new Error(`No response validator for ${req.method} ${req.originalUrl}`);
  validator._validate({
    validators: validator._getOrBuildValidator(req, openapi._responseSchema?.responses),
    body,
    statusCode: status,
    path: req.originalUrl,
    accepts: ['application/json'],
  });
}

/** For tests: `listener` is called with the body and status of every response check; returns the unsubscribe. */
export function onResponseValidation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
