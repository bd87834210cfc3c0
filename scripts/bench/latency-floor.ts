/**
 * What p99 one Node event loop gives at a number of connections for a given CPU time per request
 * (`npm run bench:latency-floor`): the floor under every p99 goal of the other benches, which
 * load one server process at 10 connections. Prints a table; asserts nothing.
 *
 * For each of LATENCY_FLOOR_WORK_MS (default 0.5,1,2,4), a bare Node HTTP server spending that
 * much CPU per request (fixed-work-server.ts, compiled, in a process of its own) is loaded at
 * BENCH_CONNECTIONS (10) connections for LATENCY_FLOOR_SECONDS (5) after BENCH_WARMUP_SECONDS (1),
 * with the load generator every bench uses (lib.ts, rotatingLoad).
 *
 * With every connection waiting, each request waits for the others' work: p50 is about
 * connections x work. Handled in the order Node emits them (`node`), p99 is about twice that,
 * and the last column says why: the share of requests that waited a second turn (more than one
 * and a half times the other connections served between a connection's answer and its next
 * request). Linux reports a connection that was readable at one poll after those that became
 * readable before it; a request that arrives just after Node polled (often the one answered
 * last) waits for a whole turn of the others first, then for them again in the next. Handled
 * the longest-waiting connection first, as the server handles its requests
 * (server/http/fair-dispatch.ts, `oldest-first`), each waits one turn. Both rows of a work time
 * are measured one after the other.
 */
import path from 'node:path';
import { isMainModule } from '../lib/main-module.js';
import { compile, DIST } from '../compile.js';
import { combineRuns, freePort, printTable, rotatingLoad, spawnQuiet, stop, waitForHttp } from './lib.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.LATENCY_FLOOR_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const WORK_MS = (process.env.LATENCY_FLOOR_WORK_MS ?? '0.5,1,2,4').split(',').map(Number);

/** The share of requests that waited more than one turn of the other connections. */
function secondTurnShare(turns: Record<string, number>): number {
  let all = 0;
  let late = 0;
  for (const [others, requests] of Object.entries(turns)) {
    all += requests;
    if (Number(others) > 1.5 * (CONNECTIONS - 1)) late += requests;
  }
  return all === 0 ? Number.NaN : late / all;
}

async function measure(workMs: number, dispatch: 'node' | 'oldest-first') {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnQuiet(process.execPath, [path.join(DIST, 'scripts/bench/fixed-work-server.js')], { PORT: String(port), WORK_MS: String(workMs), DISPATCH: dispatch });
  try {
    await waitForHttp(`${url}/turns`, performance.now());
    const load = (seconds: number) => rotatingLoad({ url, connections: CONNECTIONS, seconds, headers: {}, paths: ['/'] });
    if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
    await fetch(`${url}/turns`).then((response) => response.arrayBuffer());
    const run = combineRuns([await load(SECONDS)]);
    const turns = (await (await fetch(`${url}/turns`)).json()) as Record<string, number>;
    return [workMs, dispatch, run.rps.toFixed(0), run.p50.toFixed(1), run.p99.toFixed(1), (run.p99 / (CONNECTIONS * workMs)).toFixed(2), `${(100 * secondTurnShare(turns)).toFixed(1)}%`];
  } finally {
    await stop(child);
  }
}

export async function benchLatencyFloor(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const rows: (string | number)[][] = [];
  for (const workMs of WORK_MS) for (const dispatch of ['node', 'oldest-first'] as const) rows.push(await measure(workMs, dispatch));
  printTable(
    `One Node event loop (a bare HTTP server) spending a fixed CPU time per request, at ${CONNECTIONS} connections`,
    ['work per request, ms', 'requests handled', 'req/s', 'p50 ms', 'p99 ms', 'p99 / (connections x work)', 'requests that waited a second turn'],
    rows,
  );
}

if (isMainModule(import.meta.filename)) await benchLatencyFloor();
