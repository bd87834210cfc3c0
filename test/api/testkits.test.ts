/**
 * Unregistered testkits: POST /v3/order/testkit (a kit shipped before its patient is known) and
 * POST /v3/order/testkit/register (the patient registers it by its sample id), with the
 * simulation of the kit's shipping before and after registration.
 */
import { describe, expect, it } from 'vitest';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody, patientAddress, patientDetails, TESTKIT, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type OrderResponse = TeamSchemas['OrderResponse'];
type Order = TeamSchemas['Order'];

export const shippingDetails = {
  receiver_name: 'Jordan Kim',
  first_line: '88 Harbor Way',
  second_line: 'Suite 300',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  country: 'US',
  phone_number: '+15105550188',
};

export const registration = (sampleId: string, overrides: Record<string, unknown> = {}) => ({
  sample_id: sampleId,
  patient_details: { ...patientDetails, first_name: 'Jordan', last_name: 'Kim', gender: 'male' },
  patient_address: patientAddress,
  ...overrides,
});

export async function orderKit(ctx: ApiApp, overrides: Record<string, unknown> = {}, key?: string): Promise<Order> {
  const user = await ctx.newUser({}, key);
  const response = await ctx.team(key).post('/v3/order/testkit').send({ user_id: user.user_id, lab_test_id: TESTKIT, shipping_details: shippingDetails, ...overrides });
  return expectStatus<OrderResponse>(response, 200).order;
}

const simulatorOf = (ctx: ApiApp, clock?: { now: Date }) =>
  new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger(), ...(clock ? { now: () => clock.now } : {}) });

/** Simulates the order (query as given) and takes every step due now. */
async function simulate(ctx: ApiApp, orderId: string, query = ''): Promise<Order> {
  expectStatus(await ctx.team().post(`/v3/order/${orderId}/test${query}`).send({}), 200);
  await simulatorOf(ctx).runDue();
  return expectStatus<Order>(await ctx.team().get(`/v3/order/${orderId}`), 200);
}

const statuses = (order: Order) => order.events.map((e) => e.status.split('.')[2]);

