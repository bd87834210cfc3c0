/**
 * Shared pieces of the webhook tests: a real loopback receiver that verifies
 * every delivery with the `standardwebhooks` verifier (on its `webhook-*`
 * headers) and with the `svix` package's (on its `svix-*` headers alone), and answers as a test
 * scripts it, fixtures that emit events through the outbox, and polling waits
 * (never wall-clock assertions).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { emitEvent, type EventEnvelope } from '../../../server/storage/repositories/events.js';
import { newWebhookSecret } from '../../../server/domain/webhooks/rules.js';
import type { DeliveryWorkerOptions } from '../../../server/jobs/webhooks/worker.js';
import type { Database, Queryable } from '../../../server/storage/database.js';
import { createWebhookEndpoint, type WebhookEndpointWithSecretRecord } from '../../../server/storage/repositories/webhooks.js';

export interface ReceivedDelivery {
  /** The `webhook-id` header. */
  id: string;
  timestamp: string;
  signature: string;
  userAgent: string | undefined;
  body: string;
  /** The `svix-id`, `svix-timestamp` and `svix-signature` headers. */
  svix: { id: string; timestamp: string; signature: string };
  /** Whether `new Webhook(secret).verify(body, headers)` of both `standardwebhooks` and `svix` accepted it. */
  verified: boolean;
  /** The first verifier's complaint, prefixed with its name (null: both accepted it). */
  verifyError: string | null;
  /** What the receiver answered (null: it did not answer). */
  status: number | null;
}

/**
 * What the receiver does with its n-th request (0-based): answer a status (no body), a status
 * with a body, a status and then body bytes without end (until the connection closes), or never
 * answer.
 */
export type Answer = number | 'hang' | { status: number; body: string | Buffer } | { status: number; endless: true };

export interface Receiver {
  url: string;
  port: number;
  secret: string;
  deliveries: ReceivedDelivery[];
  /** Answers from now on. */
  setAnswer(answer: (delivery: ReceivedDelivery, index: number) => Answer): void;
  /** Ids answered 2xx, with how many times each was. */
  acknowledged(): Map<string, number>;
  /** Parsed bodies of the deliveries answered 2xx, once per id. */
  events(): EventEnvelope<Record<string, unknown>>[];
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 (a free port, or `port`), answering 204 unless told otherwise. */
export async function startReceiver(options: { secret?: string; port?: number; answer?: (delivery: ReceivedDelivery, index: number) => Answer } = {}): Promise<Receiver> {
  const secret = options.secret ?? newWebhookSecret();
  const verifier = new Webhook(secret);
  const svixVerifier = new SvixWebhook(secret);
  const deliveries: ReceivedDelivery[] = [];
  let answer = options.answer ?? (() => 204);
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(' ') : (value ?? '');
      };
      let verifyError: string | null = null;
      try {
        verifier.verify(body, { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') });
      } catch (error) {
        verifyError = `standardwebhooks: ${(error as Error).message}`;
      }
      // svix reads svix-* before webhook-*: given only those, it judges the svix-* headers alone.
      const svix = { id: header('svix-id'), timestamp: header('svix-timestamp'), signature: header('svix-signature') };
      try {
        svixVerifier.verify(body, { 'svix-id': svix.id, 'svix-timestamp': svix.timestamp, 'svix-signature': svix.signature });
      } catch (error) {
        verifyError ??= `svix: ${(error as Error).message}`;
      }
      const delivery: ReceivedDelivery = {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        svix,
        userAgent: request.headers['user-agent'],
        body,
        verified: verifyError === null,
        verifyError,
        status: null,
      };
      const index = deliveries.length;
      deliveries.push(delivery);
      const decided = verifyError === null ? answer(delivery, index) : 400;
      if (decided === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (typeof decided === 'number') {
        delivery.status = decided;
        response.statusCode = decided;
        response.end();
        return;
      }
      delivery.status = decided.status;
      response.statusCode = decided.status;
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      if ('body' in decided) {
        response.end(decided.body);
        return;
      }
      // Body bytes for as long as the client reads them.
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      response.on('error', () => {});
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const isOk = (status: number | null) => status !== null && status >= 200 && status < 300;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    port,
    secret,
    deliveries,
    setAnswer(next) {
      answer = next;
    },
    acknowledged() {
      const counts = new Map<string, number>();
      for (const delivery of deliveries) if (isOk(delivery.status)) counts.set(delivery.id, (counts.get(delivery.id) ?? 0) + 1);
      return counts;
    },
    events() {
      const seen = new Set<string>();
      return deliveries
        .filter((delivery) => isOk(delivery.status) && !seen.has(delivery.id) && seen.add(delivery.id))
        .map((delivery) => JSON.parse(delivery.body) as EventEnvelope<Record<string, unknown>>);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` holds (or returns a value), failing after `timeoutMs` with `what`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Worker settings for tests: a fast retry schedule and polling, short timeouts. */
export const FAST: DeliveryWorkerOptions = { retryScheduleMs: [50, 100, 200], pollIntervalMs: 20, timeoutMs: 2_000, leaseMs: 4_000 };

export async function registerEndpoint(
  db: Queryable,
  input: { team_id: string; url: string; secret: string; event_types?: string[] | null },
): Promise<WebhookEndpointWithSecretRecord> {
  return createWebhookEndpoint(db, { team_id: input.team_id, url: input.url, event_types: input.event_types ?? null, description: null, secret: input.secret });
}

export const sampleEnvelope = (teamId: string, eventType: string, data: Record<string, unknown> = {}): EventEnvelope => ({
  event_type: eventType,
  data: { user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', ...data },
  team_id: teamId,
  user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10',
  client_user_id: 'patient-000123',
});

/** Emits `count` events of the team in one transaction; returns their ids in order. */
export async function emitMany(db: Database, teamId: string, count: number, eventType = 'daily.data.steps.created'): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await emitEvent(tx, sampleEnvelope(teamId, eventType, { seq: i }))).id);
    return ids;
  });
}

/** Resolves when no delivery (of the endpoint) is pending any more. */
export async function waitUntilSettled(db: Queryable, endpointId: string, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `the deliveries of endpoint ${endpointId} to settle`,
    async () => (await db.one<{ n: number }>(`SELECT count(*)::integer AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`, [endpointId]))?.n === 0,
    timeoutMs,
  );
}
