import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/storage/database.js';
import { LabOrderSimulator, startSimulation } from '../../server/jobs/lab-orders/simulator.js';
import { applyTransition } from '../../server/jobs/lab-orders/transition.js';
import { lockSimulation, rescheduleSimulation } from '../../server/storage/repositories/lab-order-simulation-queue.js';
import { findOrder, lockOrderStatus } from '../../server/storage/repositories/lab-orders.js';
import { holdingLocks, untilBlockedBy } from '../helpers/locks.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { apiEngines, expectStatus, expectValidation, useApiApp, type ApiApp, type TeamSchemas } from '../api/helpers.js';
import { orderBody } from '../api/lab-order-fixtures.js';

type Order = TeamSchemas['Order'];
type OrderEvent = { event_type: string; data: Order };

async function placeOrder(ctx: ApiApp, key?: string): Promise<Order> {
  const user = await ctx.newUser({}, key);
  return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id)), 200).order;
}

/** A simulator on `db` whose clock is `clock.now`. */
const simulatorOn = (db: Database, clock: { now: Date }) => new LabOrderSimulator({ db, logger: silentLogger(), now: () => clock.now });

/** The database, except that every transaction rolls back at its end, as if the process died before COMMIT. */
const dyingBeforeCommit = (db: Database): Database =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (fn: (tx: unknown) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          await fn(tx);
          throw new Error('process killed before COMMIT');
        });
    },
  });

const updatesOf = async (ctx: ApiApp, orderId: string, teamId = ctx.server.teamId) =>
  (await listEventPayloads<OrderEvent>(ctx.server.db, { team_id: teamId, event_type: 'labtest.order.updated' }))
    .filter((event) => event.data.id === orderId)
    .map((event) => event.data.last_event.status);

