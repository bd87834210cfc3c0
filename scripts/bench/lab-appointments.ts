/**
 * Lab appointments (`npm run bench:lab-appointments`, part of `npm run bench`). Prints tables; it
 * is not a test and asserts nothing.
 *
 * Against the compiled server as `npm start` runs it (compiled first unless BENCH_SKIP_COMPILE=1),
 * on PGlite in a temporary DATA_DIR and, when DATABASE_URL is set, on PostgreSQL (a database of
 * its own, dropped after):
 *
 * 1. Availability for a zip code at APPOINTMENT_BENCH_CONNECTIONS (default 10) connections for
 *    APPOINTMENT_BENCH_SECONDS (default 10) after BENCH_WARMUP_SECONDS (default 2): at-home slots
 *    for an address in 94110, and the walk-in slots of the Quest centers around it (goal: p99 <=
 *    20 ms). Each answer signs every slot's key and reads the slots' bookings.
 * 2. Booking: APPOINTMENT_BENCH_BOOKINGS (default 2,000) at-home orders, each booked with a key of
 *    its own (keys taken first from the availability of zip codes around San Francisco, one slot
 *    each), at the same connections (goal: p99 <= 30 ms), after APPOINTMENT_BENCH_WARMUP_BOOKINGS
 *    (default 200) bookings of other orders that are not counted: the first bookings after a start
 *    prepare the booking's statements and compile its code (tens of milliseconds for the first
 *    few), which the other requests measured here do in their warm-up.
 * 3. APPOINTMENT_BENCH_SIMULATED (default 1,000) new at-home orders (patients spread over the zip
 *    codes around San Francisco, so that slots are free) simulated to completion at once, their
 *    POST /v3/order/{order_id}/test sent 10 at a time: each books the first free slot at its
 *    appointment_scheduled step. The time until every one is completed, and order status changes
 *    and appointment changes per second.
 *
 * Side by side: with BENCH_VARIANT_DIST=<another build's dist/>, a second server of that build runs
 * beside this one on a store of its own (the same engine), and for each availability request the
 * two take turns in BENCH_ROUNDS (5) rounds of APPOINTMENT_BENCH_SECONDS / rounds each, the order
 * rotating, after a warm-up of each; each books its own orders, taking turns in the same rounds
 * (an equal share of the orders each, no warm-up). The table gives both and their ratio,
 * measured in the same minutes. The simulation is measured on this build's server alone.
 *
 * p50 and p99 are those of the requests sent once every connection of a load had its first
 * answer; the load's opening (the answers before, of connections a busy server took in one per
 * turn of its event loop: load-client.ts) is its own column, how many and the slowest.
 *
 * A smoke run: APPOINTMENT_BENCH_SECONDS=2 APPOINTMENT_BENCH_BOOKINGS=100 APPOINTMENT_BENCH_WARMUP_BOOKINGS=20 APPOINTMENT_BENCH_SIMULATED=20.
 * BENCH_CPU_PROF=<dir> runs each server under --cpu-prof (profiles written to <dir> when it stops;
 * cpu-profile-summary.ts reads them).
 */
import path from 'node:path';
import { compile } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { benchEngines, type BenchEngine } from './engines.js';
import { benchRounds, combineRuns, freePorts, printTable, rotatingLoad, spawnServer, stop, takeTurns, variantDist, waitForOk, type Run } from './lib.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const TEAM_API_KEY = 'sk_us_bench_appointments';
const MANAGEMENT_KEY = 'mg_bench_appointments';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONNECTIONS = env('APPOINTMENT_BENCH_CONNECTIONS', 10);
const SECONDS = env('APPOINTMENT_BENCH_SECONDS', 10);
const WARMUP_SECONDS = env('BENCH_WARMUP_SECONDS', 2);
const BOOKINGS = env('APPOINTMENT_BENCH_BOOKINGS', 2_000);
const WARMUP_BOOKINGS = env('APPOINTMENT_BENCH_WARMUP_BOOKINGS', 200);
const SIMULATED = env('APPOINTMENT_BENCH_SIMULATED', 1_000);
const VARIANT_DIST = variantDist();
const ROUNDS = VARIANT_DIST ? benchRounds() : 1;
/** The standard at-home lab test of every team. */
const AT_HOME_LAB_TEST = '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12';
/** San Francisco and the peninsula: zip codes an at-home provider serves, each with its own slots. */
const ZIPS = ['94102', '94103', '94104', '94105', '94107', '94108', '94109', '94110', '94111', '94112', '94114', '94115', '94116', '94117', '94118', '94121', '94122', '94123', '94124', '94127',
  '94131', '94132', '94133', '94134', '94158', '94005', '94014', '94015', '94080', '94066', '94030', '94010', '94401', '94402', '94403', '94404', '94002', '94070', '94061', '94062',
  '94063', '94065', '94025', '94027', '94028', '94301', '94303', '94304', '94305', '94306'];
