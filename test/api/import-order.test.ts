/**
 * POST /v3/order/import: an order placed outside the API, brought in under its sample id. The
 * request is checked as POST /v3/order's (the same shared processing); one sample id names one
 * order of the team (409); the order starts `ordered` with `labtest.order.created`.
 */
import { describe, expect, it } from 'vitest';
import { listEventPayloads } from '../storage/stored-state.js';
import { answeredPatientDetails, orderBody, patientAddress, patientDetails, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type OrderResponse = TeamSchemas['OrderResponse'];
type Order = TeamSchemas['Order'];

let sampleCount = 0;
/** A sample id no other test of the file uses. */
const newSampleId = () => `LC${String(7730415000 + ++sampleCount)}`;

const importBody = (userId: string, overrides: Record<string, unknown> = {}) => ({
  user_id: userId,
  billing_type: 'client_bill',
  collection_method: 'walk_in_test',
  order_set: { lab_test_ids: [WALK_IN] },
  patient_details: patientDetails,
  patient_address: patientAddress,
  sample_id: newSampleId(),
  ...overrides,
});

async function orderCount(ctx: ApiApp, teamId: string): Promise<number> {
  const rows = await ctx.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lab_orders WHERE team_id = $1`, [teamId]);
  return rows[0]!.n;
}

describe.each(apiEngines)('importOrder (POST /v3/order/import) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when an order is imported, then it is ordered under the sample id given, reads back the same, and sends labtest.order.created', async () => {
    const user = await ctx.newUser();
    const body = importBody(user.user_id, { physician: { first_name: 'Ada', last_name: 'Park', npi: '1234567893' }, billing_type: 'commercial_insurance' });
    const answer = expectStatus<OrderResponse>(await ctx.team().post('/v3/order/import').send(body), 200);
    expect(answer.message).toBe('Order imported');
    const order = answer.order;
    expect(order.sample_id).toBe(body.sample_id);
    expect(order.user_id).toBe(user.user_id);
    expect(order.events.map((e) => e.status)).toEqual(['received.walk_in_test.ordered']);
    expect(order.billing_type).toBe('commercial_insurance');
    expect(order.physician).toMatchObject({ first_name: 'Ada', last_name: 'Park', npi: '1234567893' });
    expect(order.patient_details).toMatchObject(answeredPatientDetails);
    expect(order.lab_test.id).toBe(WALK_IN);
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).toEqual(order);
    const created = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' });
    expect(created.filter((e) => e.data.id === order.id).map((e) => e.data.sample_id)).toEqual([body.sample_id]);
  });

  it('when the order set has add-ons, then the order is of a new lab test of the team, as a created order is', async () => {
    const user = await ctx.newUser();
    const order = expectStatus<OrderResponse>(await ctx.team().post('/v3/order/import').send(importBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], add_on: { marker_ids: [1065] } } })), 200).order;
    expect(order.lab_test.auto_generated).toBe(true);
    expect(order.lab_test.id).not.toBe(WALK_IN);
    expectStatus(await ctx.team().get(`/v3/lab_tests/${order.lab_test.id}`), 200);
  });

  it('when the sample id is an order\'s of the team already (imported or created), then 409 naming that order, and nothing is stored', async () => {
    const user = await ctx.newUser();
    const body = importBody(user.user_id);
    const first = expectStatus<OrderResponse>(await ctx.team().post('/v3/order/import').send(body), 200).order;
    const before = await orderCount(ctx, ctx.server.teamId);
    expectDetail(await ctx.team().post('/v3/order/import').send(body), 409, `The sample id ${body.sample_id} is the order ${first.id}'s already; one sample id names one order.`);
    const created = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id)), 200).order;
    expectDetail(await ctx.team().post('/v3/order/import').send(importBody(user.user_id, { sample_id: created.sample_id })), 409, new RegExp(created.id));
    expect(await orderCount(ctx, ctx.server.teamId)).toBe(before + 1);
  });

  it('when two imports of one sample id run at once, then one is stored and the other is a 409', async () => {
    const user = await ctx.newUser();
    const body = importBody(user.user_id);
    const answers = await Promise.all([0, 1, 2].map(() => ctx.team().post('/v3/order/import').send(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const rows = await ctx.server.db.query<{ id: string }>(`SELECT id FROM lab_orders WHERE team_id = $1 AND sample_id = $2`, [ctx.server.teamId, body.sample_id]);
    expect(rows).toHaveLength(1);
  });

  it('when another team has the sample id, then this team imports it too, and each sees only its own order', async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    const body = importBody(theirs.user_id);
    const their = expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order/import').send(body), 200).order;
    const user = await ctx.newUser();
    const ours = expectStatus<OrderResponse>(await ctx.team().post('/v3/order/import').send({ ...body, user_id: user.user_id }), 200).order;
    expect(ours.sample_id).toBe(their.sample_id);
    expectDetail(await ctx.team().get(`/v3/order/${their.id}`), 404);
    expectDetail(await ctx.team(other.apiKey).get(`/v3/order/${ours.id}`), 404);
  });

  it('when the user is unknown or another team\'s, then 404, and nothing is stored', async () => {
    const before = await orderCount(ctx, ctx.server.teamId);
    expectDetail(await ctx.team().post('/v3/order/import').send(importBody(UNKNOWN_ID)), 404);
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team().post('/v3/order/import').send(importBody(theirs.user_id)), 404);
    expect(await orderCount(ctx, ctx.server.teamId)).toBe(before);
  });

  it('when the request breaks the create-order rules, then one 422 names each problem at its place, and nothing is stored', async () => {
    const user = await ctx.newUser();
    const before = await orderCount(ctx, ctx.server.teamId);
    expectValidation(await ctx.team().post('/v3/order/import').send(importBody(user.user_id, {
      patient_details: { ...patientDetails, dob: '2999-01-01' },
      order_set: { lab_test_ids: [WALK_IN, UNKNOWN_ID] },
      lab_account_id: UNKNOWN_ID,
    })), [
      { loc: ['body', 'patient_details', 'dob'] },
      { loc: ['body', 'order_set', 'lab_test_ids', 1] },
      { loc: ['body', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` },
    ]);
    expectValidation(await ctx.team().post('/v3/order/import').send(importBody(user.user_id, { collection_method: 'testkit' })), [{ loc: ['body', 'collection_method'] }]);
    expect(await orderCount(ctx, ctx.server.teamId)).toBe(before);
  });

  it('when the sample id is missing, has small letters, an outer hyphen or is too short, then 422 at ["body", "sample_id"]', async () => {
    const user = await ctx.newUser();
    const { sample_id: _sample, ...withoutSample } = importBody(user.user_id);
    expectValidation(await ctx.team().post('/v3/order/import').send(withoutSample), [{ loc: ['body', 'sample_id'], type: 'missing' }]);
    for (const bad of ['lc7730415862', '-LC7730415862', 'LC7730415862-', 'LC1', 'LC 7730415862']) {
      expectValidation(await ctx.team().post('/v3/order/import').send(importBody(user.user_id, { sample_id: bad })), [{ loc: ['body', 'sample_id'] }]);
    }
    for (const missing of ['billing_type', 'collection_method', 'order_set']) {
      const { [missing]: _gone, ...rest } = importBody(user.user_id) as Record<string, unknown>;
      expectValidation(await ctx.team().post('/v3/order/import').send(rest), [{ loc: ['body', missing], type: 'missing' }]);
    }
  });
});
