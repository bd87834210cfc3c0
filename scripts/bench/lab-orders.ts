/**
 * Lab orders (`npm run bench:lab-orders`, part of `npm run bench`). Prints tables; it is not a
 * test and asserts nothing.
 *
 * Against the compiled server as `npm start` runs it (NODE_ENV and LOG_LEVEL as they are here; compiled first
 * unless BENCH_SKIP_COMPILE=1), on PGlite in a temporary DATA_DIR and, when DATABASE_URL is
 * set, on PostgreSQL (a database of its own, dropped after):
 *
 * 1. POST /v3/order (the standard walk-in lab test) at LAB_BENCH_CONNECTIONS (default 10)
 *    connections beside the Prism mock's throughput on the same request (goal: at least the
 *    mock's; and p99 <= 20 ms). The mock runs as `npm start` runs it (`node dist/mocks/start.js`,
 *    its own process). After BENCH_WARMUP_SECONDS (default 2) of each, the server and the mock
 *    take turns for LAB_BENCH_SECONDS (default 10) each, split into BENCH_ROUNDS rounds (default
 *    5, the order rotating, as bench:server): the machine getting slower or faster during the
 *    run weighs on both alike. Requests/s over the measured time, p50 and p99 over every
 *    response, and the ratio of each round.
 *    Each request of 1 and 2 is followed by plain Express answering the server's own bytes for
 *    it (plain-express.ts, its HTTP server made by createAppServer as the server's): the floor of that request on this machine, where no server can
 *    do better (a page of 50 orders is about 850 kB: each order carries its lab test).
 * 2. GET /v3/orders with LAB_BENCH_ORDERS (default 100,000) orders in the team, written
 *    straight into the database before the server starts: filtered by status and method and
 *    paged (page 3 of 50, read again and again, as a dashboard polling it reads it; and every page
 *    of that filter in turn, more orders than the server keeps read, so each page's orders come
 *    from the database, at LAB_BENCH_CONNECTIONS and again by one client alone), and by patient
 *    name (goal p99 <= 20 ms).
 * 3. LAB_BENCH_SIMULATED (default 1,000) new orders simulated to completion at once (their
 *    POST /v3/order/{order_id}/test sent 10 at a time), with a webhook endpoint on a local
 *    receiver: the time until every one is completed, status changes per second, and
 *    labtest.order.* deliveries received per second.
 *
 * With DATABASE_URL, every measure is taken a third time with the server as npm start runs it with
 * SERVER_PROCESSES=LAB_BENCH_PROCESSES (default 2; 1 leaves it out) on a PostgreSQL database of its own.
 *
 * Small numbers make a smoke run: LAB_BENCH_ORDERS=2000 LAB_BENCH_SIMULATED=20 LAB_BENCH_SECONDS=2.
 *
 * Caches on and off (docs/architecture.md, "Caches"): LAB_BENCH_CACHES_OFF names variants separated
 * by `;`, each a CACHES_OFF value (`all`, or cache names separated by commas). Each variant is a
 * server of its own on the same database, measured after the server with every cache on, in
 * turn, LAB_BENCH_VARIANT_ROUNDS times (default 1); POST /v3/order is then measured alone (no
 * mock). LAB_BENCH_PARTS picks what is measured (`post`, `lists`, `simulate`; default all three):
 * POST and the simulation add orders, so compare caches of the lists with `LAB_BENCH_PARTS=lists`.
 * For example: LAB_BENCH_PARTS=lists LAB_BENCH_CACHES_OFF='lab-order-totals;lab-order-lists;all'.
 */
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { requisitionUrlExpiry, signedRequisitionUrl } from '../../server/domain/lab-documents/signed-url.js';
import { fullStatus, LIFECYCLES } from '../../server/domain/lab-orders/lifecycle.js';
import { newOrderBody } from '../../server/domain/lab-orders/order.js';
import { COLLECTION_METHODS, standardLabTests, toLabTestView } from '../../server/domain/lab-tests/catalog.js';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { migrate } from '../../server/storage/migrate.js';
import { labTestSnapshot } from '../../server/storage/repositories/lab-order-lab-tests.js';
import { vacuumLabOrders } from '../../server/storage/repositories/lab-order-housekeeping.js';
import { NEXT_EVENT_ID, orderEventJsonSql } from '../../server/storage/repositories/lab-orders.js';
import { compile, DIST } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { combineRuns, freePort, freePorts, printTable, rotatingLoad, spawnQuiet, spawnServer, startPlainExpress, stop, takeTurns, waitForOk, type CombinedRuns, type Run } from './lib.js';
import type { PlainRoute } from './plain-express.js';
import { benchEngines, type BenchEngine } from './engines.js';