describe.each(apiEngines)('createTestkitOrder and registerTestkit (POST /v3/order/testkit, /register) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a kit is ordered, then it awaits registration with no patient, ships to the address given, and reads back the same', async () => {
    const kit = await orderKit(ctx, { passthrough: 'kit-1' });
    expect(kit.last_event.status).toBe('received.testkit.awaiting_registration');
    expect(kit.events).toHaveLength(1);
    expect(kit.patient_details).toBeNull();
    expect(kit.patient_address).toBeNull();
    expect(kit.shipping_details).toEqual(shippingDetails);
    expect(kit.details.type).toBe('testkit');
    expect(kit.details.data.shipment).toMatchObject({ outbound_tracking_number: null, inbound_tracking_number: null });
    expect(kit.sample_id).toMatch(/^SB\d{10}$/);
    expect(kit.passthrough).toBe('kit-1');
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${kit.id}`), 200)).toEqual(kit);
    const created = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' });
    expect(created.some((e) => e.data.id === kit.id)).toBe(true);
    // The order list finds the kit by its recipient until a patient registers it.
    const list = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?search_input=${kit.sample_id}`), 200);
    expect(list.orders.map((o) => o.id)).toEqual([kit.id]);
    expectDetail(await ctx.team().get(`/v3/order/${kit.id}/requisition/pdf`), 400, `Order ${kit.id} is a testkit awaiting registration; its requisition form exists once its patient registered it.`);
  });

  it('when the lab test is not a testkit, the zip is not a US zip, or the user is unknown, then 422 naming it or 404, and no order', async () => {
    const user = await ctx.newUser();
    const body = { user_id: user.user_id, lab_test_id: TESTKIT, shipping_details: shippingDetails };
    expectValidation(await ctx.team().post('/v3/order/testkit').send({ ...body, lab_test_id: WALK_IN }), [{ loc: ['body', 'lab_test_id'] }]);
    expectValidation(await ctx.team().post('/v3/order/testkit').send({ ...body, lab_test_id: UNKNOWN_ID }), [{ loc: ['body', 'lab_test_id'] }]);
    expectValidation(await ctx.team().post('/v3/order/testkit').send({ ...body, shipping_details: { ...shippingDetails, zip: 'SW1A 1AA' } }), [{ loc: ['body', 'shipping_details', 'zip'] }]);
    expectDetail(await ctx.team().post('/v3/order/testkit').send({ ...body, user_id: UNKNOWN_ID }), 404);
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE user_id = $1`, [user.user_id])).toEqual([]);
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team().post('/v3/order/testkit').send({ ...body, user_id: theirs.user_id }), 404);
  });

  it('when an unregistered kit is simulated, then it ships with a tracking number and stops with the customer; further is a 422 until it is registered', async () => {
    const kit = await orderKit(ctx);
    const shipped = await simulate(ctx, kit.id);
    expect(statuses(shipped)).toEqual(['awaiting_registration', 'transit_customer', 'out_for_delivery', 'with_customer']);
    const shipment = shipped.details.data.shipment!;
    expect(shipment.outbound_tracking_number).toMatch(/^9400\d{18}$/);
    expect(shipment.outbound_tracking_url).toContain(shipment.outbound_tracking_number);
    expect(shipment.inbound_tracking_number).toBeNull();
    expectValidation(await ctx.team().post(`/v3/order/${kit.id}/test?final_status=completed.testkit.completed`).send({}), [{ loc: ['query', 'final_status'], msg: /not registered yet/ }]);
    expectValidation(await ctx.team().post(`/v3/order/${kit.id}/test?final_status=collecting_sample.testkit.transit_lab`).send({}), [{ loc: ['query', 'final_status'], msg: /register it/ }]);
  });

  it('when an unregistered kit is simulated to a failure on its way, then it reaches it (every shipping status stays reachable)', async () => {
    const lost = await simulate(ctx, (await orderKit(ctx)).id, '?final_status=failed.testkit.failure_to_deliver_to_customer');
    expect(statuses(lost)).toEqual(['awaiting_registration', 'transit_customer', 'failure_to_deliver_to_customer']);
    const refused = await simulate(ctx, (await orderKit(ctx)).id, '?final_status=cancelled.testkit.do_not_process');
    expect(statuses(refused).at(-1)).toBe('do_not_process');
    const problem = await simulate(ctx, (await orderKit(ctx)).id, '?final_status=collecting_sample.testkit.problem_in_transit_customer');
    expect(statuses(problem)).toEqual(['awaiting_registration', 'transit_customer', 'problem_in_transit_customer']);
  });

  it('when the delivered kit is registered, then it has its patient, is registered, and a simulation sends it back to the lab and completes it with results', async () => {
    const kit = await orderKit(ctx);
    await simulate(ctx, kit.id);
    const answer = expectStatus<OrderResponse>(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id.toLowerCase(), {
      user_id: kit.user_id,
      physician: { first_name: 'Ana', last_name: 'Reyes', npi: '1234567893' },
      consents: [{ consentType: 'terms-of-use', version: '2', timeOfConsent: '2026-11-20T09:15:00Z' }],
    })), 200);
    const registered = answer.order;
    expect(answer.message).toBe('Testkit registered');
    expect(registered.last_event.status).toBe('received.testkit.registered');
    expect(registered.patient_details).toMatchObject({ first_name: 'Jordan', last_name: 'Kim', dob: '1986-04-21T00:00:00+00:00' });
    expect(registered.patient_address).toMatchObject(patientAddress);
    expect(registered.physician).toEqual({ first_name: 'Ana', last_name: 'Reyes', npi: '1234567893' });
    expect(registered.shipping_details).toEqual(shippingDetails);
    const updates = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.updated' });
    expect(updates.filter((e) => e.data.id === kit.id).map((e) => e.data.last_event.status)).toContain('received.testkit.registered');
    // The list now finds it by its patient.
    const list = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get('/v3/orders?search_input=jordan%20kim'), 200);
    expect(list.orders.map((o) => o.id)).toContain(kit.id);
    const done = await simulate(ctx, kit.id);
    expect(statuses(done)).toEqual(['awaiting_registration', 'transit_customer', 'out_for_delivery', 'with_customer', 'registered', 'transit_lab', 'delivered_to_lab', 'completed']);
    expect(done.details.data.shipment!.inbound_tracking_number).toMatch(/^9400\d{18}$/);
    const results = expectStatus<TeamSchemas['LabResultsRaw']>(await ctx.team().get(`/v3/order/${kit.id}/result`), 200);
    expect(results.results.length).toBeGreaterThan(0);
  });

  it('when a kit is registered before it ships, then a simulation ships it along the success path to completed', async () => {
    const kit = await orderKit(ctx);
    expectStatus(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id)), 200);
    const done = await simulate(ctx, kit.id);
    expect(statuses(done)).toEqual(['awaiting_registration', 'registered', 'requisition_created', 'transit_customer', 'out_for_delivery', 'with_customer', 'transit_lab', 'delivered_to_lab', 'completed']);
  });

  it('when a kit is registered six times at once, then one registration is kept, the others are the 409 of a kit registered already, and the order has one registered event', async () => {
    const kit = await orderKit(ctx);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id, { patient_details: { ...patientDetails, first_name: `Patient${'abcdef'[n - 1]}` } }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const kept = answers.find((a) => a.status === 200)!.body as OrderResponse;
    for (const refused of answers.filter((a) => a.status === 409)) expectDetail(refused, 409, `The testkit ${kit.sample_id} is registered already (order ${kit.id}).`);
    const order = expectStatus<Order>(await ctx.team().get(`/v3/order/${kit.id}`), 200);
    expect(order.patient_details?.first_name).toBe(kept.order.patient_details?.first_name);
    expect(statuses(order)).toEqual(['awaiting_registration', 'registered']);
  });

  it('when a kit is registered twice, is on its way, is cancelled, or was ordered with its patient, then 409 or 400 naming why, and the order is unchanged', async () => {
    const kit = await orderKit(ctx);
    expectStatus(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id)), 200);
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id)), 409, `The testkit ${kit.sample_id} is registered already (order ${kit.id}).`);

    const moving = await orderKit(ctx);
    await simulate(ctx, moving.id, '?final_status=collecting_sample.testkit.out_for_delivery');
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration(moving.sample_id)), 400,
      `The testkit ${moving.sample_id} is collecting_sample.testkit.out_for_delivery; it can be registered before it ships (awaiting_registration) or once delivered (with_customer).`);
    const unchanged = expectStatus<Order>(await ctx.team().get(`/v3/order/${moving.id}`), 200);
    expect(unchanged.patient_details).toBeNull();

    const cancelled = await orderKit(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${cancelled.id}/cancel`), 200);
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration(cancelled.sample_id)), 400, /cancelled\.testkit\.cancelled/);

    const user = await ctx.newUser();
    const ordered = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [TESTKIT] } })), 200).order;
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration(ordered.sample_id)), 409, /registered already/);
  });

  it('when the sample id is unknown, is a walk-in order\'s, or another team\'s kit, then 404, and their kit is unchanged', async () => {
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration('SB0000000000')), 404, 'No testkit with sample id SB0000000000.');
    const user = await ctx.newUser();
    const walkIn = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id)), 200).order;
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration(walkIn.sample_id)), 404);
    const other = await ctx.otherTeam();
    const theirs = await orderKit(ctx, {}, other.apiKey);
    expectDetail(await ctx.team().post('/v3/order/testkit/register').send(registration(theirs.sample_id)), 404);
    expect(expectStatus<Order>(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}`), 200).patient_details).toBeNull();
    expectDetail(await ctx.team().get(`/v3/order/${theirs.id}`), 404);
  });

  it('when the registration names another user, a date of birth in the future or a consent in both spellings that disagree, then 422 naming each, and the kit is unregistered', async () => {
    const kit = await orderKit(ctx);
    const someoneElse = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id, { user_id: someoneElse.user_id })), [{ loc: ['body', 'user_id'], msg: /ordered for user/ }]);
    expectValidation(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id, {
      patient_details: { ...patientDetails, dob: '2999-01-01' },
      consents: [{ consent_type: 'terms-of-use', consentType: 'privacy-policy' }],
    })), [{ loc: ['body', 'patient_details', 'dob'] }, { loc: ['body', 'consents', 0, 'consentType'] }]);
    expectValidation(await ctx.team().post('/v3/order/testkit/register').send({ sample_id: kit.sample_id, patient_details: patientDetails }), [{ loc: ['body', 'patient_address'] }]);
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${kit.id}`), 200).last_event.status).toBe('received.testkit.awaiting_registration');
  });

  it('when the simulator restarts mid-shipment, then the kit resumes where it was and each shipping status is stored once', async () => {
    const kit = await orderKit(ctx);
    const clock = { now: new Date() };
    ctx.server.setNow(clock.now);
    expectStatus(await ctx.team().post(`/v3/order/${kit.id}/test?delay=60`).send({}), 200);
    expect(await simulatorOf(ctx, clock).runDue()).toBe(1);
    // A new process (the simulation's row is all the state): nothing is due before the delay.
    expect(await simulatorOf(ctx, clock).runDue()).toBe(0);
    const midway = expectStatus<Order>(await ctx.team().get(`/v3/order/${kit.id}`), 200);
    expect(midway.last_event.status).toBe('collecting_sample.testkit.transit_customer');
    const tracking = midway.details.data.shipment!.outbound_tracking_number;
    for (let i = 0; i < 2; i++) {
      clock.now = new Date(clock.now.getTime() + 60_000);
      expect(await simulatorOf(ctx, clock).runDue()).toBe(1);
    }
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await simulatorOf(ctx, clock).runDue()).toBe(0);
    const delivered = expectStatus<Order>(await ctx.team().get(`/v3/order/${kit.id}`), 200);
    expect(statuses(delivered)).toEqual(['awaiting_registration', 'transit_customer', 'out_for_delivery', 'with_customer']);
    expect(delivered.details.data.shipment!.outbound_tracking_number).toBe(tracking);
  });
});
