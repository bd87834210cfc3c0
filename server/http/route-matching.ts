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
  const require = createRequire(import.meta.url);
  const validatorEntry = require.resolve('express-openapi-validator');
  const pathToRegexpModule = require(require.resolve('path-to-regexp', { paths: [validatorEntry] })) as {
    pathToRegexp: ((path: string, options?: Record<string, unknown>) => unknown) & { memoised?: true };
  };
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
