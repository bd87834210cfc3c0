/**
 * The team's user search and the introspection reads (`npm run bench:team-reads`, issue 42):
 * req/s, p50 and p99 of GET /v2/team/users/search, GET /v2/introspect/resources and
 * GET /v2/introspect/historical_pull at BENCH_CONNECTIONS (10) connections, on the compiled
 * server exactly as `npm start` runs it (its flags and environment, so responses are validated),
 * on PGlite, one operation after another.
 *
 * Before the server starts, the bench writes a team of TEAM_READS_USERS (10,000) users straight
 * into the database; TEAM_READS_CONNECTED of them (a quarter by default, spread over the team's
 * pages) connected as the demo connect connects them (the same job: connection, data window,
 * `provider.connection.created`), to oura, fitbit, garmin and withings in turn; TEAM_READS_PULLED
 * of those (half by default, every other one) with a finished bulk historical pull of 30 days, as
 * the pull engine leaves it (an ended op, one processed trigger per user with its range, the data
 * window's history moved back). Nothing is due for the sync or the pull worker while it runs.
 *
 * The requests rotate: the search over every user's id and client user id in turn (one hit each);
 * the introspection reads without `user_id` over every page of the team (50 users per page, the
 * first page and then each `next_cursor`, collected before the load), with `user_id` over every
 * user (connected or not, pulled or not). Prints a table; asserts nothing.
 *
 * Side by side: with BENCH_VARIANT_DIST=<another build's dist/>, a second server of that build
 * runs beside this one, on a store of its own written alike, and for each operation the two take
 * turns in BENCH_ROUNDS (5) rounds of TEAM_READS_SECONDS / rounds each, the order rotating (after
 * a warm-up of each): the table gives both and their ratio, measured in the same minute.
 *
 * Environment: TEAM_READS_USERS (10000), TEAM_READS_CONNECTED (users / 4), TEAM_READS_PULLED
 * (connected / 2), TEAM_READS_SECONDS (measured seconds per operation and server, 10),
 * BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10), BENCH_ROUNDS (5, with a variant),
 * BENCH_VARIANT_DIST, BENCH_SKIP_COMPILE=1 (reuse dist/), TEAM_READS_ONLY (only the rows whose
 * title contains it, e.g. `historical_pull?user_id`), BENCH_CPU_PROF=<dir> (this build's server
 * under --cpu-prof, its profile written to <dir> when it stops: profile one row at a time).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxIdentity } from '../../server/bootstrap.js';
import { connectProvider } from '../../server/jobs/connections/connect-provider.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import type { Database } from '../../server/storage/database.js';
import { compile } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { startSandboxServer } from './engines.js';
import { benchRounds, combineRuns, printTable, rotatingLoad, takeTurns, variantDist, type Run } from './lib.js';

const count = (name: string, fallback: number) => Math.max(0, Math.floor(Number(process.env[name] ?? fallback)));
const USERS = Math.max(1, count('TEAM_READS_USERS', 10_000));
const CONNECTED = Math.min(USERS, count('TEAM_READS_CONNECTED', Math.floor(USERS / 4)));
const PULLED = Math.min(CONNECTED, count('TEAM_READS_PULLED', Math.floor(CONNECTED / 2)));
const SECONDS = Math.max(1, Number(process.env.TEAM_READS_SECONDS ?? 10));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TEAM_API_KEY = 'bench-team-reads-team-api-key';
const MANAGEMENT_KEY = 'bench-team-reads-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const P99_TARGET_MS = 20;
const PROVIDERS = ['oura', 'fitbit', 'garmin', 'withings'] as const;
const PULL_DAYS = 30;
const ONLY = process.env.TEAM_READS_ONLY ?? '';
const CPU_PROF = process.env.BENCH_CPU_PROF;
const VARIANT_DIST = variantDist();
const ROUNDS = VARIANT_DIST ? benchRounds() : 1;
/** Connections written per transaction: few statements per commit on PGlite, short enough not to hold it long. */
const CONNECT_BATCH = 200;

const clientUserId = (i: number) => `bench-team-${String(i).padStart(6, '0')}`;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export interface Seeded {
  /** Every user, newest first (as the team's pages list them), with its client user id. */
  users: { id: string; client_user_id: string }[];
  connected: number;
  pulled: number;
}

/**
 * The team: USERS users one second apart (the newest first in pages), every `step`th one
 * connected, every other connected one pulled.
 */
