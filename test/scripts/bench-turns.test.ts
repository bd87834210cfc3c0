/**
 * The benchmarks' side-by-side measure (scripts/bench/lib.ts): targets take turns in rounds,
 * the order rotating, after a warm-up that is not kept; their runs combine into requests over
 * measured time and percentiles over every response but those of each load's opening (before
 * every connection had its first answer), which are counted apart.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { combineRuns, rotatingLoad, takeTurns, type Run } from '../../scripts/bench/lib.js';

const run = (requests: number, seconds: number, latencies: number[], non2xx = 0, opening: number[] = []): Run => ({ requests, seconds, latencies, opening, non2xx, errors: 0, timeouts: 0 });

describe('takeTurns', () => {
  it('when targets are loaded side by side, then each is warmed up once, then they take turns each round with the order rotating, and only the rounds are kept', async () => {
    const calls: string[] = [];
    const target = (name: string) => async (seconds: number) => {
      calls.push(`${name}:${seconds}`);
      return run(calls.length, seconds, [calls.length]);
    };
    const runs = await takeTurns({ server: target('server'), mock: target('mock'), plain: target('plain') }, { rounds: 3, roundSeconds: 2, warmupSeconds: 1 });
    expect(calls).toEqual(['server:1', 'mock:1', 'plain:1', 'server:2', 'mock:2', 'plain:2', 'mock:2', 'plain:2', 'server:2', 'plain:2', 'server:2', 'mock:2']);
    expect(runs.get('server')!.map((r) => r.requests)).toEqual([4, 9, 11]);
    expect(runs.get('mock')!.map((r) => r.requests)).toEqual([5, 7, 12]);
    expect(runs.get('plain')!.map((r) => r.requests)).toEqual([6, 8, 10]);
  });

  it('when there is no warm-up, then the first round is the first load', async () => {
    const calls: number[] = [];
    await takeTurns({ only: async (seconds: number) => (calls.push(seconds), run(1, seconds, [])) }, { rounds: 2, roundSeconds: 5, warmupSeconds: 0 });
    expect(calls).toEqual([5, 5]);
  });
});

describe('combineRuns', () => {
  it('when runs are combined, then the rate is all requests over all measured seconds (not the mean of the rates) and the percentiles cover every response', () => {
    const combined = combineRuns([run(100, 1, [1, 2, 3], 1), run(300, 3, [10, 20, 30, 40, 50, 60, 70], 2)]);
    expect(combined.rps).toBe(100);
    expect(combined.non2xx).toBe(3);
    expect(combined.p50).toBe(20); // nearest rank: the 5th of the 10 latencies, sorted
    expect(combined.p99).toBe(70);
    expect(combined.opening).toBe(0);
    expect(combined.openingMax).toBeNaN();
  });

  it('when runs had an opening, then its responses are counted and their slowest given, and they weigh on no percentile', () => {
    const combined = combineRuns([run(10, 1, [1, 2, 3, 4, 5], 0, [80, 40]), run(10, 1, [1, 2, 3, 4, 5], 0, [60])]);
    expect(combined.p99).toBe(5);
    expect(combined.opening).toBe(3);
    expect(combined.openingMax).toBe(80);
  });
});

/** Runs `measure` against a local server of `handler`, with BENCH_LOAD_CLIENT set to `client` (restored after). */
async function withServer<T>(client: string, handler: http.RequestListener, measure: (url: string) => Promise<T>): Promise<T> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const before = process.env.BENCH_LOAD_CLIENT;
  process.env.BENCH_LOAD_CLIENT = client;
  try {
    return await measure(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    if (before === undefined) delete process.env.BENCH_LOAD_CLIENT;
    else process.env.BENCH_LOAD_CLIENT = before;
    await new Promise((resolve) => server.close(resolve));
  }
}

describe.each(['process', 'inline'] as const)('rotatingLoad (BENCH_LOAD_CLIENT=%s)', (client) => {
  it('when a run is a number of requests, then it asks for the paths in turn, and its seconds run from its start to its last answer, not to autocannon\'s next whole-second tick', async () => {
    let lastAnswer = 0;
    const asked: string[] = [];
    const handler: http.RequestListener = (req, res) => {
      asked.push(`${req.url} ${req.headers['x-bench']}`);
      lastAnswer = performance.now();
      res.end('{}');
    };
    await withServer(client, handler, async (url) => {
      const started = performance.now();
      const paths = ['/a', '/b', '/c', '/d'];
      const measured = await rotatingLoad({ url, connections: 2, amount: 20, headers: { 'x-bench': client }, paths });
      expect(measured.requests).toBe(20);
      // Every 2xx answer is kept, in the opening (at least each connection's first) or after it.
      expect(measured.latencies.length + measured.opening.length).toBe(20);
      expect(measured.opening.length).toBeGreaterThanOrEqual(2);
      expect(asked.sort()).toEqual(paths.flatMap((path) => Array.from({ length: 5 }, () => `${path} ${client}`)));
      // A few dozen local answers take milliseconds; the tick would have made it a whole second.
      // The margin is for a busy machine between the server's last answer and the client's.
      expect(measured.seconds).toBeGreaterThan(0);
      expect(measured.seconds).toBeLessThan((lastAnswer - started) / 1000 + 0.5);
    });
  });

  it('when a server is slow to answer each connection\'s first request, then those answers are the opening and the latencies are the steady ones', async () => {
    // As a busy Node server taking new connections in one per turn: every connection's first
    // request waits 300 ms, every later one is answered at once.
    const handler: http.RequestListener = (req, res) => {
      const first = !(req.socket as { served?: boolean }).served;
      (req.socket as { served?: boolean }).served = true;
      if (first) setTimeout(() => res.end('{}'), 300);
      else res.end('{}');
    };
    await withServer(client, handler, async (url) => {
      const measured = await rotatingLoad({ url, connections: 3, amount: 300, headers: {}, paths: ['/'] });
      expect(measured.requests).toBe(300);
      expect(measured.latencies.length + measured.opening.length).toBe(300);
      expect(measured.opening.filter((ms) => ms >= 300)).toHaveLength(3);
      expect(measured.latencies.length).toBeGreaterThan(250);
      expect(Math.max(...measured.latencies)).toBeLessThan(300);
      expect(combineRuns([measured])).toMatchObject({ opening: measured.opening.length, openingMax: Math.max(...measured.opening) });
    });
  });
});