const address = (zip: string) => ({ first_line: '2417 Mission St.', city: 'San Francisco', state: 'CA', zip_code: zip });

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The compiled server of this build (or of the build in `distDir`, not profiled) on an engine's store, as `npm start` runs it. */
async function startServer(engineEnv: NodeJS.ProcessEnv, distDir?: string) {
  const [teamPort, managementPort] = await freePorts(2);
  const cpuProf = distDir ? undefined : process.env.BENCH_CPU_PROF;
  const nodeArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : [];
  const child = spawnServer({ PORT: String(teamPort), MANAGEMENT_PORT: String(managementPort), TEAM_API_KEY, MANAGEMENT_KEY, START_MOCKS: 'off', ...engineEnv }, nodeArgs, distDir);
  await waitForOk(`http://127.0.0.1:${teamPort}/v2/providers`, performance.now(), 180_000, AUTH);
  return { child, url: `http://127.0.0.1:${teamPort}` };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');

/** Orders of new users, at-home, their patients at `zips` in turn. */
async function placeOrders(url: string, count: number, zips: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    ids.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
      const n = i + j;
      const user = await json<{ user_id: string }>(await fetch(`${url}/v2/user`, { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ client_user_id: `bench-appointment-${Date.now()}-${n}` }) }));
      const body = {
        user_id: user.user_id, order_set: { lab_test_ids: [AT_HOME_LAB_TEST] },
        patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria@example.com' },
        patient_address: { first_line: '2417 Mission St.', city: 'San Francisco', state: 'CA', zip: zips[n % zips.length], country: 'US' },
      };
      return (await json<{ order: { id: string } }>(await fetch(`${url}/v3/order`, { method: 'POST', headers: JSON_AUTH, body: JSON.stringify(body) }))).order.id;
    }))));
  }
  return ids;
}

/** The availability requests, each on every server (`servers`: label and URL) taking turns, with a ratio row for two. */
async function measureAvailability(name: string, servers: readonly { label: string; url: string }[]) {
  const rows: (string | number)[][] = [];
  const availability = [
    { label: 'at-home availability (94110)', path: '/v3/order/phlebotomy/appointment/availability', body: JSON.stringify(address('94110')) },
    { label: 'walk-in availability (Quest, 94110)', path: '/v3/order/psc/appointment/availability?lab=quest&zip_code=94110', body: undefined },
  ];
  for (const request of availability) {
    const loads = Object.fromEntries(servers.map((server) => [server.label, (seconds: number) =>
      rotatingLoad({ url: server.url, connections: CONNECTIONS, seconds, headers: JSON_AUTH, method: 'POST', paths: [request.path], ...(request.body !== undefined && { bodies: [request.body] }) })]));
    const runs = await takeTurns(loads, { rounds: ROUNDS, roundSeconds: SECONDS / ROUNDS, warmupSeconds: WARMUP_SECONDS });
    rows.push(...tableRows(name, request.label, servers, runs));
  }
  return rows;
}

/** The table's rows of one request: each server's combined runs, and with two their ratio. */
function tableRows(name: string, request: string, servers: readonly { label: string }[], runs: Map<string, Run[]>) {
  const measured = servers.map((server) => combineRuns(runs.get(server.label)!));
  const rows: (string | number)[][] = measured.map((run, i) => [
    servers.length > 1 ? `${name}, ${servers[i]!.label}` : name, request, run.rps.toFixed(0), ms(run.p50), ms(run.p99), `${run.opening}, ${ms(run.openingMax)}`, run.non2xx + run.errors + run.timeouts,
  ]);
  if (measured.length > 1) {
    const [mine, theirs] = measured as [ReturnType<typeof combineRuns>, ReturnType<typeof combineRuns>];
    rows.push([`${name}, ratio`, request, `${(mine.rps / theirs.rps).toFixed(2)}x`, `${(mine.p50 / theirs.p50).toFixed(2)}x`, `${(mine.p99 / theirs.p99).toFixed(2)}x`, '', '']);
  }
  return rows;
}

/** Availability and booking on this build's server, and with BENCH_VARIANT_DIST beside a server of that build on a store of its own (`create`), stopped after. */
async function measureBeside(name: string, url: string, create: () => Promise<BenchEngine>) {
  const mine = { label: 'server', url };
  if (!VARIANT_DIST) return [...(await measureAvailability(name, [mine])), ...(await measureBooking(name, [mine]))];
  const engine = await create();
  try {
    const variant = await startServer(engine.env, VARIANT_DIST);
    try {
      const servers = [mine, { label: `built in ${process.env.BENCH_VARIANT_DIST}`, url: variant.url }];
      return [...(await measureAvailability(name, servers)), ...(await measureBooking(name, servers))];
    } finally {
      await stop(variant.child);
    }
  } finally {
    await engine.cleanup();
  }
}

