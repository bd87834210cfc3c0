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

/**
 * What the load measured: requests, measured seconds, and the time of every 2xx response, those
 * of the load's opening apart.
 */
export interface LoadResult {
  requests: number;
  seconds: number;
  /** The 2xx responses to requests sent once every connection had had its first answer. */
  latencies: number[];
  /** The 2xx responses to requests sent before then: the load's opening, left out of `latencies`. */
  opening: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * Why a load's opening is measured apart: autocannon opens its connections all at once, and a
 * Node server accepts one new connection per turn of its event loop (one accept4 per poll, seen
 * with strace; a bare `http` server does the same). A busy server therefore takes the tenth
 * connection in only after nine turns of the others' requests: its first request waits for all
 * of them, and at 10 connections the last first answers came 50 to 80 ms after the load began,
 * for 1 ms of work per request. A bench that loads in rounds opens its connections each round,
 * and those few answers made the p99 of a round of 400 bookings. A client that keeps its
 * connections, as the SDKs do, meets this once. So the latencies are those of requests sent
 * once every connection has had an answer; the opening's are kept apart (`opening`), and its
 * requests count in the rate as every other.
 */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  const { paths, bodies } = job;
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const opening: number[] = [];
    const answered = new Set<unknown>();
    /** performance.now() when the last connection had its first answer. */
    let steadyFrom = Number.POSITIVE_INFINITY;
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
        resolve({ requests: result.requests.total, seconds, latencies, opening, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts });
      },
    );
    instance.on('response', (client, status, _bytes, ms) => {
      const now = performance.now();
      lastAnswer = now;
      if (answered.size < job.connections) {
        answered.add(client);
        if (answered.size === job.connections) steadyFrom = now;
      }
      if (status < 200 || status >= 300) return;
      // Sent (now - ms) before every connection had been answered once: the opening.
      if (now - ms >= steadyFrom) latencies.push(ms);
      else opening.push(ms);
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
