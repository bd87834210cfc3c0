/**
 * The time source of the jobs (the pull engine, the syncs, the retention and checkpoint
 * rounds): `now()` in epoch milliseconds and a `sleep` that a signal cuts short. The system
 * clock in production; a fake one in tests, so throttles are checked over hours of simulated
 * time. It lives here, not in the domain: domain rules take the time as a value and never
 * read a clock (test/server/layers.test.ts).
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