describe.each(apiEngines)('lab order simulation (server/jobs/lab-orders) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  // Two transactions at once: PostgreSQL only (PGlite runs one at a time; the tests' names say so).
  const concurrently = it.skipIf(engine.kind !== 'postgres');

  it('when a walk is started from a status the order has left (cancelled since it was read), then nothing is stored, and POST /test then refuses it', async () => {
    const order = await placeOrder(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    const simulation = { order_id: order.id, team_id: ctx.server.teamId, target_status: 'completed.walk_in_test.completed', delay_ms: 0, flags: { interpretation: 'normal' as const, result_types: null, has_missing_results: null }, now: () => new Date() };
    expect(await startSimulation(ctx.server.db, { ...simulation, from_status: order.last_event.status })).toBeNull();
    expect(await ctx.server.db.query(`SELECT 1 FROM lab_order_simulations WHERE order_id = $1`, [order.id])).toEqual([]);
    expectValidation(await ctx.team().post(`/v3/order/${order.id}/test`), [{ loc: ['query', 'final_status'] }]);
    expect(await ctx.server.db.query(`SELECT 1 FROM lab_order_simulations WHERE order_id = $1`, [order.id])).toEqual([]);
  });

  concurrently('when a cancel comes while a simulation step holds its simulation (and would wait for the order), then the cancel does not wait for the step, and the step then drops the simulation (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const order = await placeOrder(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=60`), 200);
    // As a simulator step: its simulation's row first (claimDueSimulation), then the order's.
    const { held, release, done: step } = holdingLocks(ctx.server.db, (tx) => lockSimulation(tx, order.id), (tx) => lockOrderStatus(tx, ctx.server.teamId, order.id));
    await held;
    const cancel = ctx.team().post(`/v3/order/${order.id}/cancel`).then((response) => response);
    // A cancel that waited for the step's row would wait for ever here (the step waits for it): a hang, caught as such.
    const first = await Promise.race([cancel.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000))]).finally(release);
    expect(first).toBe('answered');
    expect(expectStatus<TeamSchemas['OrderResponse']>(await cancel, 200).order.last_event.status).toBe('cancelled.walk_in_test.cancelled');
    expect((await step)?.status).toBe('cancelled.walk_in_test.cancelled');
    // The simulation the cancel left to the step is dropped by the next step, which writes nothing to the order.
    expect(await simulatorOn(ctx.server.db, { now: new Date(Date.now() + 3_600_000) }).runDue()).toBe(1);
    expect(await ctx.server.db.query(`SELECT order_id FROM lab_order_simulations WHERE order_id = $1`, [order.id])).toEqual([]);
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).events.map((e) => e.status)).toEqual(['received.walk_in_test.ordered', 'cancelled.walk_in_test.cancelled']);
  }, 60_000);

  concurrently('when a user is deleted while a simulation step holds one of its orders\' simulations (and would wait for the order), then the delete waits for the step instead of deadlocking with it (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const order = await placeOrder(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=60`), 200);
    // As a simulator step: its simulation's row first (claimDueSimulation), then the order's.
    const { held, release, done: step } = holdingLocks(ctx.server.db, (tx) => lockSimulation(tx, order.id), (tx) => lockOrderStatus(tx, ctx.server.teamId, order.id));
    const pid = await held;
    const deleted = ctx.team().delete(`/v2/user/${order.user_id}`).then((response) => response);
    // The delete waits for the step's simulation; before, it locked the order first, and the step then waited for it: a deadlock.
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    expect((await step)?.status).toBe('received.walk_in_test.ordered');
    expect(expectStatus(await deleted, 200)).toEqual({ success: true });
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE id = $1`, [order.id])).toEqual([]);
    expect(await ctx.server.db.query(`SELECT order_id FROM lab_order_simulations WHERE order_id = $1`, [order.id])).toEqual([]);
  }, 60_000);

  concurrently('when a cancel waits for a step that holds the order, then the cancellation is stored after the step, with a time no earlier than the step\'s (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const order = await placeOrder(ctx);
    const { held, release, done: step } = holdingLocks(ctx.server.db, (tx) => lockOrderStatus(tx, ctx.server.teamId, order.id), async (tx) => {
      const current = (await findOrder(tx, ctx.server.teamId, order.id))!;
      return applyTransition(tx, current, 'received.walk_in_test.requisition_created', { at: new Date().toISOString() });
    });
    const pid = await held;
    const cancel = ctx.team().post(`/v3/order/${order.id}/cancel`).then((response) => response);
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await step;
    const cancelled = expectStatus<TeamSchemas['OrderResponse']>(await cancel, 200).order;
    expect(cancelled.events.map((e) => e.status)).toEqual(['received.walk_in_test.ordered', 'received.walk_in_test.requisition_created', 'cancelled.walk_in_test.cancelled']);
    const times = cancelled.events.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(cancelled.updated_at).toBe(cancelled.last_event.created_at);
  }, 60_000);

  concurrently('when a call replaces a walk while one of its steps is being taken, then it waits for the step and paces its next step from that status change (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const order = await placeOrder(ctx);
    const t0 = Date.now();
    ctx.server.setNow(new Date(t0));
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=60`), 200);
    // As a simulator step: its simulation's row first (claimDueSimulation), then the order's, a status change at t0 + 30 s.
    const { held, release, done: step } = holdingLocks(ctx.server.db, (tx) => lockSimulation(tx, order.id), async (tx) => {
      await lockOrderStatus(tx, ctx.server.teamId, order.id);
      const current = (await findOrder(tx, ctx.server.teamId, order.id))!;
      await applyTransition(tx, current, 'received.walk_in_test.requisition_created', { at: new Date(t0 + 30_000).toISOString() });
      await rescheduleSimulation(tx, order.id, new Date(t0 + 90_000).toISOString());
    });
    const pid = await held;
    ctx.server.setNow(new Date(t0 + 31_000));
    const replaced = ctx.team().post(`/v3/order/${order.id}/test?delay=45`).then((response) => response);
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await step;
    expectStatus(await replaced, 200);
    const [row] = await ctx.server.db.query<{ ms: number }>(`SELECT extract(epoch FROM next_step_at)::float8 * 1000 AS ms FROM lab_order_simulations WHERE order_id = $1`, [order.id]);
    // 45 s after the step's status change, not after the order's creation (the status it had when the call came).
    expect(Number(row!.ms)).toBe(t0 + 75_000);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
  }, 60_000);

  it('when the simulator restarts between delayed steps, then the order finishes exactly once with no event repeated', async () => {
    const order = await placeOrder(ctx);
    const clock = { now: new Date() };
    ctx.server.setNow(clock.now);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=60`), 200);
    expect(await simulatorOn(ctx.server.db, clock).runDue()).toBe(1);
    // Not due yet: a new process finds nothing to do.
    expect(await simulatorOn(ctx.server.db, clock).runDue()).toBe(0);
    for (let i = 0; i < 4; i++) {
      clock.now = new Date(clock.now.getTime() + 60_000);
      expect(await simulatorOn(ctx.server.db, clock).runDue(), `step ${i + 2}`).toBe(1);
    }
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await simulatorOn(ctx.server.db, clock).runDue()).toBe(0);
    const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    const statuses = read.events.map((e) => e.status);
    expect(statuses).toHaveLength(6);
    expect(new Set(statuses).size).toBe(6);
    expect(statuses[5]).toBe('completed.walk_in_test.completed');
    expect(read.events.map((e) => e.id)).toEqual([...read.events.map((e) => e.id)].sort((a, b) => a - b));
  });

  it('when the process dies before a step commits, then the step is taken again once, and its event and webhook exist once', async () => {
    const order = await placeOrder(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test`), 200);
    const clock = { now: new Date() };
    await expect(simulatorOn(dyingBeforeCommit(ctx.server.db), clock).step()).rejects.toThrow('process killed before COMMIT');
    const unchanged = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(unchanged.events).toHaveLength(1);
    expect(await updatesOf(ctx, order.id)).toEqual([]);
    await simulatorOn(ctx.server.db, clock).runDue();
    const done = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(done.events.map((e) => e.status)).toHaveLength(6);
    // partial_results is not sent to a team that did not opt in.
    expect(await updatesOf(ctx, order.id)).toEqual([
      'received.walk_in_test.requisition_created',
      'collecting_sample.walk_in_test.appointment_pending',
      'collecting_sample.walk_in_test.appointment_scheduled',
      'completed.walk_in_test.completed',
    ]);
  });

  it('when two simulators run at once, then every step is taken once', async () => {
    const orders = await Promise.all([placeOrder(ctx), placeOrder(ctx), placeOrder(ctx)]);
    for (const order of orders) expectStatus(await ctx.team().post(`/v3/order/${order.id}/test`), 200);
    const clock = { now: new Date() };
    const [a, b] = await Promise.all([simulatorOn(ctx.server.db, clock).runDue(), simulatorOn(ctx.server.db, clock).runDue()]);
    expect(a + b).toBe(15);
    for (const order of orders) {
      const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
      expect(read.events).toHaveLength(6);
    }
  });

  it('when a team opted in to partial results, then it gets labtest.order.updated for partial_results too, and created for the new order', async () => {
    const other = await ctx.otherTeam();
    expectStatus(await ctx.management().patch(`/v1/org/${ctx.server.orgId}/team/${other.team.id}`).send({ lab_partial_results_enabled: true }), 200);
    const order = await placeOrder(ctx, other.apiKey);
    expectStatus(await ctx.team(other.apiKey).post(`/v3/order/${order.id}/test`), 200);
    await simulatorOn(ctx.server.db, { now: new Date() }).runDue();
    expect(await updatesOf(ctx, order.id, other.team.id)).toContain('sample_with_lab.walk_in_test.partial_results');
    const created = (await listEventPayloads<OrderEvent>(ctx.server.db, { team_id: other.team.id, event_type: 'labtest.order.created' })).filter((e) => e.data.id === order.id);
    expect(created.map((e) => e.data.last_event.status)).toEqual(['received.walk_in_test.ordered']);
  });

  it('when the simulator runs in the background, then a started simulation completes without being polled by the test', async () => {
    const simulator = new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger(), pollMs: 20 }).start();
    try {
      const order = await placeOrder(ctx);
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=collecting_sample.walk_in_test.appointment_pending`), 200);
      simulator.wake();
      let status = '';
      for (let i = 0; i < 200 && status !== 'collecting_sample.walk_in_test.appointment_pending'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).last_event.status;
      }
      expect(status).toBe('collecting_sample.walk_in_test.appointment_pending');
    } finally {
      await simulator.stop();
    }
  });
});
