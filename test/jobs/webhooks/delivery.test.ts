/**
 * The delivery worker against real loopback receivers, on every available
 * engine: signatures, retries until a receiver recovers (each event acknowledged
 * exactly once per id), failure after the last attempt and replay, timeouts,
 * event type filters and team isolation, and claims that outlive their worker.
 */
import { Webhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../server/client/webhooks.js';
import { webhookMessageId } from '../../../server/domain/webhooks/rules.js';
import { randomUUID } from 'node:crypto';
import { emitEvent, emitEvents, listTeamEvents } from '../../../server/storage/repositories/events.js';
import { insertOrders } from '../../../server/storage/repositories/lab-orders.js';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../../server/jobs/webhooks/worker.js';
import type { Database } from '../../../server/storage/database.js';
import {
  claimDueDeliveries,
  completeDeliveries,
  countWebhookDeliveries,
  listWebhookDeliveries,
  replayWebhookDeliveries,
  type WebhookDeliveryRecord,
} from '../../../server/storage/repositories/webhooks.js';
import { engineCases, seedTeam, useTestDatabase } from '../../storage/helpers.js';
import { emitMany, FAST, registerEndpoint, sampleEnvelope, startReceiver, waitFor, waitUntilSettled, type Receiver } from './helpers.js';
import { freePort } from '../../../scripts/lib/free-ports.js';

const deliveriesOf = async (db: Database, endpointId: string): Promise<WebhookDeliveryRecord[]> =>
  (await listWebhookDeliveries(db, { endpoint_id: endpointId, limit: 1000 })).rows;

describe.each(engineCases)('webhook delivery on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('worker', () => {
    const ctx = useTestDatabase(engine);
    const workers: DeliveryWorker[] = [];
    const receivers: Receiver[] = [];

    const worker = (options: DeliveryWorkerOptions = {}, db: Database = ctx.db) => {
      const started = new DeliveryWorker(db, { ...FAST, ...options }).start();
      workers.push(started);
      return started;
    };
    const receiver = async (options: Parameters<typeof startReceiver>[0] = {}) => {
      const started = await startReceiver(options);
      receivers.push(started);
      return started;
    };

    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 0 })));
      await Promise.all(receivers.splice(0).map((r) => r.close()));
      // Tests share the database: leave no delivery for the next test's worker.
      await ctx.db.query('DELETE FROM webhook_endpoints');
    });

    it('when events are emitted, then each arrives once, signed with the endpoint secret, webhook-id derived from the event id', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver();
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const eventIds = await emitMany(ctx.db, team.id, 5);
      worker();
      await waitUntilSettled(ctx.db, endpoint.id);

      expect(target.deliveries).toHaveLength(5);
      expect(target.deliveries.every((d) => d.verified)).toBe(true);
      expect(target.deliveries.map((d) => d.id).sort()).toEqual(eventIds.map(webhookMessageId).sort());
      for (const delivery of target.deliveries) {
        expect(delivery.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(delivery.svix).toEqual({ id: delivery.id, timestamp: delivery.timestamp, signature: delivery.signature });
        const event = verifyWebhook(target.secret, { 'webhook-id': delivery.id, 'webhook-timestamp': delivery.timestamp, 'webhook-signature': delivery.signature }, delivery.body);
        expect(event).toMatchObject({ event_type: 'daily.data.steps.created', team_id: team.id, client_user_id: 'patient-000123' });
      }
      const stored = await deliveriesOf(ctx.db, endpoint.id);
      expect(stored.map((d) => ({ status: d.status, attempts: d.attempts, last_status_code: d.last_status_code, last_error: d.last_error, next_attempt_at: d.next_attempt_at }))).toEqual(
        Array(5).fill({ status: 'succeeded', attempts: 1, last_status_code: 204, last_error: null, next_attempt_at: null }),
      );
      // A 204 has no body: an empty one, not a missing one.
      expect(stored.map((d) => [d.last_response_body, d.last_response_body_truncated])).toEqual(Array(5).fill(['', false]));
    });

    it('when gcEveryAttempts is set, then the worker asks for a concurrent full collection after every that many attempts, failed ones too', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver();
      const down = await receiver({ answer: () => 503 });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await registerEndpoint(ctx.db, { team_id: team.id, url: down.url, secret: down.secret, event_types: ['daily.data.steps.created'] });
      // 7 events: 7 attempts to the receiver and 7 first attempts to the failing endpoint (retried only after 5 s).
      await emitMany(ctx.db, team.id, 7);
      const calls: unknown[] = [];
      worker({ gcEveryAttempts: 3, gc: (options) => calls.push(options), retryScheduleMs: [60_000] });
      await waitUntilSettled(ctx.db, endpoint.id);
      await waitFor('14 attempts, 4 collections', async () => calls.length === 4);
      expect(calls).toEqual(Array(4).fill({ type: 'major', execution: 'async' }));
    });

    it('when the body is compared with the stored event, then it is the envelope as stored', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver();
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const envelope = sampleEnvelope(team.id, 'historical.data.sleep.created', { provider: 'oura', start_date: '2026-05-26', end_date: '2026-11-21' });
      const { id } = await ctx.db.transaction((tx) => emitEvent(tx, envelope));
      worker();
      await waitUntilSettled(ctx.db, endpoint.id);
      const stored = await ctx.db.one<{ payload: string }>('SELECT payload::text AS payload FROM events WHERE id = $1', [id]);
      expect(target.deliveries[0]?.body).toBe(stored?.payload);
      expect(JSON.parse(target.deliveries[0]!.body)).toEqual(envelope);
    });

    it("when an order event's lab test is stored apart, then the event is stored without it and delivered and listed as the text emitted", async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'splice') RETURNING id`, [team.id]))!;
      // Characters outside the BMP before the lab test: PostgreSQL counts them as one character, JavaScript as two.
      const labTest = { id: randomUUID(), name: 'Panel ✓ 🧪 Ünïcode', markers: [{ name: 'Glucose 🍬', unit: 'mg/dL' }] };
      const [order] = await insertOrders(ctx.db, [{
        id: randomUUID(), team_id: team.id, user_id: user.id, lab_test_id: labTest.id, method: 'walk_in_test', status: 'received.walk_in_test.ordered',
        low_status: 'ordered', patient_name: 'zoë 😀', sample_id: `SB${Date.now()}`, activate_by: null, receiver_name: 'zoë 😀', body: { lab_test: labTest, notes: '' }, at: new Date().toISOString(),
      }]);
      expect(order!.lab_test_view).toEqual(expect.any(String));
      const envelope = {
        event_type: 'labtest.order.created',
        data: { id: order!.id, patient_details: { first_name: 'Zoë 😀😀', last_name: '"null"' }, lab_test: order!.body.lab_test, notes: 'after 🧾', passthrough: null },
        team_id: team.id,
        user_id: user.id,
        client_user_id: 'splice',
      };
      const target = await receiver();
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const { id } = await ctx.db.transaction((tx) => emitEvent(tx, envelope, { labTestView: order!.lab_test_view }));

      const stored = await ctx.db.one<{ payload: string; lab_test_view: string | null }>('SELECT payload::text AS payload, lab_test_view FROM events WHERE id = $1', [id]);
      expect(stored!.lab_test_view).toBe(order!.lab_test_view);
      expect(JSON.parse(stored!.payload)).toEqual({ ...envelope, data: { ...envelope.data, lab_test: null } });
      worker();
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(target.deliveries[0]?.body).toBe(JSON.stringify(envelope));
      const listed = await listTeamEvents(ctx.db, { team_id: team.id, event_type: 'labtest.order.created', limit: 10 });
      expect(listed.rows.map((row) => row.payload)).toEqual([envelope]);

      // A lab test other than the one stored under the digest it names is stored with the event.
      const other = { ...envelope, event_type: 'labtest.order.updated', data: { ...envelope.data, lab_test: { ...labTest, name: 'Another panel' } } };
      const { id: otherId } = await ctx.db.transaction((tx) => emitEvent(tx, other, { labTestView: order!.lab_test_view }));
      const whole = await ctx.db.one<{ payload: string; lab_test_view: string | null }>('SELECT payload::text AS payload, lab_test_view FROM events WHERE id = $1', [otherId]);
      expect(whole).toEqual({ payload: JSON.stringify(other), lab_test_view: null });
    });

    it('when events are emitted in one batch with dedup keys, then a key emitted before is skipped and the others are written', async () => {
      const { team } = await seedTeam(ctx.db);
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: 'https://hooks.example.com/batch', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      const key = (n: number) => `batch:${team.id}:${n}`;
      await ctx.db.transaction((tx) => emitEvent(tx, sampleEnvelope(team.id, 'provider.connection.created'), { dedupKey: key(1) }));
      const written = await ctx.db.transaction((tx) => emitEvents(tx, team.id, [1, 2, 3, 3].map((n) => ({ event: sampleEnvelope(team.id, 'provider.connection.created', { n }), dedupKey: key(n) }))));
      expect(written).toBe(2);
      expect(await countWebhookDeliveries(ctx.db, endpoint.id)).toEqual({ pending: 3, succeeded: 0, failed: 0 });
    });

    it('when the same change is emitted twice with its dedup key, then there is one event with one delivery per endpoint', async () => {
      const { team } = await seedTeam(ctx.db);
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: 'https://hooks.example.com/dedup', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      const envelope = sampleEnvelope(team.id, 'provider.connection.created');
      const key = `test:${team.id}`;
      const first = await ctx.db.transaction((tx) => emitEvent(tx, envelope, { dedupKey: key }));
      const second = await ctx.db.transaction((tx) => emitEvent(tx, envelope, { dedupKey: key }));
      expect(second).toEqual({ id: first.id, created: false });
      expect(first.created).toBe(true);
      expect(await countWebhookDeliveries(ctx.db, endpoint.id)).toEqual({ pending: 1, succeeded: 0, failed: 0 });
    });

    it('when the transaction that emitted an event rolls back, then neither the event nor its delivery exists', async () => {
      const { team } = await seedTeam(ctx.db);
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: 'https://hooks.example.com/rollback', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      await expect(
        ctx.db.transaction(async (tx) => {
          await emitEvent(tx, sampleEnvelope(team.id, 'provider.connection.created'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await countWebhookDeliveries(ctx.db, endpoint.id)).toEqual({ pending: 0, succeeded: 0, failed: 0 });
      expect(await ctx.db.one<{ n: number }>('SELECT count(*)::integer AS n FROM events WHERE team_id = $1', [team.id])).toEqual({ n: 0 });
    });

    it('when the receiver answers 500 to its first 15 requests, then every event is acknowledged exactly once, retries reusing its id', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: (_d, index) => (index < 15 ? 500 : 204) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const expected = (await emitMany(ctx.db, team.id, 10)).map(webhookMessageId);
      worker({ retryScheduleMs: [20, 20, 40, 40, 80, 80, 160, 160] });
      await waitUntilSettled(ctx.db, endpoint.id);

      const acknowledged = target.acknowledged();
      expect([...acknowledged.keys()].sort()).toEqual([...expected].sort());
      expect([...acknowledged.values()].every((count) => count === 1)).toBe(true);
      expect(target.deliveries.every((d) => expected.includes(d.id) && d.verified)).toBe(true);
      expect(target.deliveries).toHaveLength(25);
      const stored = await deliveriesOf(ctx.db, endpoint.id);
      expect(stored.every((d) => d.status === 'succeeded')).toBe(true);
      expect(stored.reduce((sum, d) => sum + d.attempts, 0)).toBe(25);
    });

    it('when the receiver is down and comes up later, then every event is delivered once it is up', async () => {
      const { team } = await seedTeam(ctx.db);
      const port = await freePort();
      const { secret } = await startReceiver().then(async (probe) => {
        await probe.close();
        return probe;
      });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: `http://127.0.0.1:${port}/webhooks`, secret });
      const expected = (await emitMany(ctx.db, team.id, 5)).map(webhookMessageId);
      worker({ retryScheduleMs: Array(100).fill(100) });
      await waitFor('every delivery to have failed an attempt', async () =>
        (await deliveriesOf(ctx.db, endpoint.id)).every((d) => d.attempts >= 1 && d.last_error === 'connection refused'),
      );
      const target = await receiver({ port, secret });
      await waitUntilSettled(ctx.db, endpoint.id);

      expect([...target.acknowledged().keys()].sort()).toEqual([...expected].sort());
      expect([...target.acknowledged().values()].every((count) => count === 1)).toBe(true);
      expect((await deliveriesOf(ctx.db, endpoint.id)).every((d) => d.status === 'succeeded' && d.attempts >= 2)).toBe(true);
    });

    it('when every attempt fails, then the delivery is failed after the last one, and a replay delivers it with the same id', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: () => 503 });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const expected = (await emitMany(ctx.db, team.id, 3)).map(webhookMessageId);
      worker({ retryScheduleMs: [20, 20] });
      await waitUntilSettled(ctx.db, endpoint.id);

      const failed = await deliveriesOf(ctx.db, endpoint.id);
      expect(failed.map((d) => ({ status: d.status, attempts: d.attempts, last_status_code: d.last_status_code, last_error: d.last_error, next_attempt_at: d.next_attempt_at }))).toEqual(
        Array(3).fill({ status: 'failed', attempts: 3, last_status_code: 503, last_error: 'endpoint answered 503', next_attempt_at: null }),
      );
      expect(target.deliveries).toHaveLength(9);

      target.setAnswer(() => 204);
      expect(await replayWebhookDeliveries(ctx.db, { endpoint_id: endpoint.id, delivery_ids: null })).toBe(3);
      await waitUntilSettled(ctx.db, endpoint.id);
      expect([...target.acknowledged().keys()].sort()).toEqual([...expected].sort());
      const replayed = await deliveriesOf(ctx.db, endpoint.id);
      expect(replayed.map((d) => ({ status: d.status, attempts: d.attempts, last_status_code: d.last_status_code }))).toEqual(
        Array(3).fill({ status: 'succeeded', attempts: 1, last_status_code: 204 }),
      );
      expect(replayed.map((d) => webhookMessageId(d.event_id)).sort()).toEqual([...expected].sort());
      // Every attempt, the failed ones and the replays, passed both the standardwebhooks and the svix verifier.
      expect(target.deliveries).toHaveLength(12);
      expect(target.deliveries.filter((d) => !d.verified).map((d) => d.verifyError)).toEqual([]);
    });

    it('when a delivery is tampered with, then the standardwebhooks and svix verifiers both reject it', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver();
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await emitMany(ctx.db, team.id, 1);
      worker();
      await waitUntilSettled(ctx.db, endpoint.id);
      const [delivery] = target.deliveries;
      expect(delivery?.verified).toBe(true);
      const headers = {
        'webhook-id': delivery!.id,
        'webhook-timestamp': delivery!.timestamp,
        'webhook-signature': delivery!.signature,
        'svix-id': delivery!.svix.id,
        'svix-timestamp': delivery!.svix.timestamp,
        'svix-signature': delivery!.svix.signature,
      };
      const tamperedBody = delivery!.body.replace('patient-000123', 'patient-000124');
      expect(tamperedBody).not.toBe(delivery!.body);
      const otherId = { ...headers, 'webhook-id': 'msg_other', 'svix-id': 'msg_other' };
      for (const [what, body, sent] of [
        ['body', tamperedBody, headers],
        ['id', delivery!.body, otherId],
      ] as const) {
        expect(() => new Webhook(target.secret).verify(body, sent), what).toThrow(/signature/i);
        expect(() => new SvixWebhook(target.secret).verify(body, sent), what).toThrow(/signature/i);
      }
      // Both accept the untouched delivery with the same headers (so the rejections above are about the change).
      expect(() => new Webhook(target.secret).verify(delivery!.body, headers)).not.toThrow();
      expect(() => new SvixWebhook(target.secret).verify(delivery!.body, headers)).not.toThrow();
    });

    it('when the receiver does not answer within the timeout, then the attempt fails and the retry delivers it', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: (_d, index) => (index === 0 ? 'hang' : 204) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await emitMany(ctx.db, team.id, 1);
      worker({ timeoutMs: 300, leaseMs: 2_000, retryScheduleMs: [20] });
      await waitUntilSettled(ctx.db, endpoint.id);

      expect(target.deliveries.map((d) => d.id)).toEqual([target.deliveries[0]!.id, target.deliveries[0]!.id]);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2 })]);
    });

    it('when a timeout fails the last attempt, then last_error says no answer and last_status_code is null', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: () => 'hang' });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await emitMany(ctx.db, team.id, 1);
      worker({ timeoutMs: 200, leaseMs: 2_000, retryScheduleMs: [] });
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([
        expect.objectContaining({ status: 'failed', attempts: 1, last_status_code: null, last_error: 'no answer within 200 ms' }),
      ]);
    });

    it('when an attempt is refused with a body and the replay is acknowledged with another, then each outcome stores the body it got', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: () => ({ status: 503, body: 'down for maintenance until 10:00' }) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await emitMany(ctx.db, team.id, 1);
      worker({ retryScheduleMs: [] });
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([
        expect.objectContaining({ status: 'failed', last_status_code: 503, last_response_body: 'down for maintenance until 10:00', last_response_body_truncated: false, last_error: 'endpoint answered 503' }),
      ]);

      target.setAnswer(() => ({ status: 200, body: '{"received":true}' }));
      await replayWebhookDeliveries(ctx.db, { endpoint_id: endpoint.id, delivery_ids: null });
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([expect.objectContaining({ status: 'pending', last_status_code: null, last_response_body: null, last_response_body_truncated: false })]);
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([
        expect.objectContaining({ status: 'succeeded', last_status_code: 200, last_response_body: '{"received":true}', last_response_body_truncated: false, last_error: null }),
      ]);
    });

    it('when bodies reach or pass the 4096-byte limit, then the first 4096 bytes are kept, cut before a straddling character, and marked truncated', async () => {
      const { team } = await seedTeam(ctx.db);
      const bodies: (string | Buffer)[] = [
        'a'.repeat(4094) + 'é', // exactly 4096 bytes: kept whole
        'a'.repeat(4095) + 'é' + 'tail', // é's two bytes straddle the limit
        'a'.repeat(4094) + '😀' + 'b', // a four-byte character straddles it
        'ü'.repeat(50_000), // 100,000 bytes of two-byte characters
        Buffer.from([0x6f, 0x6b, 0x00, 0xff]), // NUL and a byte that is not UTF-8
      ];
      const target = await receiver({ answer: (delivery) => ({ status: 200, body: bodies[(JSON.parse(delivery.body) as { data: { seq: number } }).data.seq]! }) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const eventIds = await emitMany(ctx.db, team.id, bodies.length);
      worker();
      await waitUntilSettled(ctx.db, endpoint.id);

      const stored = await deliveriesOf(ctx.db, endpoint.id);
      const bySeq = eventIds.map((id) => stored.find((d) => d.event_id === id)!);
      expect(bySeq.map((d) => [d.status, d.last_status_code, d.last_response_body_truncated])).toEqual([
        ['succeeded', 200, false],
        ['succeeded', 200, true],
        ['succeeded', 200, true],
        ['succeeded', 200, true],
        ['succeeded', 200, false],
      ]);
      expect(bySeq.map((d) => d.last_response_body)).toEqual(['a'.repeat(4094) + 'é', 'a'.repeat(4095), 'a'.repeat(4094), 'ü'.repeat(2048), 'ok\ufffd\ufffd']);
      for (const d of bySeq) expect(Buffer.byteLength(d.last_response_body!, 'utf8')).toBeLessThanOrEqual(4096);
    });

    it('when the receiver answers 200 and then sends body bytes without end, then the attempt is acknowledged within its timeout with the body truncated', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: () => ({ status: 200, endless: true }) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await emitMany(ctx.db, team.id, 1);
      // Without a bounded read, the attempt would end only at the timeout, as failed.
      worker({ timeoutMs: 1_500, leaseMs: 3_000, retryScheduleMs: [] });
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([
        expect.objectContaining({ status: 'succeeded', attempts: 1, last_status_code: 200, last_response_body: 'x'.repeat(4096), last_response_body_truncated: true, last_error: null }),
      ]);
    });

    it('when the connection is refused, then the attempt stores no body (null) in place of an earlier answer\'s', async () => {
      const { team } = await seedTeam(ctx.db);
      const port = await freePort();
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: `http://127.0.0.1:${port}/webhooks`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      await emitMany(ctx.db, team.id, 1);
      // As if an earlier attempt had been answered with a body.
      await ctx.db.query(`UPDATE webhook_deliveries SET last_status_code = 500, last_response_body = 'earlier', last_response_body_truncated = true WHERE endpoint_id = $1`, [endpoint.id]);
      worker({ retryScheduleMs: [] });
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([
        expect.objectContaining({ status: 'failed', last_status_code: null, last_response_body: null, last_response_body_truncated: false, last_error: 'connection refused' }),
      ]);
    });

    it('when endpoints filter event types, then each gets only the matching types, and another team endpoint gets nothing', async () => {
      const { team } = await seedTeam(ctx.db);
      const { team: otherTeam } = await seedTeam(ctx.db);
      const [all, connections, daily, sleepHistory, other] = await Promise.all([receiver(), receiver(), receiver(), receiver(), receiver()]);
      const endpoints = {
        all: await registerEndpoint(ctx.db, { team_id: team.id, url: all!.url, secret: all!.secret }),
        connections: await registerEndpoint(ctx.db, { team_id: team.id, url: connections!.url, secret: connections!.secret, event_types: ['provider.connection.created'] }),
        daily: await registerEndpoint(ctx.db, { team_id: team.id, url: daily!.url, secret: daily!.secret, event_types: ['daily.data.*'] }),
        sleepHistory: await registerEndpoint(ctx.db, { team_id: team.id, url: sleepHistory!.url, secret: sleepHistory!.secret, event_types: ['historical.data.sleep.created', 'historical.data.sleep_cycle.created'] }),
        other: await registerEndpoint(ctx.db, { team_id: otherTeam.id, url: other!.url, secret: other!.secret }),
      };
      const types = ['provider.connection.created', 'daily.data.steps.created', 'daily.data.sleep.updated', 'historical.data.sleep.created', 'historical.data.steps.created', 'historical.data.sleep_cycle.created'];
      await ctx.db.transaction(async (tx) => {
        for (const type of types) await emitEvent(tx, sampleEnvelope(team.id, type));
      });
      worker();
      for (const endpoint of Object.values(endpoints)) await waitUntilSettled(ctx.db, endpoint.id);

      const received = (target: Receiver) => target.events().map((event) => event.event_type).sort();
      expect(received(all!)).toEqual([...types].sort());
      expect(received(connections!)).toEqual(['provider.connection.created']);
      expect(received(daily!)).toEqual(['daily.data.sleep.updated', 'daily.data.steps.created']);
      expect(received(sleepHistory!)).toEqual(['historical.data.sleep.created', 'historical.data.sleep_cycle.created']);
      expect(other!.deliveries).toEqual([]);
      expect(await countWebhookDeliveries(ctx.db, endpoints.other.id)).toEqual({ pending: 0, succeeded: 0, failed: 0 });
    });

    it('when a worker is killed mid-attempt, then its claim expires and another worker completes the delivery', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: (_d, index) => (index === 0 ? 'hang' : 204) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const [eventId] = await emitMany(ctx.db, team.id, 1);
      const doomed = worker({ timeoutMs: 3_000, leaseMs: 3_500 });
      await waitFor('the first attempt to reach the receiver', () => target.deliveries.length === 1);
      doomed.kill();

      const [claimed] = await deliveriesOf(ctx.db, endpoint.id);
      expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
      const row = await ctx.db.one<{ claimed_by: string | null }>('SELECT claimed_by FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]);
      expect(row?.claimed_by).toMatch(new RegExp(`^${doomed.name}#`));

      worker();
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(target.acknowledged()).toEqual(new Map([[webhookMessageId(eventId!), 1]]));
      expect(target.deliveries.map((d) => d.id)).toEqual([webhookMessageId(eventId!), webhookMessageId(eventId!)]);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2 })]);
    });

    it('when a claim expires and another worker takes the delivery, then the first claim can no longer record an outcome', async () => {
      const { team } = await seedTeam(ctx.db);
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: 'http://127.0.0.1:9/never', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      await emitMany(ctx.db, team.id, 1);
      const first = await claimDueDeliveries(ctx.db, { limit: 10, claimedBy: 'crashed#1', leaseMs: 60_000 });
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ claim: 'crashed#1', attempts: 1, url: endpoint.url, secret: endpoint.secret });
      expect(await claimDueDeliveries(ctx.db, { limit: 10, claimedBy: 'early#1', leaseMs: 60_000 })).toEqual([]);

      // The lease runs out (the worker that holds it died).
      await ctx.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [first[0]!.id]);
      const second = await claimDueDeliveries(ctx.db, { limit: 10, claimedBy: 'second#1', leaseMs: 60_000 });
      expect(second).toEqual([expect.objectContaining({ id: first[0]!.id, claim: 'second#1', attempts: 2 })]);

      const outcome = { id: first[0]!.id, status: 'succeeded' as const, status_code: 204, response_body: '', response_body_truncated: false, error: null, retry_in_ms: null };
      await completeDeliveries(ctx.db, [{ ...outcome, claim: 'crashed#1' }]);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 2 })]);
      await completeDeliveries(ctx.db, [{ ...outcome, claim: 'second#1' }]);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2, last_status_code: 204 })]);
    });

    it('when a worker stops with an attempt in flight, then the delivery is given back uncounted and delivered later', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await receiver({ answer: (_d, index) => (index === 0 ? 'hang' : 204) });
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      await emitMany(ctx.db, team.id, 1);
      const stopping = worker({ timeoutMs: 30_000, leaseMs: 60_000 });
      await waitFor('the first attempt to reach the receiver', () => target.deliveries.length === 1);
      await stopping.stop({ graceMs: 20 });

      const row = await ctx.db.one<{ status: string; attempts: number; claimed_by: string | null }>(
        'SELECT status, attempts, claimed_by FROM webhook_deliveries WHERE endpoint_id = $1',
        [endpoint.id],
      );
      expect(row).toEqual({ status: 'pending', attempts: 0, claimed_by: null });
      worker();
      await waitUntilSettled(ctx.db, endpoint.id);
      expect(await deliveriesOf(ctx.db, endpoint.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1 })]);
    });

    it('when an endpoint is deleted while its deliveries are retried, then the worker carries on with the others', async () => {
      const { team } = await seedTeam(ctx.db);
      const failing = await receiver({ answer: () => 500 });
      const healthy = await receiver();
      const doomed = await registerEndpoint(ctx.db, { team_id: team.id, url: failing.url, secret: failing.secret });
      const kept = await registerEndpoint(ctx.db, { team_id: team.id, url: healthy.url, secret: healthy.secret });
      await emitMany(ctx.db, team.id, 3);
      worker({ retryScheduleMs: Array(20).fill(30) });
      await waitFor('a failed attempt', () => failing.deliveries.length >= 3);
      await ctx.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [doomed.id]);
      await emitMany(ctx.db, team.id, 2);
      await waitUntilSettled(ctx.db, kept.id);
      expect(healthy.acknowledged().size).toBe(5);
      expect(await countWebhookDeliveries(ctx.db, doomed.id)).toEqual({ pending: 0, succeeded: 0, failed: 0 });
    });
  });

  describe.skipIf(!engine.available || engine.kind !== 'postgres')('several workers (PostgreSQL only: PGlite is one connection, so no row is ever locked by another)', () => {
    const ctx = useTestDatabase(engine);

    it('when rows are locked by another transaction, then a claim skips them without waiting', async () => {
      const { team } = await seedTeam(ctx.db);
      await registerEndpoint(ctx.db, { team_id: team.id, url: 'http://127.0.0.1:9/x', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      await emitMany(ctx.db, team.id, 6);
      const other = await ctx.test.openAnother();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: string[] = [];
      const lockedReady = new Promise<void>((ready) => {
        void ctx.db.transaction(async (tx) => {
          locked = (await tx.query<{ id: string }>(`SELECT id FROM webhook_deliveries ORDER BY id LIMIT 3 FOR UPDATE`)).map((row) => row.id);
          ready();
          await held;
        });
      });
      await lockedReady;
      try {
        const claimed = await claimDueDeliveries(other, { limit: 10, claimedBy: 'other#1', leaseMs: 60_000 });
        expect(claimed).toHaveLength(3);
        expect(claimed.some((row) => locked.includes(row.id))).toBe(false);
      } finally {
        release();
      }
      await ctx.db.query('DELETE FROM webhook_endpoints WHERE team_id = $1', [team.id]);
    });

    it('when two workers on separate connection pools share the queue, then each event is acknowledged exactly once', async () => {
      const { team } = await seedTeam(ctx.db);
      const target = await startReceiver();
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: target.url, secret: target.secret });
      const expected = (await emitMany(ctx.db, team.id, 300)).map(webhookMessageId);
      const other = await ctx.test.openAnother();
      const workers = [new DeliveryWorker(ctx.db, { ...FAST, concurrency: 8 }).start(), new DeliveryWorker(other, { ...FAST, concurrency: 8 }).start()];
      try {
        await waitUntilSettled(ctx.db, endpoint.id);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await target.close();
      }
      expect([...target.acknowledged().keys()].sort()).toEqual([...expected].sort());
      expect([...target.acknowledged().values()].every((count) => count === 1)).toBe(true);
      expect(target.deliveries).toHaveLength(300);
      expect(workers.reduce((sum, w) => sum + w.stats.succeeded, 0)).toBe(300);
    });
  });
});
