/**
 * The load generator of the benches (autocannon) in a process of its own: lib.ts's
 * `rotatingLoad` forks this file (compiled, dist/scripts/bench/load-client.js), sends it one
 * load over IPC and gets back what autocannon measured.
 *
 * Why a process of its own: in the bench's process, autocannon shares an event loop and a heap
 * with whatever the bench holds and did (the seeded users, the latencies of earlier runs, the
 * database it wrote the data with). A response that arrives while that process collects is
 * timed late, and the delay is the client's, not the server's.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { isMainModule } from '../lib/main-module.js';

/** One load, as `rotatingLoad` asks it: the `n`th request asks for `paths[n % paths.length]` (with `bodies[n % bodies.length]`). */
export interface LoadJob {
  url: string;
  connections: number;
  headers: Record<string, string>;
  method: 'GET' | 'POST';
  paths: readonly string[];
  bodies: readonly string[] | null;
  seconds: number | null;
  amount: number | null;
}

/** What the load measured: requests, measured seconds, and the time of every 2xx response. */
export interface LoadResult {
  requests: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

export function runLoad(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  const { paths, bodies } = job;
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    // autocannon ends a run of `amount` requests at its next whole-second tick, and its duration
    // counts up to that tick: 400 bookings answered in 1.4 s read as 2 s, 200 req/s. Such a run
    // is timed here, from its start to its last answer.
    const started = performance.now();
    let lastAnswer = started;
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        ...(job.amount !== null ? { amount: job.amount } : { duration: job.seconds ?? 1 }),
        headers: job.headers,
        requests: [{
          method: job.method,
          ...(bodies && { body: bodies[0] }),
          setupRequest: (request) => {
            const n = next++;
            return { ...request, path: paths[n % paths.length]!, ...(bodies && { body: bodies[n % bodies.length] }) };
          },
        }],
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const seconds = job.amount !== null ? (lastAnswer - started) / 1000 : result.duration;
        resolve({ requests: result.requests.total, seconds, latencies, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      lastAnswer = performance.now();
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

// Forked by rotatingLoad: one job in, its result (or its error's message) out, then exit.
if (process.send && isMainModule(fileURLToPath(import.meta.url))) {
  process.once('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
    );
  });
}
