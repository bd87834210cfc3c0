/**
 * A simulated connection error to its webhook (`npm run bench:connection-errors`, issue 42): the
 * time from sending POST /v2/user/{user_id}/{provider}/simulate_error to the arrival of its
 * signed `provider.connection.error` delivery at a local receiver, on the compiled server exactly
 * as `npm start` runs it (PGlite; its delivery worker, woken by its own poll of the outbox,
 * WEBHOOK_POLL_INTERVAL_MS).
 *
 * The receiver is a management webhook endpoint (POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint)
 * subscribed to `provider.connection.error` alone; it verifies every signature with the
 * `standardwebhooks` package and the secret the endpoint was created with, as `bench:webhooks`
 * does, and matches each delivery to its user. Users are created and connected to oura through
 * the API (POST /v2/user, POST /v2/link/connect/demo) before anything is timed; one error is
 * simulated and delivered first as a warm-up (not kept). Then CONNECTION_ERRORS_SEQUENTIAL (100)
 * connections break one after another (each waits for its delivery), and
 * CONNECTION_ERRORS_AT_ONCE (50) break at once (each timed from its own request). Prints a
 * table; asserts nothing.
 *
 * Environment: CONNECTION_ERRORS_SEQUENTIAL (100), CONNECTION_ERRORS_AT_ONCE (50),
 * BENCH_SKIP_COMPILE=1 (reuse dist/).
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { compile } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { startSandboxServer, type SandboxServer } from './engines.js';
import { percentile, printTable } from './lib.js';

const count = (name: string, fallback: number) => Math.max(0, Math.floor(Number(process.env[name] ?? fallback)));
const SEQUENTIAL = count('CONNECTION_ERRORS_SEQUENTIAL', 100);
const AT_ONCE = count('CONNECTION_ERRORS_AT_ONCE', 50);
const TEAM_API_KEY = 'bench-connection-errors-team-api-key';
const MANAGEMENT_KEY = 'bench-connection-errors-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const PROVIDER = 'oura';
const EVENT_TYPE = 'provider.connection.error';
const TARGET_MS = 1000;
/** A delivery that has not arrived by then is counted missing (the first retry would come 5 s after a failed attempt). */
const GIVE_UP_MS = 30_000;

interface Receiver {
  url: string;
  /** Resolves with the arrival time (performance.now()) of the user's verified delivery, or null after GIVE_UP_MS. */
  arrival(userId: string): Promise<number | null>;
  readonly invalid: number;
  readonly duplicates: number;
  close(): Promise<void>;
}

/** A loopback receiver verifying every delivery's signature and noting when each user's error arrived. */
async function startReceiver(): Promise<Receiver & { setSecret(secret: string): void }> {
  let verifier: Webhook | null = null;
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const state = { invalid: 0, duplicates: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      let event: { event_type?: string; user_id?: string; data?: { user_id?: string } };
      try {
        if (!verifier) throw new Error('no secret yet');
        event = verifier.verify(body, request.headers as Record<string, string>) as typeof event;
      } catch {
        state.invalid += 1;
        response.writeHead(400).end();
        return;
      }
      response.writeHead(204).end();
      const userId = event.user_id ?? event.data?.user_id;
      if (event.event_type !== EVENT_TYPE || !userId) return;
      if (arrived.has(userId)) {
        state.duplicates += 1;
        return;
      }
      arrived.set(userId, at);
      waiting.get(userId)?.(at);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    setSecret: (secret) => {
      verifier = new Webhook(secret);
    },
    arrival: (userId) =>
      new Promise((resolve) => {
        const known = arrived.get(userId);
        if (known !== undefined) return resolve(known);
        const timer = setTimeout(() => {
          waiting.delete(userId);
          resolve(null);
        }, GIVE_UP_MS);
        waiting.set(userId, (at) => {
          clearTimeout(timer);
          waiting.delete(userId);
          resolve(at);
        });
      }),
    get invalid() {
      return state.invalid;
    },
    get duplicates() {
      return state.duplicates;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function call<T>(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Users connected to PROVIDER through the API, `count` of them, 10 at a time. */
async function connectedUsers(server: SandboxServer, label: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 10) {
    ids.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, async (_, k) => {
          const { user_id } = await call<{ user_id: string }>(`${server.url}/v2/user`, { method: 'POST', headers: AUTH, body: { client_user_id: `bench-errors-${label}-${start + k}` } });
          await call(`${server.url}/v2/link/connect/demo`, { method: 'POST', headers: AUTH, body: { user_id, provider: PROVIDER } });
          return user_id;
        }),
      )),
    );
  }
  return ids;
}