export async function seed(db: Database, sandbox: SandboxIdentity, into: Seeded): Promise<void> {
  const users = await db.query<{ id: string; client_user_id: string }>(
    `INSERT INTO users (team_id, client_user_id, created_on)
     SELECT $1, 'bench-team-' || lpad(g::text, 6, '0'), now() - make_interval(secs => $2::int - g)
     FROM generate_series(0, $2::int - 1) AS g
     RETURNING id, client_user_id`,
    [sandbox.teamId, USERS],
  );
  const byClient = new Map(users.map((u) => [u.client_user_id, u.id]));
  into.users = Array.from({ length: USERS }, (_, k) => {
    const i = USERS - 1 - k;
    return { id: byClient.get(clientUserId(i))!, client_user_id: clientUserId(i) };
  });
  const step = CONNECTED > 0 ? USERS / CONNECTED : Infinity;
  const connected = Array.from({ length: CONNECTED }, (_, c) => ({ id: into.users[Math.floor(c * step)]!.id, provider: PROVIDERS[c % PROVIDERS.length]! }));
  for (let start = 0; start < connected.length; start += CONNECT_BATCH) {
    await db.transaction(async (tx) => {
      for (const { id, provider } of connected.slice(start, start + CONNECT_BATCH)) {
        if (!(await connectProvider(tx, { team_id: sandbox.teamId, user_id: id, provider }))) throw new Error(`could not connect ${id} to ${provider}`);
      }
    });
  }
  const pulled = connected.filter((_, c) => c % 2 === 0).slice(0, PULLED);
  await db.transaction(async (tx) => {
    for (const provider of PROVIDERS) {
      const ids = pulled.filter((p) => p.provider === provider).map((p) => p.id);
      if (ids.length === 0) continue;
      // One ended op per provider, its triggers processed with the range they fetched, as the pull engine leaves them.
      await tx.query(
        `WITH op AS (
           INSERT INTO bulk_ops (team_id, type, provider, status, started_at, ended_at, not_connected, total)
           VALUES ($1, 'link_bulk_historical_trigger', $2, 'success', now() - interval '1 hour', now() - interval '50 minutes', 0, cardinality($3::uuid[]))
           RETURNING id
         )
         INSERT INTO bulk_triggers (op_id, user_id, team_id, provider, state, attempts, started_at, finished_at, range_start, range_end)
         SELECT op.id, u.id, $1, $2, 'processed', 1, now() - interval '59 minutes', now() - interval '58 minutes', $4::date, $5::date
         FROM op CROSS JOIN unnest($3::uuid[]) AS u(id)`,
        [sandbox.teamId, provider, ids, day(-PULL_DAYS), day(-1)],
      );
      await tx.query(`UPDATE data_windows SET history_start = least(history_start, $3::date) WHERE team_id = $1 AND user_id = ANY ($2::uuid[])`, [sandbox.teamId, ids, day(-PULL_DAYS)]);
    }
  });
  into.connected = connected.length;
  into.pulled = pulled.length;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: AUTH });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Page {
  data: { user_id: string; provider: Record<string, unknown> }[];
  next_cursor: string | null;
}

/**
 * Every page's query of a paged introspection read without `user_limit` (the family's default
 * page size): the first page, then each `next_cursor` in turn; `pageSize` is the first page's
 * length, as the server answered it.
 */
async function pageQueries(url: string, path: string): Promise<{ queries: string[]; users: number; pageSize: number }> {
  const queries = [path];
  let users = 0;
  let pageSize = 0;
  for (;;) {
    const page = await json<Page>(url + queries[queries.length - 1]!);
    if (queries.length === 1) pageSize = page.data.length;
    users += page.data.length;
    if (!page.next_cursor) return { queries, users, pageSize };
    queries.push(`${path}?next_cursor=${encodeURIComponent(page.next_cursor)}`);
  }
}

/** Load on one operation, the `n`th request asking for `paths[n % paths.length]`. */
const load = (url: string, paths: readonly string[], seconds: number): Promise<Run> =>
  rotatingLoad({ url, connections: CONNECTIONS, seconds, headers: AUTH, paths });

interface Operation {
  title: string;
  rotation: string;
  paths: string[];
}

/** One server with its own team: what it was seeded with and the paths of each operation on it. */
interface Target {
  label: string;
  server: Awaited<ReturnType<typeof startSandboxServer>>;
  seeded: Seeded;
  seedSeconds: number;
  operations: Operation[];
}

/**
 * A server of the build in `distDir` (this one's when undefined) on a team written as `seed`
 * writes it, and every operation's paths, collected from that server before the load.
 */