const ORDERS = Number(process.env.LAB_BENCH_ORDERS ?? 100_000);
const SIMULATED = Number(process.env.LAB_BENCH_SIMULATED ?? 1_000);
const SECONDS = Number(process.env.LAB_BENCH_SECONDS ?? 10);
// As bench:server: each load is measured after a warm-up of the same requests (compiled code,
// compiled validators, pages of the database in memory), not counted.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.LAB_BENCH_CONNECTIONS ?? 10);
/** With DATABASE_URL, the server is measured again as `SERVER_PROCESSES=<this>` (default 2; 1 leaves that run out). */
const CLUSTER_PROCESSES = Number(process.env.LAB_BENCH_PROCESSES ?? 2);
/** POST /v3/order and the mock take turns: LAB_BENCH_SECONDS each, split into BENCH_ROUNDS rounds (as bench:server). */
const POST_ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const POST_ROUND_SECONDS = Math.max(1, Math.round(SECONDS / POST_ROUNDS));
/** CACHES_OFF values measured beside the server with every cache on (`;` between variants). */
const CACHE_VARIANTS = (process.env.LAB_BENCH_CACHES_OFF ?? '').split(';').map((variant) => variant.trim()).filter((variant) => variant !== '');
const VARIANT_ROUNDS = Math.max(1, Number(process.env.LAB_BENCH_VARIANT_ROUNDS ?? 1));
const PARTS = new Set((process.env.LAB_BENCH_PARTS ?? 'post,lists,simulate').split(',').map((part) => part.trim()));
const TEAM_API_KEY = 'bench-lab-team-api-key';
const MANAGEMENT_KEY = 'bench-lab-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const STANDARD = standardLabTests(MARKER_CATALOG);
const WALK_IN = STANDARD.find((t) => t.method === 'walk_in_test')!;
const FIRST_NAMES = ['Maria', 'James', 'Aiko', 'Olu', 'Sven', 'Priya', 'Lucas', 'Fatima', 'Chen', 'Noah'];
const LAST_NAMES = ['Lopez', 'Smith', 'Tanaka', 'Adeyemi', 'Berg', 'Patel', 'Silva', 'Haddad', 'Wei', 'Miller'];




interface Prepared {
  orgId: string;
  teamId: string;
  userId: string;
}

/**
 * Migrates, bootstraps, and writes ORDERS orders of 100 users straight into the tables: the
 * statuses of every method's success path, patient names from a small set, one event each, each
 * order in a transaction of its own (as a new order starts one).
 */
