/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `then` for a value that may already be there: `next` runs at once on a plain value (no
 * promise, no microtask), or after a promise. Authentication answers a cached key this way.
 */
export function whenReady<T, U>(value: MaybePromise<T>, next: (ready: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
