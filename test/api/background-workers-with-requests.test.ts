/**
 * The background workers against API requests sent while they run, on every engine (PGlite runs
 * one transaction at a time, PostgreSQL side by side), a few rounds each with the requests at
 * other moments: the webhook delivery worker while endpoints are deleted and replayed, a data
 * sync round while connections break and are repaired, the lab order simulator while orders are
 * cancelled and their users deleted. No request may fail with a 500, no worker may log an error,
 * and nothing may be left half done. (A historical pull whose connection changes as it runs:
 * test/jobs/bulk-pull/connection-changes.test.ts.)
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../server/logger.js';
import { DeliveryWorker } from '../../server/jobs/webhooks/worker.js';
import { syncDueWindows } from '../../server/jobs/data-sync/sync.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { orderBody } from './lab-order-fixtures.js';
import type { TeamSchemas } from './helpers.js';
import { FAST as FAST_DELIVERY, emitMany, registerEndpoint, startReceiver, waitUntilSettled } from '../jobs/webhooks/helpers.js';
import { apiEngines, expectStatus, useApiApp } from './helpers.js';

const ROUNDS = 3;

/** A logger that keeps every line at warn or above (level 40 warn, 50 error, 60 fatal). */
function recordingLogger(): { logger: Logger; lines: { level: number; msg: string; err?: unknown }[]; errors: () => { level: number; msg: string }[] } {
  const lines: { level: number; msg: string; err?: unknown }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, lines, errors: () => lines.filter((line) => line.level >= 50) };
}

