/**
 * V8's collector, which Node puts on `globalThis` with `--expose-gc`: `npm start` runs the server
 * with it (scripts/lib/server-runtime.ts). Work that allocates fast and keeps little (a large
 * request body, a data sync round, a backlog of webhook deliveries) leaves its garbage in the old
 * generation, which V8 lets grow far above what the server lives on before it collects it; such
 * work asks for a full collection now and then, run concurrently, so that the server's memory
 * stays near what it keeps. Without the flag there is no collector to ask, and nothing is done.
 */
export type GcFunction = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

/** The collector `--expose-gc` exposes, or undefined. */
export const exposedGc = (): GcFunction | undefined => (globalThis as { gc?: GcFunction }).gc;

/** Asks for a full collection, marked concurrently while the server goes on. */
export function collectConcurrently(gc: GcFunction): void {
  gc({ type: 'major', execution: 'async' });
}

/**
 * A counter of units of work (batches, attempts) that asks `gc` for a concurrent full collection
 * every `every` units; with `every` 0 or no collector, it counts and does nothing.
 */
export function collectEvery(every: number, gc: GcFunction | undefined = exposedGc()): () => void {
  let count = 0;
  return () => {
    count += 1;
    if (gc && every > 0 && count % every === 0) collectConcurrently(gc);
  };
}