export async function prepare(engine: BenchEngine): Promise<Prepared> {
  const db = await engine.open();
  try {
    await migrate(db);
    const sandbox = await bootstrapSandbox(db, { region: 'us', teamApiKey: TEAM_API_KEY, managementKey: MANAGEMENT_KEY, dataDir: engine.env.DATA_DIR! });
    const users = await db.query<{ id: string }>(
      `INSERT INTO users (team_id, client_user_id) SELECT $1, 'bench-lab-' || g FROM generate_series(1, 100) g RETURNING id`,
      [sandbox.teamId],
    );
    const at = new Date().toISOString();
    const orderId = randomUUID();
    const requisitionUrl = signedRequisitionUrl({ base_url: 'http://127.0.0.1:8000', order_id: orderId, expires: requisitionUrlExpiry(at), key: 'bench-key' });
    const body = newOrderBody({
      order_id: orderId, details_id: randomUUID(), shipment_id: randomUUID(), at, requisition_form_url: requisitionUrl,
      lab_test: toLabTestView(MARKER_CATALOG, WALK_IN), method: 'walk_in_test',
      patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' },
      patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      health_insurance_id: null,
    });
    // Stored as insertOrder stores it: the lab test once, each order naming it.
    const { lab_test: labTest, ...stored } = body;
    const snapshot = labTestSnapshot(labTest);
    await db.query(`INSERT INTO lab_order_lab_tests (digest, view) VALUES ($1, $2::json) ON CONFLICT DO NOTHING`, [snapshot.digest, snapshot.json]);
    const statuses = COLLECTION_METHODS.flatMap((method) => LIFECYCLES[method].successPath.map((low) => ({ method, low, status: fullStatus(method, low) })));
    const names = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`.toLowerCase()));
    const chunk = 10_000;
    for (let start = 0; start < ORDERS; start += chunk) {
      const n = Math.min(chunk, ORDERS - start);
      await db.query(
        `WITH params AS (
           SELECT g, gen_random_uuid() AS id, gen_random_uuid() AS transaction_id, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)] AS user_id,
                  ($3::jsonb -> (g % jsonb_array_length($3::jsonb))) AS s, ($4::text[])[1 + g % array_length($4::text[], 1)] AS name,
                  date_trunc('milliseconds', now()) - g * interval '1 second' AS at
           FROM generate_series($5::int, $5::int + $6::int - 1) g
         )
         INSERT INTO lab_orders (id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, receiver_name, sample_id, interpretation, body, lab_test_view, created_at, updated_at, events, transaction_id)
         SELECT id, $1, user_id, $7, s ->> 'method', s ->> 'status', s ->> 'low', name, name, 'SB' || lpad(g::text, 10, '0'),
                CASE WHEN s ->> 'low' = 'completed' THEN (ARRAY['normal', 'abnormal', 'critical'])[1 + g % 3] END,
                $8::jsonb, $9, at, at,
                json_build_array(${orderEventJsonSql(NEXT_EVENT_ID, 'at', `s ->> 'status'`, 'NULL::text')}), transaction_id
         FROM params`,
        [sandbox.teamId, users.map((u) => u.id), JSON.stringify(statuses), names, start, n, WALK_IN.id, JSON.stringify(stored), snapshot.digest],
      );
    }
    await db.query(`INSERT INTO lab_order_patient_names (team_id, patient_name) SELECT DISTINCT team_id, patient_name FROM lab_orders WHERE team_id = $1 ON CONFLICT DO NOTHING`, [sandbox.teamId]);
    await db.query(`INSERT INTO lab_order_receiver_names (team_id, receiver_name) SELECT DISTINCT team_id, receiver_name FROM lab_orders WHERE team_id = $1 ON CONFLICT DO NOTHING`, [sandbox.teamId]);
    // As the server keeps it: on PGlite its own vacuum of the order tables every few thousand
    // order writes (jobs/lab-orders/maintenance.ts) would have run during 100,000 writes, and on
    // PostgreSQL autovacuum would have analysed the same tables. Not lab_order_lab_tests, which
    // neither does (one row per lab test, written once; autovacuum analyses a table after 50
    // changes): analysed, its single page makes each order's two foreign key checks against it
    // sequential scans, and on PGlite every sequential scan asks the file system for the
    // table's size: 20 more calls per batch of 10 orders, which took 2.03 to 2.13 ms instead of
    // 1.85 to 1.90 (storage only, 100,000 orders, 2026-11-27).
    await vacuumLabOrders(db);
    return { orgId: sandbox.orgId, teamId: sandbox.teamId, userId: users[0]!.id };
  } finally {
    await db.close();
  }
}

type Measure = CombinedRuns;

/** `path`, when given, names each request's path and query in turn (the URL's are the first). */
interface LoadOptions {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** The paths asked for in turn (default: the URL's own). */
  paths?: readonly string[];
  /** Default CONNECTIONS. */
  connections?: number;
}

/** A load's figures and, given the server's CPU clock, the server's CPU milliseconds per request. */
type Measured = Measure & { cpuMsPerRequest: number | null };

async function load(url: string, options: LoadOptions = {}, cpu: (() => number) | null = null): Promise<Measured> {
  if (WARMUP_SECONDS > 0) await loadFor(WARMUP_SECONDS, url, options);
  const before = cpu?.() ?? 0;
  const run = await loadFor(SECONDS, url, options);
  const used = (cpu?.() ?? 0) - before;
  return { ...combineRuns([run]), cpuMsPerRequest: cpu ? used / Math.max(1, run.requests) : null };
}

/**
 * The CPU milliseconds a process used so far (user and system, /proc: Linux). On a machine shared
 * with other work, throughput and latency move with the others' load; the server's own CPU time
 * per request moves much less, which is how caches are compared on and off.
 */
function cpuClock(pid: number | undefined): (() => number) | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  return () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
}
const cpuText = (value: number | null) => (value === null ? '' : value.toFixed(2));

function loadFor(seconds: number, url: string, options: LoadOptions): Promise<Run> {
  const { origin, pathname, search } = new URL(url);
  return rotatingLoad({
    url: origin,
    method: options.method ?? 'GET',
    connections: options.connections ?? CONNECTIONS,
    seconds,
    headers: { ...AUTH, ...options.headers, ...(options.body !== undefined && { 'content-type': 'application/json' }) },
    paths: options.paths ?? [pathname + search],
    ...(options.body !== undefined && { bodies: [options.body] }),
  });
}

const STATUS_METHOD_PAGE = (page: number) => `/v3/orders?status=completed&status=delivered_to_lab&order_type=walk_in_test&order_type=testkit&page=${page}&size=50`;

const orderBody = (userId: string) =>
  JSON.stringify({
    user_id: userId,
    patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' },
    patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
    order_set: { lab_test_ids: [WALK_IN.id] },
  });

/** The Prism mocks as `npm start` runs them: compiled, in a process of their own, silent. */
async function startMock(): Promise<{ url: string; child: ReturnType<typeof spawnQuiet> }> {
  const [port, managementPort] = await freePorts(2);
  const child = spawnQuiet(process.execPath, [path.join(DIST, 'mocks/start.js')], { MOCK_PORT: String(port), MOCK_MANAGEMENT_PORT: String(managementPort), MOCK_HOST: '127.0.0.1', MOCK_LOG: '' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/v2/providers`, performance.now(), 60_000, { [TEAM_API_KEY_HEADER]: MOCK_API_KEY });
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, child };
}