/** Orders to book on `url`, each with a key of its own, from the availability of the zip codes around San Francisco (one key per slot). */
async function bookingPairs(url: string): Promise<{ orderId: string; key: string }[]> {
  const keys: string[] = [];
  for (const zip of ZIPS) {
    const slots = await json<{ slots: { slots: { booking_key: string }[] }[] }>(await fetch(`${url}/v3/order/phlebotomy/appointment/availability`, { method: 'POST', headers: JSON_AUTH, body: JSON.stringify(address(zip)) }));
    keys.push(...slots.slots.flatMap((day) => day.slots.map((slot) => slot.booking_key)));
    if (keys.length >= WARMUP_BOOKINGS + BOOKINGS) break;
  }
  return (await placeOrders(url, Math.min(WARMUP_BOOKINGS + BOOKINGS, keys.length), ['94110'])).map((orderId, i) => ({ orderId, key: keys[i]! }));
}

/**
 * Booking on every server (`servers`: label and URL), each booking its own orders once: with two,
 * they take turns in ROUNDS rounds of an equal share of the orders each (the order rotating),
 * with a ratio row.
 */
async function measureBooking(name: string, servers: readonly { label: string; url: string }[]) {
  const prepared = new Map<string, { orderId: string; key: string }[]>();
  for (const server of servers) prepared.set(server.label, await bookingPairs(server.url));
  const perRound = Math.floor((Math.min(...[...prepared.values()].map((pairs) => pairs.length)) - WARMUP_BOOKINGS) / ROUNDS);
  const loads = Object.fromEntries(servers.map((server) => [server.label, (_seconds: number, round: number) => {
    // Round -1 is the warm-up (takeTurns): the first WARMUP_BOOKINGS pairs.
    const pairs = round < 0 ? prepared.get(server.label)!.slice(0, WARMUP_BOOKINGS) : prepared.get(server.label)!.slice(WARMUP_BOOKINGS + round * perRound, WARMUP_BOOKINGS + (round + 1) * perRound);
    return rotatingLoad({
      url: server.url, connections: CONNECTIONS, amount: pairs.length, headers: JSON_AUTH, method: 'POST',
      paths: pairs.map((pair) => `/v3/order/${pair.orderId}/phlebotomy/appointment/book`),
      bodies: pairs.map((pair) => JSON.stringify({ booking_key: pair.key })),
    });
  }]));
  // Each order is booked once: the warm-up books orders of its own (a number of them, not seconds).
  const runs = await takeTurns(loads, { rounds: ROUNDS, roundSeconds: 0, warmupSeconds: WARMUP_BOOKINGS > 0 ? 1 : 0 });
  return tableRows(name, `booking (${perRound * ROUNDS} orders)`, servers, runs);
}

async function simulateMany(url: string) {
  const ids = await placeOrders(url, SIMULATED, ZIPS);
  const started = performance.now();
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(ids.slice(i, i + 10).map(async (id) => json(await fetch(`${url}/v3/order/${id}/test`, { method: 'POST', headers: JSON_AUTH, body: '{}' }))));
  }
  for (;;) {
    const page = await json<{ total: number }>(await fetch(`${url}/v3/orders?status=completed&size=1`, { headers: AUTH }));
    if (page.total >= ids.length) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  // At-home: six status changes from ordered to completed; the appointment is booked and completed.
  return { orders: ids.length, seconds, statusChanges: ids.length * 6, appointmentChanges: ids.length * 2 };
}

export async function benchLabAppointments(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const rows: (string | number)[][] = [];
  const simRows: (string | number)[][] = [];
  for (const create of benchEngines('appointments')) {
    const engine: BenchEngine = await create();
    try {
      const server = await startServer(engine.env);
      try {
        rows.push(...(await measureBeside(engine.name, server.url, create)));
        const sim = await simulateMany(server.url);
        simRows.push([engine.name, sim.orders, sim.seconds.toFixed(1), (sim.statusChanges / sim.seconds).toFixed(0), (sim.appointmentChanges / sim.seconds).toFixed(0)]);
      } finally {
        await stop(server.child);
      }
    } finally {
      await engine.cleanup();
    }
  }
  printTable(`Lab appointments at ${CONNECTIONS} connections (goals: availability p99 <= 20 ms, booking p99 <= 30 ms)`, ['engine', 'request', 'req/s', 'p50 ms', 'p99 ms', 'opening: answers, slowest ms', 'non-2xx'], rows);
  printTable('At-home orders simulated through a real appointment to completion', ['engine', 'orders', 'seconds', 'status changes/s', 'appointment changes/s'], simRows);
}

if (isMainModule(import.meta.filename)) await benchLabAppointments();