async function startTarget(label: string, distDir: string | undefined, nodeArgs: readonly string[]): Promise<Target> {
  const seeded: Seeded = { users: [], connected: 0, pulled: 0 };
  let seedSeconds = 0;
  const prepare = async (db: Database, sandbox: SandboxIdentity) => {
    const started = performance.now();
    await seed(db, sandbox, seeded);
    seedSeconds = (performance.now() - started) / 1000;
  };
  const server = await startSandboxServer(distDir ? 'team-reads-variant' : 'team-reads', { team: TEAM_API_KEY, management: MANAGEMENT_KEY }, { prepare, nodeArgs, distDir });
  try {
    const { url } = server;
    const { users } = seeded;
    const search = users.flatMap((u) => [`/v2/team/users/search?query_id=${u.id}`, `/v2/team/users/search?query_id=${encodeURIComponent(u.client_user_id)}`]);
    const resourcesPages = await pageQueries(url, '/v2/introspect/resources');
    const pullPages = await pageQueries(url, '/v2/introspect/historical_pull');
    // What the load asks is what was seeded: every user on the pages, one hit per search, the pulls there.
    for (const pages of [resourcesPages, pullPages]) if (pages.users !== USERS) throw new Error(`${label}: the pages list ${pages.users} users, not ${USERS}`);
    for (const searched of search.slice(0, 2)) if ((await json<unknown[]>(url + searched)).length !== 1) throw new Error(`${label}: ${searched} did not find its user`);
    const pulls = await json<Page>(`${url}/v2/introspect/historical_pull?user_id=${users[0]!.id}`);
    if (PULLED > 0 && !Object.values(pulls.data[0]?.provider ?? {}).some((p) => (p as { pulled?: object }).pulled && Object.keys((p as { pulled: object }).pulled).length > 0)) {
      throw new Error(`${label}: the first user's historical pull is not listed: ${JSON.stringify(pulls).slice(0, 300)}`);
    }
    const operations: Operation[] = [
      { title: 'GET /v2/team/users/search?query_id=', rotation: `${search.length.toLocaleString('en-US')} queries: each user's id, then its client user id`, paths: search },
      { title: 'GET /v2/introspect/resources', rotation: `${resourcesPages.queries.length} pages of ${resourcesPages.pageSize} users (the default user_limit), by next_cursor`, paths: resourcesPages.queries },
      { title: 'GET /v2/introspect/resources?user_id=', rotation: `${users.length.toLocaleString('en-US')} users`, paths: users.map((u) => `/v2/introspect/resources?user_id=${u.id}`) },
      { title: 'GET /v2/introspect/historical_pull', rotation: `${pullPages.queries.length} pages of ${pullPages.pageSize} users (the default user_limit), by next_cursor`, paths: pullPages.queries },
      { title: 'GET /v2/introspect/historical_pull?user_id=', rotation: `${users.length.toLocaleString('en-US')} users`, paths: users.map((u) => `/v2/introspect/historical_pull?user_id=${u.id}`) },
    ];
    return { label, server, seeded, seedSeconds, operations };
  } catch (error) {
    await server.close();
    throw error;
  }
}

export async function benchTeamReads(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(CPU_PROF)}`] : [];
  const targets: Target[] = [await startTarget('server', undefined, nodeArgs)];
  try {
    if (VARIANT_DIST) targets.push(await startTarget(`built in ${process.env.BENCH_VARIANT_DIST}`, VARIANT_DIST, []));
    const rows: (string | number)[][] = [];
    for (const [index, op] of targets[0]!.operations.entries()) {
      if (!op.title.includes(ONLY)) continue;
      const loads = Object.fromEntries(targets.map((target) => [target.label, (seconds: number) => load(target.server.url, target.operations[index]!.paths, seconds)]));
      const runs = await takeTurns(loads, { rounds: ROUNDS, roundSeconds: SECONDS / ROUNDS, warmupSeconds: WARMUP_SECONDS });
      const measured = targets.map((target) => combineRuns(runs.get(target.label)!));
      measured.forEach((run, t) => {
        rows.push([op.title, targets.length > 1 ? targets[t]!.label : op.rotation, Math.round(run.rps), run.p50.toFixed(1), run.p99.toFixed(1), run.non2xx + run.errors + run.timeouts, run.p99 <= P99_TARGET_MS ? 'yes' : 'NO']);
      });
      if (measured.length > 1) {
        const [mine, theirs] = measured as [ReturnType<typeof combineRuns>, ReturnType<typeof combineRuns>];
        rows.push([op.title, 'ratio server / variant', `${(mine.rps / theirs.rps).toFixed(2)}x`, `${(mine.p50 / theirs.p50).toFixed(2)}x`, `${(mine.p99 / theirs.p99).toFixed(2)}x`, '', '']);
      }
    }
    const first = targets[0]!;
    const how = targets.length > 1 ? `, each server ${SECONDS} s in ${ROUNDS} rounds taking turns` : `, ${SECONDS} s per operation`;
    printTable(
      `Team reads: ${USERS.toLocaleString('en-US')} users, ${first.seeded.connected.toLocaleString('en-US')} connected (${PROVIDERS.join(', ')}), ${first.seeded.pulled.toLocaleString('en-US')} with a historical pull; ${first.server.engine.name}, ${CONNECTIONS} connections${how} after ${WARMUP_SECONDS} s of warm-up (the team written in ${targets.map((target) => target.seedSeconds.toFixed(1)).join(' and ')} s)`,
      ['Operation', targets.length > 1 ? 'Server' : 'Requests rotate over', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', `p99 <= ${P99_TARGET_MS} ms`],
      rows,
    );
  } finally {
    for (const target of targets) await target.server.close();
  }
}

if (isMainModule(fileURLToPath(import.meta.url))) await benchTeamReads();
