import { describe, expect, it } from 'vitest';
import { standardLabTests } from '../../server/domain/lab-tests/catalog.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { recordResultsOnStatusChange } from '../../server/jobs/lab-results/record.js';
import { findOrder } from '../../server/storage/repositories/lab-orders.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { pdfText } from '../helpers/pdf-text.js';
import { teamSchemaViolations } from '../jobs/bulk-pull/schemas.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Order = TeamSchemas['Order'];
type Results = TeamSchemas['LabResultsRaw'];

const STANDARD = Object.fromEntries(standardLabTests(MARKER_CATALOG).map((t) => [t.method, t]));

const orderBody = (userId: string, overrides: Record<string, unknown> = {}) => ({
  user_id: userId,
  patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' },
  patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
  order_set: { lab_test_ids: [STANDARD.walk_in_test!.id] },
  ...overrides,
});

/** Reads a binary response body (supertest buffers application/pdf only when asked). */
const binary = (test: ReturnType<ApiApp['team']>['get'] extends (url: string) => infer T ? T : never) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(apiEngines)('lab results (GET /v3/order/{order_id}/result, /result/metadata, /result/pdf, /requisition/pdf) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulator = () => new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() });

  async function placeOrder(overrides: Record<string, unknown> = {}, key?: string): Promise<Order> {
    const user = await ctx.newUser({}, key);
    const body = orderBody(user.user_id, { physician: { first_name: 'Jack', last_name: 'Smith', npi: '1234567893' }, ...overrides });
    return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(body), 200).order;
  }

  async function simulate(order: Order, body: Record<string, unknown> = {}, query = '', key?: string): Promise<void> {
    expectStatus(await ctx.team(key).post(`/v3/order/${order.id}/test${query}`).send(body), 200);
    await simulator().runDue();
  }

  const criticalEvents = async (orderId: string) =>
    ctx.server.db.query<{ event_type: string; payload: { data: Record<string, unknown>; user_id: string; client_user_id: string; team_id: string } }>(
      `SELECT event_type, payload FROM events WHERE event_type = 'labtest.result.critical' AND payload->'data'->>'order_id' = $1 ORDER BY created_on, id`,
      [orderId],
    );

  it('when an order is simulated to completed, then its results cover every expected result of its lab test, final, and match the schema', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'abnormal' });
    const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    expect(teamSchemaViolations('LabResultsRaw', results)).toEqual([]);
    const expected = new Set(order.lab_test.markers.flatMap((m) => m.expected_results.map((r) => r.loinc.code)));
    expect(new Set(results.results.map((r) => r.loinc))).toEqual(expected);
    expect(results.metadata).toMatchObject({ status: 'final', interpretation: 'abnormal', patient: 'Maria Lopez', dob: '1986-04-21', provider: 'Jack Smith', laboratory: order.lab_test.lab.name });
    expect(results.results.some((r) => r.is_above_max_range || r.is_below_min_range)).toBe(true);
    const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(read.interpretation).toBe('abnormal');
  });

  it('when the order names a lab account (either place, any case), then its results\' metadata.account_id is that account; without one, it has none; the order itself shows no lab account', async () => {
    const account = sandboxLabAccounts(ctx.server).find((a) => a.lab_ids.includes(STANDARD.walk_in_test!.lab_id))!;
    for (const overrides of [{ lab_account_id: account.id.toUpperCase() }, { order_set: { lab_test_ids: [STANDARD.walk_in_test!.id], lab_account_id: account.id } }]) {
      const order = await placeOrder(overrides);
      expect(order).not.toHaveProperty('lab_account_id');
      await simulate(order);
      expect(expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200).metadata.account_id).toBe(account.id);
      expect(expectStatus<TeamSchemas['LabResultsMetadata']>(await ctx.team().get(`/v3/order/${order.id}/result/metadata`), 200).account_id).toBe(account.id);
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).not.toHaveProperty('lab_account_id');
    }
    const without = await placeOrder();
    await simulate(without);
    expect(expectStatus<Results>(await ctx.team().get(`/v3/order/${without.id}/result`), 200).metadata.account_id ?? null).toBeNull();
  });

  it('when the results are read again, then they are the same; the metadata endpoint answers the same metadata', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'critical', result_types: ['numeric', 'range'], has_missing_results: true });
    const first = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    const second = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    expect(second).toEqual(first);
    expect(first.missing_results!.length).toBeGreaterThan(0);
    expect(new Set(first.results.map((r) => r.type)).size).toBeGreaterThan(0);
    expect(first.results.every((r) => r.type === 'numeric' || r.type === 'range' || r.type === 'coded_value')).toBe(true);
    const metadata = expectStatus<TeamSchemas['LabResultsMetadata']>(await ctx.team().get(`/v3/order/${order.id}/result/metadata`), 200);
    expect(metadata).toEqual(first.metadata);
  });

  it('when critical results are produced, then labtest.result.critical is emitted once, with the order, sample and status', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'critical' });
    const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    expect(results.metadata.interpretation).toBe('critical');
    const events = await criticalEvents(order.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      team_id: ctx.server.teamId, user_id: order.user_id,
      data: { order_id: order.id, sample_id: order.sample_id, status: 'final', interpretation: 'critical', team_id: ctx.server.teamId, user_id: order.user_id },
    });
    expect(teamSchemaViolations('LabResultCriticalEvent', events[0]!.payload)).toEqual([]);
    // Nothing moves the order again, so nothing is emitted again.
    expect(await simulator().runDue()).toBe(0);
    expect(await criticalEvents(order.id)).toHaveLength(1);
  });

  it('when the completion is recorded again (a step taken again after a restart), then nothing is written and no second event is emitted', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'critical' });
    const before = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    const stored = (await findOrder(ctx.server.db, ctx.server.teamId, order.id))!;
    const again = await ctx.server.db.transaction((tx) =>
      recordResultsOnStatusChange(tx, { order: stored, to: stored.status, flags: { interpretation: 'critical' }, partialResultsEnabled: async () => false }));
    expect(again).toBeNull();
    expect(expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200)).toEqual(before);
    expect(await criticalEvents(order.id)).toHaveLength(1);
  });

  it('when results are normal, then no labtest.result.critical is emitted', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'normal' });
    expect(expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200).metadata.interpretation).toBe('normal');
    expect(await criticalEvents(order.id)).toEqual([]);
  });

  it('when the order has not reached its results, then 400 naming its status, on every results endpoint', async () => {
    const order = await placeOrder();
    const detail = `Order ${order.id} has no results yet (status received.walk_in_test.ordered); results exist once it is completed.`;
    expectDetail(await ctx.team().get(`/v3/order/${order.id}/result`), 400, detail);
    expectDetail(await ctx.team().get(`/v3/order/${order.id}/result/metadata`), 400, detail);
    expectDetail(await ctx.team().get(`/v3/order/${order.id}/result/pdf`), 400, detail);
  });

  it('when a team does not receive partial results, then an order at partial_results has none; when it does, partial results and then the final ones', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'critical' }, '?final_status=sample_with_lab.walk_in_test.partial_results');
    expectDetail(await ctx.team().get(`/v3/order/${order.id}/result`), 400, `Order ${order.id} has no results yet (status sample_with_lab.walk_in_test.partial_results); results exist once it is completed.`);
    expect(await criticalEvents(order.id)).toEqual([]);

    const other = await ctx.otherTeam();
    expectStatus(await ctx.management().patch(`/v1/org/${ctx.server.orgId}/team/${other.team.id}`).send({ lab_partial_results_enabled: true }), 200);
    const theirs = await placeOrder({}, other.apiKey);
    await simulate(theirs, { interpretation: 'critical' }, '?final_status=sample_with_lab.walk_in_test.partial_results', other.apiKey);
    const partial = expectStatus<Results>(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}/result`), 200);
    expect(partial.metadata.status).toBe('partial');
    await simulate(theirs, { interpretation: 'critical' }, '', other.apiKey);
    const final = expectStatus<Results>(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}/result`), 200);
    expect(final.metadata.status).toBe('final');
    expect(final.results.length).toBeGreaterThan(partial.results.length);
    expect(final.results.slice(0, partial.results.length)).toEqual(partial.results);
    const statuses = (await criticalEvents(theirs.id)).map((e) => e.payload.data.status);
    // Critical once for the partial results when they already were, once for the final ones.
    expect(statuses.filter((s) => s === 'final')).toEqual(['final']);
    expect(statuses.filter((s) => s === 'partial').length).toBe(partial.metadata.interpretation === 'critical' ? 1 : 0);
  });

  it('when an order reaches partial_results for a team without partial results, then its interpretation and has_missing_results stay null, in reads, lists and its event', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'critical', has_missing_results: true }, '?final_status=sample_with_lab.walk_in_test.partial_results');
    const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect([read.interpretation, read.has_missing_results]).toEqual([null, null]);
    const critical = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?is_critical=true&order_ids=${order.id}`), 200);
    expect(critical.total).toBe(0);
    await simulate(order, { interpretation: 'normal' }, '?final_status=failed.walk_in_test.sample_error');
    const failed = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect([failed.interpretation, failed.has_missing_results]).toEqual([null, null]);
    expect(await criticalEvents(order.id)).toEqual([]);
  });

  it('when final results are made, then the order, its labtest.order.updated event for completed, and the results all say the same interpretation and missing results', async () => {
    const flags = [
      { interpretation: 'critical', has_missing_results: true },
      { interpretation: 'normal', has_missing_results: false },
    ];
    // A lab test of one result only: it keeps that result, so none is missing whatever the flag says.
    const single = expectStatus<TeamSchemas['LabTest']>(await ctx.team().post('/v3/lab_tests').send({ name: 'Vitamin D only', description: '', method: 'walk_in_test', marker_ids: [1065] }), 200);
    for (const [lab, body] of [[undefined, flags[0]], [undefined, flags[1]], [single.id, flags[0]]] as const) {
      const order = await placeOrder(lab ? { order_set: { lab_test_ids: [lab] } } : {});
      await simulate(order, body!);
      const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
      const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
      const updated = await ctx.server.db.query<{ payload: { data: Order } }>(
        `SELECT payload FROM events WHERE event_type = 'labtest.order.updated' AND payload->'data'->>'id' = $1 ORDER BY created_on, id`, [order.id]);
      const completed = updated.map((e) => e.payload.data).find((o) => o.last_event.status === 'completed.walk_in_test.completed')!;
      const expected = [results.metadata.interpretation, (results.missing_results ?? []).length > 0];
      expect([read.interpretation, read.has_missing_results]).toEqual(expected);
      expect([completed.interpretation, completed.has_missing_results]).toEqual(expected);
      if (lab) expect(read.has_missing_results).toBe(false);
    }
  });

  it('when the result PDF is read, then it is a PDF showing the patient, the order and every result with its value, unit, range and flag', async () => {
    const order = await placeOrder();
    await simulate(order, { interpretation: 'critical' });
    const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    const response = await binary(ctx.team().get(`/v3/order/${order.id}/result/pdf`));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(new Uint8Array(response.body as Buffer));
    for (const expected of ['Laboratory Results', 'Maria Lopez', order.id, order.sample_id, order.lab_test.name, results.metadata.specimen_number]) {
      expect(text).toContain(expected);
    }
    const lines = pages.flat();
    for (const result of results.results) {
      expect(lines.some((line) => line.startsWith(`${result.name} ${result.result}`) && line.includes(result.reference_range ?? ''))).toBe(true);
    }
    expect(text).toMatch(/Critical (high|low)/);
  });

  it('when the requisition PDF is read, then it shows the patient, address, order, sample, lab test, every marker and the physician', async () => {
    const order = await placeOrder();
    const response = await binary(ctx.team().get(`/v3/order/${order.id}/requisition/pdf`));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(response.body as Buffer));
    for (const expected of ['Laboratory Requisition', 'Maria Lopez', '1986-04-21', '123 Main St., San Francisco, CA 94110, US', order.id, order.sample_id, order.lab_test.name, 'Jack Smith, NPI 1234567893']) {
      expect(text).toContain(expected);
    }
    for (const marker of order.lab_test.markers) expect(text).toContain(marker.provider_id);
  });

  it('when the order was cancelled, then its requisition PDF is a 400', async () => {
    const order = await placeOrder();
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    expectDetail(await ctx.team().get(`/v3/order/${order.id}/requisition/pdf`), 400, `Order ${order.id} was cancelled; it has no requisition form.`);
  });

  /** The path and query of an order's signed requisition_form_url, checked to be on the team server. */
  function signedPath(order: Order): string {
    const url = new URL(order.requisition_form_url!);
    expect(`${url.origin}`).toBe(new URL(ctx.server.deps.config.publicTeamUrl).origin);
    expect(url.pathname).toBe(`/v3/order/${order.id}/requisition/pdf/signed`);
    return `${url.pathname}${url.search}`;
  }

  it('when an order is placed, then its requisition_form_url expires 7 days after its creation and serves the requisition PDF without an API key', async () => {
    const order = await placeOrder();
    const url = new URL(order.requisition_form_url!);
    expect(Number(url.searchParams.get('expires'))).toBe(Math.floor(Date.parse(order.created_at) / 1000) + 7 * 86_400);
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await binary(ctx.team(null).get(signedPath(order)));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect((response.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(new Uint8Array(response.body as Buffer));
    expect(text).toContain(order.id);
    // The same URL in every read of the order.
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).requisition_form_url).toBe(order.requisition_form_url);
  });

  it('when the signature, the expiry or the order id of the URL is changed, or another order\'s signature is used, then 403 with a detail', async () => {
    const [order, other] = [await placeOrder(), await placeOrder()];
    const url = new URL(order.requisition_form_url!);
    const [expires, signature] = [url.searchParams.get('expires')!, url.searchParams.get('signature')!];
    const otherSignature = new URL(other.requisition_form_url!).searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      `/v3/order/${order.id}/requisition/pdf/signed?expires=${expires}&signature=${flipped}`,
      `/v3/order/${order.id}/requisition/pdf/signed?expires=${Number(expires) + 86_400}&signature=${signature}`,
      `/v3/order/${other.id}/requisition/pdf/signed?expires=${expires}&signature=${signature}`,
      `/v3/order/${order.id}/requisition/pdf/signed?expires=${expires}&signature=${otherSignature}`,
      `/v3/order/${UNKNOWN_ID}/requisition/pdf/signed?expires=${expires}&signature=${signature}`,
    ];
    for (const path of refused) {
      expectDetail(await ctx.team(null).get(path), 403, 'Invalid signature: this is not the requisition form URL of this order.');
    }
    expectValidation(await ctx.team(null).get(`/v3/order/${order.id}/requisition/pdf/signed?expires=${expires}`), [{ loc: ['query', 'signature'] }]);
  });

  it('when the URL is past its expiry, then 403 naming the expiry; until then, the PDF', async () => {
    const order = await placeOrder();
    const expires = Number(new URL(order.requisition_form_url!).searchParams.get('expires'));
    ctx.server.setNow(new Date(expires * 1000 - 1000));
    expect((await binary(ctx.team(null).get(signedPath(order)))).status).toBe(200);
    ctx.server.setNow(new Date(expires * 1000));
    expectDetail(await ctx.team(null).get(signedPath(order)), 403, new RegExp(`^This requisition form URL expired at ${new Date(expires * 1000).toISOString()}; download the form from GET /v3/order/${order.id}/requisition/pdf`));
  });

  it('when the order was cancelled, then its signed URL answers 400 as the PDF endpoint does', async () => {
    const order = await placeOrder();
    const path = signedPath(order);
    expect(expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200).order.requisition_form_url).toBeNull();
    expectDetail(await ctx.team(null).get(path), 400, `Order ${order.id} was cancelled; it has no requisition form.`);
  });

  it("when the order is another team's, then every endpoint answers 404 as for an unknown order", async () => {
    const other = await ctx.otherTeam();
    const theirs = await placeOrder({}, other.apiKey);
    await simulate(theirs, {}, '', other.apiKey);
    for (const suffix of ['result', 'result/metadata', 'result/pdf', 'requisition/pdf']) {
      expectDetail(await ctx.team().get(`/v3/order/${theirs.id}/${suffix}`), 404, `Order ${theirs.id} not found.`);
      expectDetail(await ctx.team().get(`/v3/order/${UNKNOWN_ID}/${suffix}`), 404, `Order ${UNKNOWN_ID} not found.`);
    }
    expectStatus(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}/result`), 200);
  });

  it('when the order id is not a UUID, then 422 on ["path", "order_id"]', async () => {
    for (const suffix of ['result', 'result/metadata', 'result/pdf', 'requisition/pdf']) {
      expectValidation(await ctx.team().get(`/v3/order/12345/${suffix}`), [{ loc: ['path', 'order_id'], type: 'format' }]);
    }
  });

  it('when a testkit order is simulated to completion, then its results are those of its own markers', async () => {
    const order = await placeOrder({ order_set: { lab_test_ids: [STANDARD.testkit!.id] } });
    await simulate(order, {});
    const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    const expected = new Set(order.lab_test.markers.flatMap((m) => m.expected_results.map((r) => r.loinc.code)));
    expect(new Set(results.results.map((r) => r.loinc))).toEqual(expected);
  });
});
