/**
 * Lab order fields as the API family has them (issue 41): `status_detail` codes with the words in
 * `notes`, `completed.<method>.corrected` for every method, `patient_details.dob` a date-time,
 * `patient_address.receiver_name` a string, and `X-Idempotency-Error` on POST /v3/order.
 */
import { describe, expect, it } from 'vitest';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { SAMPLE_ERROR_DETAILS, statusDetailFor } from '../../server/domain/lab-orders/status-detail.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody, patientAddress, patientDetails, STANDARD, TESTKIT } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type OrderResponse = TeamSchemas['OrderResponse'];
type Order = TeamSchemas['Order'];
type LabTest = TeamSchemas['LabTest'];

const METHODS = ['walk_in_test', 'testkit', 'at_home_phlebotomy', 'on_site_collection'] as const;

async function placeOrder(ctx: ApiApp, overrides: Record<string, unknown> = {}): Promise<Order> {
  const user = await ctx.newUser();
  return expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, overrides)), 200).order;
}

describe.each(apiEngines)('lab order wire fields (status_detail, corrected, dob, receiver_name) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulate = async (order: Order, finalStatus: string): Promise<Order> => {
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=${finalStatus}`), 200);
    await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() }).runDue();
    return expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
  };
  const updatedEvents = async (orderId: string) =>
    (await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.updated' })).filter((e) => e.data.id === orderId).map((e) => e.data);

  it.each(METHODS)('when a %s order is simulated to corrected, then it passes completed, keeps its final results, and each step has its labtest.order.updated', async (method) => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [STANDARD[method]!.id] } });
    const done = await simulate(order, `completed.${method}.corrected`);
    expect(done.events.slice(-2).map((e) => e.status)).toEqual([`completed.${method}.completed`, `completed.${method}.corrected`]);
    expect(done.status).toBe('completed');
    expect(done.last_event.status_detail).toBeNull();
    expect(done.interpretation).toBe('normal');
    const results = expectStatus<{ results: unknown[] }>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    expect(results.results.length).toBeGreaterThan(0);
    const updates = await updatedEvents(order.id);
    expect(updates.at(-1)!.last_event).toEqual(done.last_event);
    expect(updates.map((u) => u.last_event.status)).toContain(`completed.${method}.completed`);
    // Final: nothing further.
    expectValidation(await ctx.team().post(`/v3/order/${order.id}/test`), [{ loc: ['query', 'final_status'] }]);
  });

  it('when an order has not completed, then corrected is out of reach of a simulation (422), for every method', async () => {
    for (const method of METHODS) {
      const order = await placeOrder(ctx, { order_set: { lab_test_ids: [STANDARD[method]!.id] } });
      const cancelled = expectStatus<OrderResponse>(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200).order;
      expectValidation(await ctx.team().post(`/v3/order/${cancelled.id}/test?final_status=completed.${method}.corrected`), [{ loc: ['query', 'final_status'] }]);
    }
  });

  it('when a sample fails at the lab, then its event carries one sample code, the same for the order every time, in the answer and the webhook', async () => {
    const order = await placeOrder(ctx);
    const failed = await simulate(order, 'failed.walk_in_test.sample_error');
    const detail = failed.last_event.status_detail;
    expect(SAMPLE_ERROR_DETAILS).toContain(detail);
    expect(detail).toBe(statusDetailFor(order.id, 'failed.walk_in_test.sample_error'));
    expect(failed.events.slice(0, -1).every((e) => e.status_detail === null)).toBe(true);
    expect((await updatedEvents(order.id)).at(-1)!.last_event).toEqual(failed.last_event);
  });

  it('when a testkit is lost on its way to the lab, then its event carries fulfillment_error', async () => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [TESTKIT] } });
    const lost = await simulate(order, 'failed.testkit.lost');
    expect(lost.last_event).toMatchObject({ status: 'failed.testkit.lost', status_detail: 'fulfillment_error' });
    expect((await updatedEvents(order.id)).at(-1)!.last_event.status_detail).toBe('fulfillment_error');
  });

  it('when the team cancels an order, then the event has no code and the words go to the notes; an appointment booked by the simulation adds its own line', async () => {
    const order = await placeOrder(ctx);
    expect(order.notes).toBe('');
    const scheduled = await simulate(order, 'collecting_sample.walk_in_test.appointment_scheduled');
    expect(scheduled.events.every((e) => e.status_detail === null)).toBe(true);
    expect(scheduled.notes).toBe('Appointment booked at the first free slot by the simulation.');
    const cancelled = expectStatus<OrderResponse>(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200).order;
    expect(cancelled.last_event).toMatchObject({ status: 'cancelled.walk_in_test.cancelled', status_detail: null });
    expect(cancelled.notes).toBe('Appointment booked at the first free slot by the simulation.\nCancelled by the team.');
    expect((await updatedEvents(order.id)).at(-1)!.notes).toBe(cancelled.notes);
  });

  it('when an order is placed with a date of birth, then every answer and webhook gives it as a date-time at midnight UTC; the request keeps a date', async () => {
    const order = await placeOrder(ctx);
    expect(order.patient_details!.dob).toBe(`${patientDetails.dob}T00:00:00+00:00`);
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).patient_details!.dob).toBe('1986-04-21T00:00:00+00:00');
    const list = expectStatus<{ orders: Order[] }>(await ctx.team().get(`/v3/orders?order_ids=${order.id}`), 200);
    expect(list.orders.map((o) => o.patient_details!.dob)).toEqual(['1986-04-21T00:00:00+00:00']);
    const created = (await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' })).filter((e) => e.data.id === order.id);
    expect(created.map((e) => e.data.patient_details!.dob)).toEqual(['1986-04-21T00:00:00+00:00']);
    const user = await ctx.newUser();
    expectValidation(
      await ctx.team().post('/v3/order').send(orderBody(user.user_id, { patient_details: { ...patientDetails, dob: '1986-04-21T00:00:00+00:00' } })),
      [{ loc: ['body', 'patient_details', 'dob'] }],
    );
  });

  it('when the address names no receiver (left out or null), then receiver_name is an empty string, never null; a named one is kept', async () => {
    const left = await placeOrder(ctx);
    expect(left.patient_address!.receiver_name).toBe('');
    const nulled = await placeOrder(ctx, { patient_address: { ...patientAddress, receiver_name: null } });
    expect(nulled.patient_address!.receiver_name).toBe('');
    const named = await placeOrder(ctx, { patient_address: { ...patientAddress, receiver_name: 'Carmen Ruiz' } });
    expect(named.patient_address!.receiver_name).toBe('Carmen Ruiz');
    // A testkit with no receiver named is still shipped to the patient.
    const kit = await placeOrder(ctx, { order_set: { lab_test_ids: [TESTKIT] } });
    expect(kit.patient_address!.receiver_name).toBe('');
    expect(kit.shipping_details!.receiver_name).toBe(`${patientDetails.first_name} ${patientDetails.last_name}`);
  });
});

describe.each(apiEngines)('X-Idempotency-Error on createOrder (POST /v3/order) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  /** A lab test of the team's own, made inactive: ordering it is a 422 until it is made active again. */
  const inactiveLabTest = async (): Promise<LabTest> => {
    const created = expectStatus<LabTest>(await ctx.team().post('/v3/lab_tests').send({ name: 'Vitamin D only', description: '', method: 'walk_in_test', marker_ids: [1065] }), 200);
    return expectStatus<LabTest>(await ctx.team().patch(`/v3/lab_tests/${created.id}`).send({ active: false }), 200);
  };
  const activate = async (labTest: LabTest) => expectStatus(await ctx.team().patch(`/v3/lab_tests/${labTest.id}`).send({ active: true }), 200);
  const send = (key: string, body: object, errorHeader?: string) => {
    const req = ctx.team().post('/v3/order').set('X-Idempotency-Key', key);
    return (errorHeader === undefined ? req : req.set('X-Idempotency-Error', errorHeader)).send(body);
  };
  const orderCount = async () => Number((await ctx.server.db.one<{ n: string }>(`SELECT count(*)::text AS n FROM lab_orders WHERE team_id = $1`, [ctx.server.teamId]))!.n);

  it('when an error is answered under a key without the header, then a retry with the key and the same body answers the same error even once its cause is gone, and another body is a 422 at the key', async () => {
    const labTest = await inactiveLabTest();
    const user = await ctx.newUser();
    const body = orderBody(user.user_id, { order_set: { lab_test_ids: [labTest.id] } });
    const first = await send('kept-1', body);
    const items = expectValidation(first, [{ loc: ['body', 'order_set', 'lab_test_ids', 0] }]);
    await activate(labTest);
    const before = await orderCount();
    const again = await send('kept-1', body);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ detail: items });
    expect(await orderCount()).toBe(before);
    expectValidation(await send('kept-1', { ...body, passthrough: 'another' }), [{ loc: ['header', 'x-idempotency-key'], msg: /another request body/ }]);
    // A new key runs the request: the lab test is active now.
    expectStatus<OrderResponse>(await send('kept-2', body), 200);
  });

  it('when an unknown user is a 404 under a key, then the retry answers the same 404 without looking again', async () => {
    const body = orderBody(UNKNOWN_ID);
    expectDetail(await send('kept-404', body), 404, `User ${UNKNOWN_ID} not found.`);
    const kept = await ctx.server.db.one<{ error_status: number; order_id: string | null }>(`SELECT error_status, order_id FROM lab_order_idempotency_keys WHERE team_id = $1 AND key = 'kept-404'`, [ctx.server.teamId]);
    expect(kept).toEqual({ error_status: 404, order_id: null });
    expectDetail(await send('kept-404', body), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it('when X-Idempotency-Error is no-cache, then the error is not kept and the retry with the key runs again and creates the order, which the key then answers', async () => {
    const labTest = await inactiveLabTest();
    const user = await ctx.newUser();
    const body = orderBody(user.user_id, { order_set: { lab_test_ids: [labTest.id] } });
    expectValidation(await send('no-cache-1', body, 'no-cache'), [{ loc: ['body', 'order_set', 'lab_test_ids', 0] }]);
    expect(await ctx.server.db.one(`SELECT key FROM lab_order_idempotency_keys WHERE team_id = $1 AND key = 'no-cache-1'`, [ctx.server.teamId])).toBeNull();
    await activate(labTest);
    const created = expectStatus<OrderResponse>(await send('no-cache-1', body, 'no-cache'), 200);
    expect(created.message).toBe('Order created');
    const replay = expectStatus<OrderResponse>(await send('no-cache-1', body), 200);
    expect(replay.message).toBe('Order already created with this idempotency key');
    expect(replay.order.id).toBe(created.order.id);
  });

  it('when a key holds an error and a retry says no-cache, then it runs again past the kept error, and the order it makes replaces it', async () => {
    const labTest = await inactiveLabTest();
    const user = await ctx.newUser();
    const body = orderBody(user.user_id, { order_set: { lab_test_ids: [labTest.id] } });
    expectValidation(await send('kept-then-no-cache', body), [{ loc: ['body', 'order_set', 'lab_test_ids', 0] }]);
    await activate(labTest);
    expect((await send('kept-then-no-cache', body)).status).toBe(422);
    const created = expectStatus<OrderResponse>(await send('kept-then-no-cache', body, 'no-cache'), 200);
    const replay = expectStatus<OrderResponse>(await send('kept-then-no-cache', body), 200);
    expect(replay.order.id).toBe(created.order.id);
  });

  it('when X-Idempotency-Error has any other value, then 422 naming the header, and nothing is stored', async () => {
    const user = await ctx.newUser();
    const before = await orderCount();
    for (const value of ['cache', 'NO-CACHE', 'no-cache, no-store']) {
      expectValidation(await send(`bad-${value}`, orderBody(user.user_id), value), [{ loc: ['header', 'x-idempotency-error'] }]);
    }
    expect(await orderCount()).toBe(before);
  });

  it('when X-Idempotency-Error comes without a key, then it changes nothing: the order is created', async () => {
    const user = await ctx.newUser();
    expectStatus<OrderResponse>(await ctx.team().post('/v3/order').set('X-Idempotency-Error', 'no-cache').send(orderBody(user.user_id)), 200);
  });

  it("when two teams use one key and one team's request errs, then the other team's request with that key is not affected", async () => {
    const other = await ctx.otherTeam();
    expectDetail(await send('shared-err', orderBody(UNKNOWN_ID)), 404);
    const theirs = await ctx.newUser({}, other.apiKey);
    expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').set('X-Idempotency-Key', 'shared-err').send(orderBody(theirs.user_id)), 200);
  });
});