const MOCK_API_KEY = 'sk_us_bench_mock';

async function startServer(engineEnv: NodeJS.ProcessEnv) {
  const [teamPort, managementPort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = {
    // As npm start runs it: NODE_ENV and LOG_LEVEL as they are here, every worker running.
    PORT: String(teamPort), MANAGEMENT_PORT: String(managementPort), TEAM_API_KEY, MANAGEMENT_KEY, ...engineEnv,
  };
  const child = spawnServer(env);
  await waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, performance.now(), 180_000, AUTH);
  return { child, url: `http://127.0.0.1:${teamPort}`, managementUrl: `http://127.0.0.1:${managementPort}` };
}

/** A local webhook receiver counting deliveries of each event type. */
async function receiver(): Promise<{ url: string; counts: Map<string, number>; close(): Promise<void> }> {
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const type = (JSON.parse(body) as { event_type?: string }).event_type ?? '?';
      counts.set(type, (counts.get(type) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${port}/hooks`, counts, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function simulateMany(server: { url: string; managementUrl: string }, prepared: Prepared) {
  const hooks = await receiver();
  try {
    await json(await fetch(`${server.managementUrl}/v1/org/${prepared.orgId}/team/${prepared.teamId}/webhook_endpoint`, {
      method: 'POST', headers: { [MANAGEMENT_KEY_HEADER]: MANAGEMENT_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ url: hooks.url, event_types: ['labtest.order.*'] }),
    }));
    const user = await json<{ user_id: string }>(await fetch(`${server.url}/v2/user`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ client_user_id: `bench-sim-${Date.now()}` }) }));
    const ids: string[] = [];
    for (let i = 0; i < SIMULATED; i += 10) {
      const batch = await Promise.all(Array.from({ length: Math.min(10, SIMULATED - i) }, async () =>
        (await json<{ order: { id: string } }>(await fetch(`${server.url}/v3/order`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: orderBody(user.user_id) }))).order.id));
      ids.push(...batch);
    }
    const started = performance.now();
    for (let i = 0; i < ids.length; i += 10) {
      await Promise.all(ids.slice(i, i + 10).map(async (id) => json(await fetch(`${server.url}/v3/order/${id}/test`, { method: 'POST', headers: AUTH }))));
    }
    const steps = LIFECYCLES.walk_in_test.successPath.length - 1;
    for (;;) {
      const page = await json<{ total: number }>(await fetch(`${server.url}/v3/orders?user_id=${user.user_id}&status=completed&size=1`, { headers: AUTH }));
      if (page.total === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    // Updates sent: every step but partial_results (the sandbox team did not opt in).
    const expected = ids.length * (1 + steps - 1);
    const deliveriesStart = performance.now();
    const delivered = () => (hooks.counts.get('labtest.order.created') ?? 0) + (hooks.counts.get('labtest.order.updated') ?? 0);
    while (delivered() < expected && performance.now() - deliveriesStart < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const deliverySeconds = (performance.now() - started) / 1000;
    return { orders: ids.length, seconds, statusChangesPerSecond: (ids.length * steps) / seconds, delivered: delivered(), deliveriesPerSecond: delivered() / deliverySeconds };
  } finally {
    await hooks.close();
  }
}

/**
 * POST /v3/order and the two order lists on the server, each followed by plain Express answering
 * the server's own bytes for it: the floor of that request on this machine.
 */
async function measureRequests(engineName: string, serverUrl: string, prepared: Prepared, mockUrl: string | null, cpu: (() => number) | null): Promise<{ rows: (string | number)[][]; mockPost: Measure | null }> {
  const rows: (string | number)[][] = [];
  const allRequests = [
    { label: 'POST /v3/order', method: 'POST' as const, path: '/v3/order', plainPath: '/v3/order', body: orderBody(prepared.userId) },
    { label: `GET /v3/orders status+method, page 3 (${ORDERS} orders)`, method: 'GET' as const, path: STATUS_METHOD_PAGE(3), plainPath: '/v3/orders' },
    // Every page of that filter in turn: more orders than the server keeps read (2,000), so each
    // page's orders are read from the database again (the total is counted once per filter).
    { label: `GET /v3/orders status+method, every page in turn`, method: 'GET' as const, path: STATUS_METHOD_PAGE(1), plainPath: '/v3/orders', pages: true },
    // The same pages read by one client alone: each request's own time, with no other request
    // queued before it on the server's one thread (at 10 connections, by Little's law, the
    // latency is 10 divided by the rate: that row measures the rate of pages read from the database).
    { label: `GET /v3/orders status+method, every page in turn, one client`, method: 'GET' as const, path: STATUS_METHOD_PAGE(1), plainPath: '/v3/orders', pages: true, connections: 1 },
    { label: `GET /v3/orders patient_name, page 1 (${ORDERS} orders)`, method: 'GET' as const, path: '/v3/orders?patient_name=lopez&size=50', plainPath: '/v3/orders-by-patient-name' },
  ];
  const requests = allRequests.filter((request) => PARTS.has(request.method === 'POST' ? 'post' : 'lists'));
  const routes: PlainRoute[] = [];
  const sizes = new Map<string, number>();
  let pageCount = 1;
  for (const request of requests) {
    if (sizes.has(request.plainPath)) continue;
    const answer = await fetch(`${serverUrl}${request.path}`, { method: request.method, headers: { ...AUTH, 'content-type': 'application/json' }, ...(request.body !== undefined && { body: request.body }) });
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok) throw new Error(`${answer.status} on ${request.method} ${request.path}: ${bytes.toString().slice(0, 300)}`);
    sizes.set(request.plainPath, bytes.length);
    if (request.plainPath === '/v3/orders') pageCount = Math.ceil((JSON.parse(bytes.toString()) as { total: number }).total / 50);
    routes.push({ method: request.method, path: request.plainPath, status: answer.status, contentType: answer.headers.get('content-type') ?? 'application/json', body: bytes.toString('base64') });
  }
  const plainDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lab-plain-'));
  const plain = await startPlainExpress(routes, plainDir, 'app-server');
  let mockPost: Measure | null = null;
  try {
    for (const request of requests) {
      const options = { method: request.method, ...(request.body !== undefined && { body: request.body }) };
      /** Plain Express answering the server's own bytes for the request: its floor on this machine. */
      const addFloor = async () => {
        const floor = await load(`${plain.url}${request.plainPath}`, options);
        rows.push(['', `  plain Express, the same ${((sizes.get(request.plainPath) ?? 0) / 1000).toFixed(0)} kB`, floor.rps.toFixed(0), ms(floor.p50), ms(floor.p99), floor.non2xx, '(the floor)', '', '']);
      };
      if (request.method === 'POST' && mockUrl === null) {
        const measured = await load(`${serverUrl}${request.path}`, options, cpu);
        rows.push([engineName, `${request.label} (alone)`, measured.rps.toFixed(0), ms(measured.p50), ms(measured.p99), measured.non2xx, 'p99 <= 20 ms', measured.p99 <= 20 ? 'yes' : 'no', cpuText(measured.cpuMsPerRequest)]);
        continue;
      }
      if (request.method === 'POST' && mockUrl !== null) {
        // The server and the mock take turns on the same request (takeTurns), so that the
        // machine getting slower or faster weighs on both alike; the ratio of each round too.
        const mockOptions = { method: 'POST' as const, body: orderBody(randomUUID()), headers: { [TEAM_API_KEY_HEADER]: MOCK_API_KEY } };
        const runs = await takeTurns(
          { server: (seconds: number) => loadFor(seconds, `${serverUrl}${request.path}`, options), mock: (seconds: number) => loadFor(seconds, `${mockUrl}/v3/order`, mockOptions) },
          { rounds: POST_ROUNDS, roundSeconds: POST_ROUND_SECONDS, warmupSeconds: WARMUP_SECONDS },
        );
        const server = runs.get('server')!;
        const mock = runs.get('mock')!;
        const measured = combineRuns(server);
        mockPost = combineRuns(mock);
        const ratios = server.map((run, round) => `${(combineRuns([run]).rps / combineRuns([mock[round]!]).rps).toFixed(2)}x`);
        const met = measured.p99 <= 20 && measured.rps >= mockPost.rps;
        rows.push([engineName, `${request.label} (${POST_ROUNDS} rounds of ${POST_ROUND_SECONDS} s, taking turns with the mock)`, measured.rps.toFixed(0), ms(measured.p50), ms(measured.p99), measured.non2xx, `p99 <= 20 ms, >= mock ${mockPost.rps.toFixed(0)}/s`, met ? 'yes' : 'no', '']);
        rows.push(['', `  Prism mock (npm start's), in turns with it: ${(measured.rps / mockPost.rps).toFixed(2)}x (rounds: ${ratios.join(', ')})`, mockPost.rps.toFixed(0), ms(mockPost.p50), ms(mockPost.p99), mockPost.non2xx, '(the goal)', '', '']);
        await addFloor();
        continue;
      }
      const connections = 'connections' in request ? request.connections : CONNECTIONS;
      const measured = await load(`${serverUrl}${request.path}`, { ...options, connections, ...('pages' in request && { paths: Array.from({ length: pageCount }, (_, page) => STATUS_METHOD_PAGE(1 + page)) }) }, cpu);
      const label = 'pages' in request ? `${request.label} (${pageCount} pages, ${connections} connection${connections === 1 ? '' : 's'})` : request.label;
      rows.push([engineName, label, measured.rps.toFixed(0), ms(measured.p50), ms(measured.p99), measured.non2xx, 'p99 <= 20 ms', measured.p99 <= 20 ? 'yes' : 'no', cpuText(measured.cpuMsPerRequest)]);
      // Pages in turn have no one body to answer again.
      if (!('pages' in request)) await addFloor();
    }
  } finally {
    await stop(plain.child);
    await rm(plainDir, { recursive: true, force: true });
  }
  return { rows, mockPost };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');

export async function benchLabOrders(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const mock = CACHE_VARIANTS.length === 0 && PARTS.has('post') ? await startMock() : null;
  const engines: { engine: BenchEngine; name: string; env: NodeJS.ProcessEnv }[] = [];
  for (const create of benchEngines('lab')) {
    const engine = await create();
    engines.push({ engine, name: engine.name, env: engine.env });
    // On PostgreSQL, npm start can also run SERVER_PROCESSES=2 (server/cluster.ts): a database of its own.
    if (engine.name === 'PostgreSQL' && CLUSTER_PROCESSES > 1) {
      const clustered = await create();
      engines.push({ engine: clustered, name: `PostgreSQL, ${CLUSTER_PROCESSES} processes`, env: { ...clustered.env, SERVER_PROCESSES: String(CLUSTER_PROCESSES) } });
    }
  }
  const rows: (string | number)[][] = [];
  const simRows: (string | number)[][] = [];
  const mockRates: string[] = [];
  try {
    for (const { engine, name, env } of engines) {
      try {
        const prepared = await prepare(engine);
        // The server with every cache on, then each variant with some off, in turn.
        const variants = ['', ...CACHE_VARIANTS];
        for (let round = 1; round <= (CACHE_VARIANTS.length > 0 ? VARIANT_ROUNDS : 1); round += 1) {
          for (const variant of variants) {
            const label = `${name}${variant === '' ? (CACHE_VARIANTS.length > 0 ? ', caches on' : '') : `, caches off: ${variant}`}${VARIANT_ROUNDS > 1 && CACHE_VARIANTS.length > 0 ? ` (round ${round})` : ''}`;
            const server = await startServer({ ...env, ...(variant !== '' && { CACHES_OFF: variant }) });
            try {
              const measured = await measureRequests(label, server.url, prepared, mock?.url ?? null, cpuClock(server.child.pid));
              rows.push(...measured.rows);
              if (measured.mockPost) mockRates.push(`${measured.mockPost.rps.toFixed(0)}/s in turns with ${name}`);
              if (PARTS.has('simulate')) {
                const sim = await simulateMany(server, prepared);
                simRows.push([label, sim.orders, sim.seconds.toFixed(1), sim.statusChangesPerSecond.toFixed(0), sim.delivered, sim.deliveriesPerSecond.toFixed(0)]);
              }
            } finally {
              await stop(server.child);
            }
          }
        }
      } finally {
        await engine.cleanup();
      }
    }
  } finally {
    if (mock) await stop(mock.child);
  }
  printTable(`Lab orders (${CONNECTIONS} connections, ${SECONDS} s each; Prism mock POST /v3/order: ${mockRates.join(', ') || 'not measured'})`, ['storage', 'request', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'goal', 'met', 'server CPU ms/req'], rows);
  if (simRows.length > 0) printTable('Lab orders simulated to completion at once', ['storage', 'orders', 'seconds', 'status changes/s', 'webhooks delivered', 'webhooks/s'], simRows);
}

if (isMainModule(import.meta.filename)) await benchLabOrders();
