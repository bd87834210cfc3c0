/**
 * Order transactions and redraws: every order starts a transaction of its own (`origin`
 * initial); POST /v3/order/{order_id}/redraw (sandbox) adds a new order to a failed order's
 * transaction (`origin` redraw, `parent_id`); GET /v3/order_transaction/{id}, /result (newest
 * value per marker) and /result/pdf read it. Another team's order or transaction is a 404.
 */
import { describe, expect, it } from 'vitest';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { pdfText } from '../helpers/pdf-text.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { teamSchemaViolations } from '../jobs/bulk-pull/schemas.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody, STANDARD } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Order = TeamSchemas['Order'];
type OrderResponse = TeamSchemas['OrderResponse'];
type Details = TeamSchemas['OrderTransactionDetails'];
type Results = TeamSchemas['LabResultsRaw'];

const AT_HOME = STANDARD.at_home_phlebotomy!.id;

/** Reads a binary response body (supertest buffers application/pdf only when asked). */
const binary = (test: ReturnType<ApiApp['team']>['get'] extends (url: string) => infer T ? T : never) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const markerKey = (r: { provider_id?: string | null; slug?: string | null; loinc?: string | null }) => `${r.provider_id}|${r.slug}|${r.loinc}`;

describe.each(apiEngines)('order transactions and redraws (/v3/order_transaction/..., POST /v3/order/{order_id}/redraw) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulator = () => new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() });

  async function placeOrder(overrides: Record<string, unknown> = {}, key?: string): Promise<Order> {
    const user = await ctx.newUser({}, key);
    return expectStatus<OrderResponse>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id, overrides)), 200).order;
  }
  async function simulate(orderId: string, finalStatus: string, body: Record<string, unknown> = {}, key?: string): Promise<Order> {
    expectStatus(await ctx.team(key).post(`/v3/order/${orderId}/test?final_status=${finalStatus}`).send(body), 200);
    await simulator().runDue();
    return expectStatus<Order>(await ctx.team(key).get(`/v3/order/${orderId}`), 200);
  }
  const redraw = (orderId: string, key?: string) => ctx.team(key).post(`/v3/order/${orderId}/redraw`);
  const failedAtHome = async (key?: string) => simulate((await placeOrder({ order_set: { lab_test_ids: [AT_HOME] } }, key)).id, 'failed.at_home_phlebotomy.sample_error', {}, key);
  const transaction = (id: string, key?: string) => ctx.team(key).get(`/v3/order_transaction/${id}`);

  it('when an order is placed, then it starts a transaction of its own, which the transaction read and labtest.order.created agree on', async () => {
    const order = await placeOrder();
    expect(order.origin).toBe('initial');
    const own = order.order_transaction!;
    expect(own.status).toBe('active');
    expect(own.orders).toEqual([{ id: order.id, low_level_status: 'ordered', low_level_status_created_at: order.created_at, origin: 'initial', parent_id: null, created_at: order.created_at, updated_at: order.updated_at }]);
    const details = expectStatus<Details>(await transaction(own.id), 200);
    expect(teamSchemaViolations('OrderTransactionDetails', details)).toEqual([]);
    expect(details).toEqual({ id: own.id, team_id: ctx.server.teamId, status: 'active', orders: [{ id: order.id, origin: 'initial', parent_id: null, last_status: 'ordered', last_status_created_at: order.created_at, created_at: order.created_at, updated_at: order.updated_at }] });
    const created = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' });
    expect(created.find((e) => e.data.id === order.id)?.data.order_transaction).toEqual(own);
    const other = await placeOrder();
    expect(other.order_transaction!.id).not.toBe(own.id);
  });

  it('when an at-home order failed with a sample error is redrawn, then the redraw is a new order of its transaction, for the same patient and lab test, announced by labtest.order.created', async () => {
    const failed = await failedAtHome();
    const redrawn = expectStatus<OrderResponse>(await redraw(failed.id), 200);
    expect(redrawn.message).toBe('Order redrawn');
    const order = redrawn.order;
    expect(order.id).not.toBe(failed.id);
    expect(order.origin).toBe('redraw');
    expect(order.events.map((e) => e.status)).toEqual(['received.at_home_phlebotomy.ordered']);
    expect(order.sample_id).not.toBe(failed.sample_id);
    expect(order.requisition_form_url).not.toBe(failed.requisition_form_url);
    for (const field of ['user_id', 'patient_details', 'patient_address', 'lab_test', 'physician', 'billing_type', 'icd_codes', 'priority'] as const) expect(order[field]).toEqual(failed[field]);
    expect(order.details.type).toBe('at_home_phlebotomy');
    const tx = order.order_transaction!;
    expect(tx.id).toBe(failed.order_transaction!.id);
    expect(tx.status).toBe('active');
    expect(tx.orders.map((o) => [o.id, o.origin, o.parent_id, o.low_level_status])).toEqual([[failed.id, 'initial', null, 'sample_error'], [order.id, 'redraw', failed.id, 'ordered']]);
    // The parent's reads (one order, and the list) now name its redraw too.
    const parent = expectStatus<Order>(await ctx.team().get(`/v3/order/${failed.id}`), 200);
    expect(parent.order_transaction).toEqual(tx);
    expect(parent.last_event.status).toBe('failed.at_home_phlebotomy.sample_error');
    for (let read = 0; read < 3; read++) {
      const list = expectStatus<{ orders: Order[] }>(await ctx.team().get(`/v3/orders?user_id=${failed.user_id}`), 200);
      expect(list.orders.map((o) => o.order_transaction)).toEqual([tx, tx]);
    }
    const details = expectStatus<Details>(await transaction(tx.id), 200);
    expect(details.orders!.map((o) => [o.id, o.origin, o.parent_id, o.last_status])).toEqual([[failed.id, 'initial', null, 'sample_error'], [order.id, 'redraw', failed.id, 'ordered']]);
    const created = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' });
    expect(created.filter((e) => e.data.id === order.id).map((e) => e.data.order_transaction)).toEqual([tx]);
  });

  it('when the redraw moves on, then the transaction follows its newest order: completed with it, and the parent\'s view says so', async () => {
    const failed = await failedAtHome();
    const order = expectStatus<OrderResponse>(await redraw(failed.id), 200).order;
    const completed = await simulate(order.id, 'completed.at_home_phlebotomy.completed');
    expect(completed.order_transaction!.status).toBe('completed');
    const parent = expectStatus<Order>(await ctx.team().get(`/v3/order/${failed.id}`), 200);
    expect(parent.order_transaction).toEqual(completed.order_transaction);
    expect(expectStatus<Details>(await transaction(failed.order_transaction!.id), 200).status).toBe('completed');
  });

  it('when a walk-in order\'s sample fails, then it is redrawn from redraw_available (which cancels it), not from sample_error', async () => {
    const placed = await placeOrder();
    const failed = await simulate(placed.id, 'failed.walk_in_test.sample_error');
    expectDetail(await redraw(failed.id), 409, `Order ${failed.id} cannot be redrawn: a walk-in order with a sample error moves to collecting_sample.walk_in_test.redraw_available first, and is redrawn from there.`);
    await simulate(failed.id, 'collecting_sample.walk_in_test.redraw_available');
    const order = expectStatus<OrderResponse>(await redraw(failed.id), 200).order;
    const parent = expectStatus<Order>(await ctx.team().get(`/v3/order/${failed.id}`), 200);
    expect(parent.last_event.status).toBe('cancelled.walk_in_test.cancelled');
    expect(order.order_transaction!.orders.map((o) => [o.id, o.low_level_status])).toEqual([[failed.id, 'cancelled'], [order.id, 'ordered']]);
    expect(order.order_transaction!.status).toBe('active');
    const updated = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.updated' });
    expect(updated.filter((e) => e.data.id === failed.id).at(-1)?.data.last_event.status).toBe('cancelled.walk_in_test.cancelled');
  });

  it('when an order cannot be redrawn (in progress, completed, redrawn already), then 409 saying why, and nothing is stored', async () => {
    const placed = await placeOrder({ order_set: { lab_test_ids: [AT_HOME] } });
    expectDetail(await redraw(placed.id), 409, `Order ${placed.id} cannot be redrawn: only an order that failed with a sample error can be redrawn; this one is received.at_home_phlebotomy.ordered.`);
    const failed = await failedAtHome();
    const first = expectStatus<OrderResponse>(await redraw(failed.id), 200).order;
    expectDetail(await redraw(failed.id), 409, `Order ${failed.id} was redrawn already, as order ${first.id}; an order is redrawn once (redraw that order instead, if it fails too).`);
    const rows = await ctx.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lab_orders WHERE transaction_id = $1`, [failed.order_transaction!.id]);
    expect(rows[0]!.n).toBe(2);
  });

  it('when three redraws of one order run at once, then one order is made and the others are 409s', async () => {
    const failed = await failedAtHome();
    const answers = await Promise.all([0, 1, 2].map(() => redraw(failed.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const rows = await ctx.server.db.query<{ id: string }>(`SELECT id FROM lab_orders WHERE parent_id = $1`, [failed.id]);
    expect(rows).toHaveLength(1);
  });

  it('when a redraw fails too, then it is redrawn in turn, and the chain stays one transaction', async () => {
    const failed = await failedAtHome();
    const second = expectStatus<OrderResponse>(await redraw(failed.id), 200).order;
    await simulate(second.id, 'failed.at_home_phlebotomy.sample_error');
    const third = expectStatus<OrderResponse>(await redraw(second.id), 200).order;
    expect(third.order_transaction!.orders.map((o) => [o.id, o.parent_id])).toEqual([[failed.id, null], [second.id, failed.id], [third.id, second.id]]);
  });

  it('when the transaction has results, then /result merges its orders\' results (the newest value per marker) and /result/pdf prints them', async () => {
    const failed = await failedAtHome();
    const noResults = expectStatus<OrderResponse>(await redraw(failed.id), 200).order;
    expectDetail(await ctx.team().get(`/v3/order_transaction/${failed.order_transaction!.id}/result`), 400,
      `Order transaction ${failed.order_transaction!.id} has no results yet (its newest order is received.at_home_phlebotomy.ordered); results exist once one of its orders is completed.`);
    expectStatus(await ctx.team().get(`/v3/order_transaction/${failed.order_transaction!.id}/result/pdf`), 400);
    const completed = await simulate(noResults.id, 'completed.at_home_phlebotomy.completed', { interpretation: 'abnormal', has_missing_results: true });
    const own = expectStatus<Results>(await ctx.team().get(`/v3/order/${completed.id}/result`), 200);
    const merged = expectStatus<Results>(await ctx.team().get(`/v3/order_transaction/${completed.order_transaction!.id}/result`), 200);
    expect(teamSchemaViolations('LabResultsRaw', merged)).toEqual([]);
    // The parent has no results (its sample failed before the lab): the redraw's are the transaction's.
    expect(merged.results).toEqual(own.results);
    expect(merged.missing_results).toEqual(own.missing_results);
    expect(merged.metadata).toEqual(own.metadata);
    expect(merged.order_transaction).toEqual(completed.order_transaction);
    const pdf = await binary(ctx.team().get(`/v3/order_transaction/${completed.order_transaction!.id}/result/pdf`));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    const { text } = await pdfText(new Uint8Array(pdf.body as Buffer));
    for (const expected of ['Laboratory Results', completed.id, completed.sample_id, ...own.results.slice(0, 5).map((r) => r.name)]) expect(text).toContain(expected);
  });

  it('when a walk-in order had partial results before its sample failed, then the transaction keeps the parent\'s values only for markers its redraw did not report', async () => {
    expectStatus(await ctx.management().patch(`/v1/org/${ctx.server.orgId}/team/${ctx.server.teamId}`).send({ lab_partial_results_enabled: true }), 200);
    const placed = await placeOrder();
    await simulate(placed.id, 'sample_with_lab.walk_in_test.partial_results', { interpretation: 'normal' });
    const partial = expectStatus<Results>(await ctx.team().get(`/v3/order/${placed.id}/result`), 200);
    await simulate(placed.id, 'collecting_sample.walk_in_test.redraw_available');
    const order = expectStatus<OrderResponse>(await redraw(placed.id), 200).order;
    await simulate(order.id, 'completed.walk_in_test.completed', { interpretation: 'abnormal', has_missing_results: true });
    const own = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    const merged = expectStatus<Results>(await ctx.team().get(`/v3/order_transaction/${order.order_transaction!.id}/result`), 200);
    const newest = new Map(own.results.map((r) => [markerKey(r), r]));
    const older = new Map(partial.results.map((r) => [markerKey(r), r]));
    for (const result of merged.results) expect(result).toEqual(newest.get(markerKey(result)) ?? older.get(markerKey(result)));
    expect(merged.results.filter((r) => newest.has(markerKey(r)))).toHaveLength(newest.size);
    const reported = new Set(merged.results.map(markerKey));
    expect(merged.missing_results!.every((m) => !reported.has(markerKey(m)))).toBe(true);
    expect(merged.metadata).toEqual(own.metadata);
  });

  it('when another team asks, or the ids are unknown, then 404', async () => {
    const failed = await failedAtHome();
    const other = await ctx.otherTeam();
    expectDetail(await redraw(failed.id, other.apiKey), 404, `Order ${failed.id} not found.`);
    for (const path of ['', '/result', '/result/pdf']) {
      expectDetail(await ctx.team(other.apiKey).get(`/v3/order_transaction/${failed.order_transaction!.id}${path}`), 404, `Order transaction ${failed.order_transaction!.id} not found.`);
      expectStatus(await ctx.team().get(`/v3/order_transaction/${UNKNOWN_ID}${path}`), 404);
    }
    expectStatus(await redraw(UNKNOWN_ID), 404);
  });
});
