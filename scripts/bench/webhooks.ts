/**
 * Webhook delivery rate (`npm run bench:webhooks`, part of `npm run bench`):
 * emits WEBHOOK_BENCH_EVENTS events (default 10,000) through emitEvent into a
 * fresh database with one endpoint, starts the delivery worker, and measures
 * end to end, at a loopback receiver that verifies every signature with the
 * `standardwebhooks` package, how many signed events per second arrive.
 * Target: >= 500 events/s. Runs on PGlite (in memory) and, when DATABASE_URL is
 * set, on PostgreSQL (in a schema of its own, dropped after).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { emitEvent } from '../../server/storage/repositories/events.js';
import { newWebhookSecret } from '../../server/domain/webhooks/rules.js';
import { DeliveryWorker } from '../../server/jobs/webhooks/worker.js';
import { openDatabase, type Database } from '../../server/storage/database.js';
import { migrate } from '../../server/storage/migrate.js';
import { createOrg } from '../../server/storage/repositories/orgs.js';
import { createTeam } from '../../server/storage/repositories/teams.js';
import { countWebhookDeliveries, createWebhookEndpoint } from '../../server/storage/repositories/webhooks.js';
import { printTable } from './lib.js';
import { isMainModule } from '../lib/main-module.js';

const EVENTS = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 10_000);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 32);
const TARGET_PER_SECOND = 500;
const EMIT_BATCH = 500;

interface Result {
  engine: string;
  emitPerSecond: number;
  deliverSeconds: number;
  perSecond: number;
  requests: number;
  invalid: number;
}

interface Receiver {
  url: string;
  acknowledged: Set<string>;
  requests: number;
  invalid: number;
  done: Promise<number>;
  close(): Promise<void>;
}

async function startReceiver(secret: string, expected: number): Promise<Receiver> {
  const verifier = new Webhook(secret);
  let resolveDone!: (at: number) => void;
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });
  const state = { acknowledged: new Set<string>(), requests: 0, invalid: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests += 1;
      try {
        verifier.verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
      } catch {
        state.invalid += 1;
        response.writeHead(400).end();
        return;
      }
      const id = String(request.headers['webhook-id']);
      if (!state.acknowledged.has(id)) {
        state.acknowledged.add(id);
        if (state.acknowledged.size === expected) resolveDone(performance.now());
      }
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    get acknowledged() {
      return state.acknowledged;
    },
    get requests() {
      return state.requests;
    },
    get invalid() {
      return state.invalid;
    },
    done,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function benchEngine(label: string, db: Database): Promise<Result> {
  await migrate(db);
  const org = await createOrg(db, { name: 'Bench org' });
  const team = await createTeam(db, { org_id: org.id, name: 'Bench team', region: 'us' });
  const secret = newWebhookSecret();
  const receiver = await startReceiver(secret, EVENTS);
  try {
    await createWebhookEndpoint(db, { team_id: team.id, url: receiver.url, event_types: null, description: 'bench', secret });

    const emitStarted = performance.now();
    for (let done = 0; done < EVENTS; done += EMIT_BATCH) {
      await db.transaction(async (tx) => {
        for (let i = done; i < Math.min(EVENTS, done + EMIT_BATCH); i++) {
          await emitEvent(tx, {
            event_type: 'daily.data.steps.created',
            data: {
              user_id: team.id,
              source_id: 3,
              source: { provider: 'oura', type: 'ring', app_id: null },
              data: [{ timestamp: new Date(Date.UTC(2026, 10, 21, 0, i % 1440)).toISOString(), timezone_offset: 0, type: null, unit: 'count', value: i }],
            },
            team_id: team.id,
            user_id: team.id,
            client_user_id: `bench-${i}`,
          });
        }
      });
    }
    const emitMs = performance.now() - emitStarted;

    const worker = new DeliveryWorker(db, { concurrency: CONCURRENCY, pollIntervalMs: 50 });
    const started = performance.now();
    worker.start();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${label}: not every event arrived within 10 minutes`)), 600_000).unref());
    const finished = await Promise.race([receiver.done, timeout]);
    await worker.stop();
    const counts = await countWebhookDeliveries(db);
    if (counts.succeeded !== EVENTS) throw new Error(`${label}: ${JSON.stringify(counts)} after delivery`);

    const deliverMs = finished - started;
    return {
      engine: label,
      emitPerSecond: EVENTS / (emitMs / 1000),
      deliverSeconds: deliverMs / 1000,
      perSecond: EVENTS / (deliverMs / 1000),
      requests: receiver.requests,
      invalid: receiver.invalid,
    };
  } finally {
    await receiver.close();
  }
}

async function withPostgres<T>(databaseUrl: string, run: (db: Database) => Promise<T>): Promise<T> {
  const schema = `bench_webhooks_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDatabase({ databaseUrl, schema });
  try {
    return await run(db);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

export async function benchWebhooks(): Promise<void> {
  const results: Result[] = [];
  const memory = await openDatabase({ memory: true });
  try {
    results.push(await benchEngine('PGlite (in memory)', memory));
  } finally {
    await memory.close();
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) results.push(await withPostgres(databaseUrl, (db) => benchEngine('PostgreSQL (DATABASE_URL)', db)));

  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  printTable(
    `Webhook delivery: ${n(EVENTS)} events, 1 endpoint, ${CONCURRENCY} in flight, loopback receiver verifying every signature (${os.cpus().length} cores)`,
    ['engine', 'emit (events/s)', 'deliver all', 'delivered (signed events/s)', 'requests', 'bad signatures', 'target', 'ok'],
    results.map((r) => [
      r.engine,
      n(r.emitPerSecond),
      `${r.deliverSeconds.toFixed(2)} s`,
      n(r.perSecond),
      n(r.requests),
      r.invalid,
      `>= ${TARGET_PER_SECOND}/s`,
      r.perSecond >= TARGET_PER_SECOND && r.invalid === 0 ? 'yes' : 'NO',
    ]),
  );
  if (!databaseUrl) console.log('PostgreSQL skipped: DATABASE_URL is unset.');
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchWebhooks();
