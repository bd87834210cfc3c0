/**
 * The time source of the pull engine: `now()` in epoch milliseconds and a
 * `sleep` that a signal cuts short. The system clock in production; a fake
 * one in tests, so throttles are checked over hours of simulated time.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};
