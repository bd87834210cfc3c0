import { createRequire } from 'node:module';

/**
 * Response validation that is cheap for memoised bodies. express-openapi-validator checks
 * every body a handler sends through `res.json` against the operation's response schema (it
 * compiles each operation's validators once, on first use). A memoised catalog body is a
 * frozen object that never changes, so once it passed for an operation and status it need
 * not be checked (nor serialised) again: `createApiApp` asks `passesValidation` on its first
 * send and then serves its memoised bytes. A body that fails is never remembered, so it is
 * caught (a 500) on every send. It wraps an internal of express-openapi-validator, so it is
 * covered by the exact-version check that `patchValidator` runs first (validator-patches.ts).
 */

interface ValidateArgs {
  body: unknown;
  statusCode?: number;
}
type Validate = ((this: unknown, args: ValidateArgs) => unknown) & { observed?: true };

type Listener = (body: unknown, statusCode: number | undefined) => void;
const listeners = new Set<Listener>();

/** The body whose validation is being watched (sends are synchronous, so one at a time). */
let watched: { body: unknown; passed: boolean } | null = null;

/**
 * Wraps the validator's response check (`ResponseValidator.prototype._validate`, the one
 * call that runs the compiled schema) so that a send can learn whether its body passed, and
 * tests can count the checks. Idempotent.
 */
export function observeResponseValidator(): void {
  const require = createRequire(import.meta.url);
  const file = require.resolve('express-openapi-validator/dist/middlewares/openapi.response.validator.js', { paths: [require.resolve('express-openapi-validator')] });
  const prototype = (require(file) as { ResponseValidator: { prototype: { _validate: Validate } } }).ResponseValidator.prototype;
  const original = prototype._validate;
  if (original.observed) return;
  prototype._validate = Object.assign(
    function (this: unknown, args: ValidateArgs) {
      for (const listener of listeners) listener(args.body, args.statusCode);
      const result = original.call(this, args);
      if (watched !== null && watched.body === args.body) watched.passed = true;
      return result;
    },
    { observed: true as const },
  );
}

/**
 * Calls `sendJson` (a `res.json(body)`) and tells whether the response validator checked
 * `body` and found it valid. False when it failed, or when no check ran.
 */
export function passesValidation(body: object, sendJson: () => void): boolean {
  const outer = watched;
  const current = { body, passed: false };
  watched = current;
  try {
    sendJson();
  } finally {
    watched = outer;
  }
  return current.passed;
}

/** For tests: `listener` is called with the body and status of every response check; returns the unsubscribe. */
export function onResponseValidation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