describe.each(apiEngines)('background workers against API requests on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  describe('webhook delivery worker', () => {
    it('deliveries being sent while one endpoint is deleted and the other one\'s deliveries are replayed (all and by id): none stays pending, no error logged', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { logger, errors, lines } = recordingLogger();
        // Every third request answered 500 (retried, then failed: replayable).
        const receiver = await startReceiver({ answer: (_delivery, index) => (index % 3 === 0 ? 500 : 204) });
        const keep = await registerEndpoint(ctx.server.db, { team_id: ctx.server.teamId, url: receiver.url, secret: receiver.secret });
        const gone = await registerEndpoint(ctx.server.db, { team_id: ctx.server.teamId, url: receiver.url, secret: receiver.secret });
        const worker = new DeliveryWorker(ctx.server.db, { ...FAST_DELIVERY, retryScheduleMs: [20], concurrency: 4, logger }).start();
        const base = `/v1/org/${ctx.server.orgId}/team/${ctx.server.teamId}/webhook_endpoint`;
        try {
          await emitMany(ctx.server.db, ctx.server.teamId, 40);
          const ids = (await ctx.server.db.query<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [keep.id])).map((row) => row.id);
          const responses = await Promise.all([
            (async () => {
              await new Promise((resolve) => setTimeout(resolve, 10 + round * 10));
              return ctx.management().delete(`${base}/${gone.id}`);
            })(),
            ...[0, 1, 2, 3].map(async (i) => {
              await new Promise((resolve) => setTimeout(resolve, 15 * i));
              return i % 2 === 0 ? ctx.management().post(`${base}/${keep.id}/replay`).send({}) : ctx.management().post(`${base}/${keep.id}/replay`).send({ delivery_ids: ids.slice(i * 5, i * 5 + 10) });
            }),
            emitMany(ctx.server.db, ctx.server.teamId, 10).then(() => ({ status: 200, body: null })),
          ]);
          for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
          await waitUntilSettled(ctx.server.db, keep.id, 30_000);
          const left = await ctx.server.db.query(`SELECT endpoint_id, status, claimed_by FROM webhook_deliveries WHERE endpoint_id IN ($1, $2) AND (status = 'pending' OR claimed_by IS NOT NULL)`, [keep.id, gone.id]);
          expect({ round, left }).toEqual({ round, left: [] });
          expect(errors()).toEqual([]);
          expect(lines.filter((line) => line.level >= 50)).toEqual([]);
        } finally {
          await worker.stop();
          await receiver.close();
          await ctx.server.db.query(`DELETE FROM webhook_endpoints WHERE id IN ($1, $2)`, [keep.id, gone.id]);
        }
      }
    });
  });

  describe('data sync worker', () => {
    it('a sync round while the connection is simulate_error\'d and repaired (demo connect) at once: no 500, no error, the window is open exactly when the connection is connected', async () => {
      for (let round = 0; round < ROUNDS * 2; round++) {
        const users = await Promise.all([0, 1, 2, 3].map(() => ctx.connectedUser('oura')));
        const failures: unknown[] = [];
        const at = new Date(Date.now() + 2 * 86_400_000);
        const results = await Promise.all([
          syncDueWindows(ctx.server.db, { now: () => at, intervalMs: 60_000, batchSize: 2 }).catch((error: unknown) => void failures.push(error)),
          ...users.map(async (user, i) => {
            const broke = ctx.team().post(`/v2/user/${user.user_id}/oura/simulate_error`).send({ error_type: 'token_refresh_failed' });
            // Half: the repair sent right after the break's answer; half: both at once.
            if (i % 2 === 0) {
              const first = await broke;
              const second = await ctx.team().post('/v2/link/connect/demo').send({ user_id: user.user_id, provider: 'oura' });
              return [first, second];
            }
            return Promise.all([broke, ctx.team().post('/v2/link/connect/demo').send({ user_id: user.user_id, provider: 'oura' })]);
          }),
        ]);
        expect(failures).toEqual([]);
        for (const pair of results.slice(1) as { status: number; body: unknown }[][]) for (const response of pair) expect(response.status, JSON.stringify(response.body)).toBe(200);
        // A second round after: it must not fail either.
        await syncDueWindows(ctx.server.db, { now: () => new Date(at.getTime() + 86_400_000), intervalMs: 60_000, batchSize: 2 });
        for (const user of users) {
          const [state] = await ctx.server.db.query<{ status: string; ended_at: string | null }>(
            `SELECT c.status, w.ended_at FROM connections c JOIN data_windows w ON w.user_id = c.user_id AND w.provider = c.provider WHERE c.user_id = $1 AND c.provider = 'oura'`,
            [user.user_id],
          );
          expect({ round, user: user.user_id, open: state?.ended_at === null, connected: state?.status === 'connected' }).toEqual({ round, user: user.user_id, open: state?.status === 'connected', connected: state?.status === 'connected' });
        }
      }
    });
  });

  describe('lab order simulator', () => {
    it('simulation steps while the orders\' users are deleted or the orders cancelled: no 500, no error logged, no step left due for a gone order', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { logger, errors } = recordingLogger();
        const orders: { order: TeamSchemas['Order']; user: string }[] = [];
        for (let i = 0; i < 6; i++) {
          const user = await ctx.newUser();
          const order = expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post('/v3/order').send(orderBody(user.user_id)), 200).order;
          expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=60`), 200);
          orders.push({ order, user: user.user_id });
        }
        const simulator = new LabOrderSimulator({ db: ctx.server.db, logger, now: () => new Date(Date.now() + 3_600_000 * (round + 1)) });
        const responses = await Promise.all([
          simulator.runDue().catch((error: unknown) => ({ status: 599, body: String(error) })),
          ...orders.map(({ order, user }, i) => (i % 2 === 0 ? ctx.team().delete(`/v2/user/${user}`) : ctx.team().post(`/v3/order/${order.id}/cancel`))),
        ]);
        for (const response of responses.slice(1) as { status: number; body: unknown }[]) expect([200, 400, 409], JSON.stringify(response.body)).toContain(response.status);
        expect(typeof responses[0] === 'number' ? 'ran' : (responses[0] as { status: number }).status).not.toBe(599);
        await simulator.runDue();
        const left = await ctx.server.db.query(`SELECT s.order_id FROM lab_order_simulations s WHERE s.order_id = ANY ($1::uuid[])`, [orders.map(({ order }) => order.id)]);
        expect({ round, left: left.length > 0 ? left : [] }).toEqual({ round, left: [] });
        expect(errors()).toEqual([]);
      }
    });
  });
});
