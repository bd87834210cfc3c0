/**
 * The diagnosis search (`npm run bench:insurance`): req/s, p50 and p99 of
 * GET /v3/insurance/search/diagnosis at BENCH_CONNECTIONS (10) connections on the compiled
 * server exactly as `npm start` runs it (its flags and environment, so responses are
 * validated), on PGlite. The queries rotate over code prefixes (`E11`, `e78.0`, `Z13.2`: a few to
 * 50 hits), exact codes and words of titles (`iron defic anem`, `screening`), so every kind of
 * search and answer size is measured. Prints a table; asserts nothing.
 *
 * Environment: BENCH_SECONDS (measured seconds, default 10), BENCH_WARMUP_SECONDS (2),
 * BENCH_CONNECTIONS (10), BENCH_SKIP_COMPILE=1 (reuse dist/).
 */
import { fileURLToPath } from 'node:url';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { compile } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { startSandboxServer } from './engines.js';
import { percentile, printTable, rotatingLoad, type Run } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TEAM_API_KEY = 'bench-insurance-team-api-key';
const MANAGEMENT_KEY = 'bench-insurance-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const P99_TARGET_MS = 20;

const QUERIES = ['E11', 'e78.0', 'Z13.2', 'E11.9', 'N18', 'iron defic anem', 'screening', 'vitamin d', 'hypothyroidism', 'D50.9', 'Z', 'chronic kidney'];

/** Load on the search, the queries in turn. */
const load = (url: string, seconds: number): Promise<Run> =>
  rotatingLoad({
    url,
    connections: CONNECTIONS,
    seconds,
    headers: AUTH,
    paths: QUERIES.map((query) => `/v3/insurance/search/diagnosis?diagnosis_query=${encodeURIComponent(query)}`),
  });

export async function benchInsurance(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const server = await startSandboxServer('insurance', { team: TEAM_API_KEY, management: MANAGEMENT_KEY });
  try {
    const { url } = server;
    await load(url, WARMUP_SECONDS);
    const run = await load(url, SECONDS);
    const p99 = percentile(run.latencies, 99);
    printTable(
      `Diagnosis search: ${QUERIES.length} queries in turn (codes, prefixes, words), ${CONNECTIONS} connections, ${SECONDS} s`,
      ['Operation', 'Server', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', `p99 <= ${P99_TARGET_MS} ms`],
      [['GET /v3/insurance/search/diagnosis', server.engine.name, Math.round(run.requests / Math.max(run.seconds, Number.EPSILON)), percentile(run.latencies, 50).toFixed(1), p99.toFixed(1), run.non2xx + run.errors, p99 <= P99_TARGET_MS ? 'yes' : 'NO']],
    );
  } finally {
    await server.close();
  }
}

if (isMainModule(fileURLToPath(import.meta.url))) await benchInsurance();
