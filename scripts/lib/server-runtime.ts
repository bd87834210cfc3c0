/**
 * How the compiled server process is run: by `npm start`, and so by the benchmarks, which
 * measure the server as users run it.
 *
 * The embedded database (PGlite) lives in the server's own memory (about 140 MB of the idle
 * server's 250), so the memory settings of the Node process are the database's too. Measured
 * with `npm run bench:bulk-pull` (three bulk triggers of 100,000 user ids, pull worker running;
 * peak resident memory, 2 cores, 2026-11-22):
 *
 * - glibc keeps what the process frees. A 100,000-id request allocates its 4 MB body and the
 *   database messages as large buffers, and glibc's dynamic threshold soon moves such
 *   buffers from mmap (returned when freed) into its arenas (kept, fragmented), one arena per
 *   thread that contended for one. `MALLOC_MMAP_THRESHOLD_` fixes the threshold at glibc's
 *   own starting value and `MALLOC_ARENA_MAX=1` keeps one arena: about 360 -> 320 MB.
 * - `--expose-gc` lets the server ask for a concurrent full collection after the response to
 *   a request with a body over 1 MiB (server/http/large-body-gc.ts), so that each such
 *   request's garbage (tens of MB) is gone before the next: about 320 -> 300 MB. The data sync
 *   (every 10 batches of a round) and the webhook delivery worker (every 2,500 attempts) ask for
 *   one too (server/shared/gc.ts).
 *
 * Flags that shrink V8's heap for every request (a 2 x 4 MB young generation, a 10% old
 * generation growth step) reached 270 MB but cost the catalog reads a fifth of their
 * throughput and 4 ms of p99, so they are not used.
 *
 * Values the environment sets win (MALLOC_ARENA_MAX=4 npm start); SERVER_NODE_OPTIONS
 * replaces the Node flags (SERVER_NODE_OPTIONS= npm start runs with none).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--expose-gc'];

export const SERVER_ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/** How to run a compiled script: `node <nodeFlags> <script>` with `env`. */
export interface ProcessRuntime {
  nodeFlags: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The Node flags and environment for `node <flags> dist/server/main.js`: this process's
 * environment plus `extra`, over the allocator defaults.
 */
export function serverProcess(extra: NodeJS.ProcessEnv = {}): ProcessRuntime {
  const env = { ...SERVER_ALLOCATOR_ENV, ...process.env, ...extra };
  const override = env.SERVER_NODE_OPTIONS;
  const nodeFlags = override === undefined ? [...SERVER_NODE_FLAGS] : override.split(/\s+/).filter(Boolean);
  return { nodeFlags, env };
}