interface Timing {
  /** Until the simulate_error request was answered. */
  answeredMs: number;
  /** Until its delivery arrived, or null when it did not within GIVE_UP_MS. */
  deliveredMs: number | null;
}

/** Breaks the user's connection and waits for its delivery, both timed from just before the request is sent. */
async function breakAndWait(server: SandboxServer, receiver: Receiver, userId: string): Promise<Timing> {
  const arrival = receiver.arrival(userId);
  const started = performance.now();
  await call(`${server.url}/v2/user/${userId}/${PROVIDER}/simulate_error`, { method: 'POST', headers: AUTH, body: { error_type: 'token_refresh_failed' } });
  const answeredMs = performance.now() - started;
  const at = await arrival;
  return { answeredMs, deliveredMs: at === null ? null : at - started };
}

function row(label: string, timings: readonly Timing[], badSignatures: number): (string | number)[] {
  const delivered = timings.flatMap((t) => (t.deliveredMs === null ? [] : [t.deliveredMs]));
  const missing = timings.length - delivered.length;
  const max = delivered.length ? Math.max(...delivered) : Number.NaN;
  return [
    label,
    timings.length,
    percentile(timings.map((t) => t.answeredMs), 50).toFixed(1),
    percentile(delivered, 50).toFixed(1),
    percentile(delivered, 99).toFixed(1),
    max.toFixed(1),
    missing,
    badSignatures,
    missing === 0 && badSignatures === 0 && max <= TARGET_MS ? 'yes' : 'NO',
  ];
}

export async function benchConnectionErrors(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const receiver = await startReceiver();
  const server = await startSandboxServer('connection-errors', { team: TEAM_API_KEY, management: MANAGEMENT_KEY });
  try {
    const endpoint = await call<{ secret: string }>(`${server.managementUrl}/v1/org/${server.sandbox.orgId}/team/${server.sandbox.teamId}/webhook_endpoint`, {
      method: 'POST',
      headers: { [MANAGEMENT_KEY_HEADER]: MANAGEMENT_KEY },
      body: { url: receiver.url, event_types: [EVENT_TYPE], description: 'bench:connection-errors' },
    });
    receiver.setSecret(endpoint.secret);
    const [warmUp, ...sequential] = await connectedUsers(server, 'sequential', SEQUENTIAL + 1);
    const atOnce = await connectedUsers(server, 'at-once', AT_ONCE);

    const first = await breakAndWait(server, receiver, warmUp!);
    if (first.deliveredMs === null) throw new Error(`the warm-up's ${EVENT_TYPE} did not arrive within ${GIVE_UP_MS} ms`);
    const badBefore = receiver.invalid;
    const oneByOne: Timing[] = [];
    for (const userId of sequential) oneByOne.push(await breakAndWait(server, receiver, userId));
    const badSequential = receiver.invalid - badBefore;
    const together = await Promise.all(atOnce.map((userId) => breakAndWait(server, receiver, userId)));
    const badAtOnce = receiver.invalid - badBefore - badSequential;

    printTable(
      `Simulated connection errors to their signed ${EVENT_TYPE} delivery (${PROVIDER}, ${server.engine.name}, a loopback receiver verifying every signature; warm-up ${first.deliveredMs.toFixed(1)} ms, not kept)`,
      ['Errors', 'connections', 'POST answered p50 ms', 'delivered p50 ms', 'p99 ms', 'max ms', 'missing', 'bad signatures', `max <= ${TARGET_MS} ms`],
      [row('one after another', oneByOne, badSequential), row('at once', together, badAtOnce)],
    );
    if (receiver.duplicates > 0) console.log(`${receiver.duplicates} deliveries arrived twice (a retry of an attempt the receiver had answered).`);
  } finally {
    await server.close();
    await receiver.close();
  }
}

if (isMainModule(fileURLToPath(import.meta.url))) await benchConnectionErrors();
