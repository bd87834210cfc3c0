/**
 * A background job that works in rounds (the data sync, webhook event retention): a round at
 * start, then one `pauseMs` after each round ends, until stopped. One round runs at a time per
 * process: `runOnce` (a refresh, a test) waits for the running round, then runs its own. A
 * round that throws is reported to `failed` and the next comes as usual.
 */
import type { Clock } from './clock.js';

export interface Rounds<R> {
  /** Runs one round now, after the running one; resolves with its result. */
  runOnce(): Promise<R>;
  /** Ends the loop once the running round is over (`stopping()` tells a round to finish early). */
  stop(): Promise<void>;
}

export function runInRounds<R>(options: {
  clock: Clock;
  pauseMs: number;
  round: (stopping: () => boolean) => Promise<R>;
  done: (result: R, ms: number) => void;
  failed: (error: unknown) => void;
}): Rounds<R> {
  const abort = new AbortController();
  const stopping = () => abort.signal.aborted;
  let running: Promise<unknown> = Promise.resolve();

  const runOnce = (): Promise<R> => {
    const next = running.then(() => options.round(stopping));
    running = next.catch(() => undefined);
    return next;
  };

  const loop = (async () => {
    while (!stopping()) {
      try {
        const started = performance.now();
        const result = await runOnce();
        options.done(result, Math.round(performance.now() - started));
      } catch (error) {
        if (!stopping()) options.failed(error);
      }
      await options.clock.sleep(options.pauseMs, abort.signal);
    }
  })();

  return {
    runOnce,
    stop: async () => {
      abort.abort();
      await loop;
    },
  };
}
