/**
 * Load and soak (`npm run bench:soak`): a mixed workload at a fixed rate against
 * the compiled server, on PGlite and (when DATABASE_URL is set) on PostgreSQL.
 * Prints the error count, p50/p99 latency per operation, and the server's RSS
 * every 10 s (which must stay flat). A script, not a test: it asserts nothing.
 *
 *   SOAK_SECONDS=300 SOAK_RATE=200 npm run bench:soak
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compile } from '../compile.js';
import { freePorts, percentile, printTable, spawnServer, stop, waitForOk } from './lib.js';
import { insuranceBody } from '../conformance/values.js';
import { isMainModule } from '../lib/main-module.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const KEY = 'sk_us_soak_benchmark_key_0123456789';
const MANAGEMENT_KEY = 'mg_soak_benchmark_key_0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_c29hay1iZW5jaG1hcmstc2VjcmV0LWtleS0wMTIz';

interface Operation {
  name: string;
  weight: number;
  send(base: string, state: SoakState): Promise<Response>;
}

interface SoakState {
  userIds: string[];
  counter: number;
}

const json = (body: unknown) => ({ method: 'POST', headers: { [TEAM_API_KEY_HEADER]: KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const get = { headers: { [TEAM_API_KEY_HEADER]: KEY } };
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The conformance sample without its group_id (is_primary: true and second_line: null are the server's defaults). */
const { group_id: _group, ...INSURANCE } = insuranceBody();

/** The mix: mostly reads, writes of every kind, bulk triggers (whose pulls emit webhook deliveries). */
const OPERATIONS: Operation[] = [
  { name: 'GET /v2/providers', weight: 20, send: (b) => fetch(`${b}/v2/providers`, get) },
  { name: 'GET /v3/lab_tests/markers', weight: 20, send: (b) => fetch(`${b}/v3/lab_tests/markers?name=${pick(['glucose', 'vitamin', 'lipid', 'tsh'])}`, get) },
  { name: 'GET /v2/user/{user_id}', weight: 20, send: (b, s) => fetch(`${b}/v2/user/${pick(s.userIds)}`, get) },
  { name: 'POST /v2/user', weight: 10, send: (b, s) => fetch(`${b}/v2/user`, json({ client_user_id: `soak-${process.pid}-${++s.counter}` })) },
  { name: 'POST /v2/user/{user_id}/insurance', weight: 10, send: (b, s) => fetch(`${b}/v2/user/${pick(s.userIds)}/insurance`, json(INSURANCE)) },
  { name: 'POST /v2/link/connect/demo', weight: 8, send: (b, s) => fetch(`${b}/v2/link/connect/demo`, json({ user_id: pick(s.userIds), provider: pick(['fitbit', 'polar', 'oura', 'withings']) })) },
  { name: 'POST /v2/link/bulk_trigger_historical_pull', weight: 2, send: (b, s) => fetch(`${b}/v2/link/bulk_trigger_historical_pull`, json({ user_ids: [pick(s.userIds)], provider: pick(['fitbit', 'polar']) })) },
  { name: 'GET /v2/link/bulk_op', weight: 10, send: (b) => fetch(`${b}/v2/link/bulk_op?page_size=10`, get) },
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);
const chooseOperation = () => {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const op of OPERATIONS) if ((roll -= op.weight) < 0) return op;
  return OPERATIONS[0]!;
};

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

function receiver(port: number): Promise<{ server: Server; received: () => number }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, received: () => received })));
}

async function soak(engine: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'soak-'));
  const [port, managementPort, hookPort] = await freePorts(3);
  const hooks = await receiver(hookPort);
  const child = spawnServer({
    PORT: String(port),
    MANAGEMENT_PORT: String(managementPort),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TEAM_API_KEY: KEY,
    MANAGEMENT_KEY,
    WEBHOOK_URL: `http://127.0.0.1:${hookPort}/hooks`,
    WEBHOOK_SECRET,
    DATABASE_URL: engine === 'PostgreSQL' ? process.env.DATABASE_URL : '',
  });
  const base = `http://127.0.0.1:${port}`;
  const latencies = new Map<string, number[]>(OPERATIONS.map((op) => [op.name, []]));
  const errors = new Map<string, number>(OPERATIONS.map((op) => [op.name, 0]));
  const rss: [number, number][] = [];
  try {
    await waitForOk(`${base}/v2/providers`, performance.now(), 60_000, get.headers);
    const state: SoakState = { userIds: [], counter: 0 };
    for (let i = 0; i < 50; i++) {
      const created = (await (await fetch(`${base}/v2/user`, json({ client_user_id: `soak-seed-${i}` }))).json()) as { user_id: string };
      state.userIds.push(created.user_id);
    }
    const started = performance.now();
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    let nextSample = 0;
    while (performance.now() - started < SECONDS * 1000) {
      const elapsed = performance.now() - started;
      if (elapsed >= nextSample) {
        rss.push([Math.round(elapsed / 1000), rssMb(child.pid!)]);
        nextSample += 10_000;
      }
      const due = Math.floor((elapsed / 1000) * RATE);
      while (sent < due) {
        sent++;
        const op = chooseOperation();
        const t0 = performance.now();
        const request = op
          .send(base, state)
          .then(async (response) => {
            const body = await response.text();
            latencies.get(op.name)!.push(performance.now() - t0);
            if (response.status >= 300) errors.set(op.name, errors.get(op.name)! + 1);
            if (op.name === 'POST /v2/user' && response.status === 200) state.userIds.push((JSON.parse(body) as { user_id: string }).user_id);
          })
          .catch(() => {
            errors.set(op.name, errors.get(op.name)! + 1);
          })
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(inFlight);
    rss.push([SECONDS, rssMb(child.pid!)]);
    const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
    printTable(
      `Soak on ${engine}: ${SECONDS} s at ${RATE} requests/s (${sent} requests), ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`,
      ['operation', 'requests', 'errors', 'p50', 'p99'],
      OPERATIONS.map((op) => {
        const values = latencies.get(op.name)!;
        return [op.name, values.length, errors.get(op.name)!, fmt(percentile(values, 50)), fmt(percentile(values, 99))];
      }),
    );
    printTable(`Server RSS on ${engine}, every 10 s (webhook deliveries received: ${hooks.received()})`, ['t (s)', 'RSS (MB)'], rss.map(([t, mb]) => [t, mb.toFixed(1)]));
    const first = rss[1]?.[1] ?? rss[0]![1];
    const last = rss.at(-1)![1];
    console.log(`RSS from ${first.toFixed(1)} MB (after 10 s) to ${last.toFixed(1)} MB at the end: ${(((last - first) / first) * 100).toFixed(1)}%`);
  } finally {
    await stop(child);
    hooks.server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchSoak(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  await soak('PGlite');
  if (process.env.DATABASE_URL) await soak('PostgreSQL');
  else console.log('\nSoak on PostgreSQL skipped: DATABASE_URL is not set.');
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchSoak();
