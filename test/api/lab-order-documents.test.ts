/**
 * The order documents beyond the requisition and the results: getOrderCollectionInstructionPdf
 * (GET /v3/order/{order_id}/collection_instruction_pdf), getOrderLabelsPdf
 * (GET /v3/order/{order_id}/labels/pdf) and getOrderAbnPdf (GET /v3/order/{order_id}/abn_pdf):
 * real PDFs read back with pdf.js, each refusal (400) and another team's order (404).
 */
import { describe, expect, it } from 'vitest';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { pdfText } from '../helpers/pdf-text.js';
import { orderBody, patientAddress, patientDetails, STANDARD, TESTKIT, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, insuranceBody, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Order = TeamSchemas['Order'];
const AT_HOME = STANDARD.at_home_phlebotomy!.id;
const ON_SITE = STANDARD.on_site_collection!.id;
const COLLECTED = '2026-12-01T09:30:00-08:00';

/** A kit ordered unregistered (POST /v3/order/testkit), and what its patient registers it with. */
async function orderKit(ctx: ApiApp): Promise<Order> {
  const user = await ctx.newUser();
  const shipping = { receiver_name: 'Jordan Kim', first_line: '88 Harbor Way', second_line: null, city: 'Oakland', state: 'CA', zip: '94607', country: 'US', phone_number: '+15105550188' };
  return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post('/v3/order/testkit').send({ user_id: user.user_id, lab_test_id: TESTKIT, shipping_details: shipping }), 200).order;
}
const registration = (sampleId: string) => ({ sample_id: sampleId, patient_details: { ...patientDetails, first_name: 'Jordan', last_name: 'Kim', gender: 'male' }, patient_address: patientAddress });

const binary = (test: ReturnType<ApiApp['team']>['get'] extends (url: string) => infer T ? T : never) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(apiEngines)('order documents: collection instructions, labels, ABN on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  const placeOrder = async (labTestId: string, overrides: Record<string, unknown> = {}, key?: string): Promise<Order> => {
    const user = await ctx.newUser({}, key);
    return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [labTestId] }, ...overrides })), 200).order;
  };
  /** The PDF at `url`: its bytes and its text as pdf.js reads it. */
  const readPdf = async (url: string, key?: string) => {
    const response = await binary(ctx.team(key).get(url));
    expect(response.status, String(response.body)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/pdf/);
    const bytes = response.body as Buffer;
    return { bytes, ...(await pdfText(new Uint8Array(bytes))) };
  };
  const simulateTo = async (order: Order, finalStatus: string) => {
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=${finalStatus}`).send({}), 200);
    await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() }).runDue();
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).last_event.status).toBe(finalStatus);
  };
  const insure = async (userId: string, payorCode: string, isPrimary = true) =>
    expectStatus(await ctx.team().post(`/v2/user/${userId}/insurance`).send(insuranceBody({ payor_code: payorCode, is_primary: isPrimary })), 200);
  /** An order billed to insurance, its user's primary insurance being `payorCode` (none when null). */
  const insuredOrder = async (payorCode: string | null, overrides: Record<string, unknown> = {}) => {
    const user = await ctx.newUser();
    if (payorCode !== null) await insure(user.user_id, payorCode);
    const body = orderBody(user.user_id, { billing_type: 'commercial_insurance', icd_codes: ['E11.9'], ...overrides });
    return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post('/v3/order').send(body), 200).order;
  };

  describe('getOrderCollectionInstructionPdf', () => {
    it('when a testkit order\'s instructions are read, then the PDF shows its patient, ids, steps and markers, the same bytes each time', async () => {
      const order = await placeOrder(TESTKIT);
      const pdf = await readPdf(`/v3/order/${order.id}/collection_instruction_pdf`);
      expect(pdf.info.Title).toBe(`Collection instructions: ${STANDARD.testkit!.name}`);
      expect(pdf.info.Subject).toBe(`How to collect the samples of order ${order.id}`);
      for (const text of ['Collection Instructions', 'Maria Lopez', '1986-04-21', order.id, order.sample_id, 'At-home test kit', 'Press the lancet firmly', 'No fasting is needed']) {
        expect(pdf.text).toContain(text);
      }
      for (const marker of order.lab_test.markers) expect(pdf.text).toContain(marker.provider_id);
      const again = await readPdf(`/v3/order/${order.id}/collection_instruction_pdf`);
      expect(Buffer.compare(again.bytes, pdf.bytes)).toBe(0);
    });

    it('when an unregistered kit\'s instructions are read, then they name no patient and ask for the registration first; once registered, the patient', async () => {
      const kit = await orderKit(ctx);
      const before = await readPdf(`/v3/order/${kit.id}/collection_instruction_pdf`);
      expect(before.text).toContain('Not registered yet');
      expect(before.text).toContain(`Register this kit before you collect the sample: give its sample ID ${kit.sample_id}`);
      expectStatus(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id)), 200);
      const after = await readPdf(`/v3/order/${kit.id}/collection_instruction_pdf`);
      expect(after.text).toContain('Jordan Kim');
      expect(after.text).not.toContain('Not registered yet');
    });

    it('when the order is not a testkit, or was cancelled, then 400 saying so', async () => {
      for (const labTest of [WALK_IN, AT_HOME, ON_SITE]) {
        const order = await placeOrder(labTest);
        expectDetail(await ctx.team().get(`/v3/order/${order.id}/collection_instruction_pdf`), 400, `Order ${order.id} is a ${order.lab_test.method} order; it has no collection instructions (only testkit orders, whose patient collects the sample alone, have them).`);
      }
      const kit = await placeOrder(TESTKIT);
      expectStatus(await ctx.team().post(`/v3/order/${kit.id}/cancel`), 200);
      expectDetail(await ctx.team().get(`/v3/order/${kit.id}/collection_instruction_pdf`), 400, `Order ${kit.id} was cancelled; it has no collection instructions.`);
    });

    it('when the order is another team\'s or unknown, then 404', async () => {
      const theirs = await placeOrder(TESTKIT, {}, (await ctx.otherTeam()).apiKey);
      expectDetail(await ctx.team().get(`/v3/order/${theirs.id}/collection_instruction_pdf`), 404, `Order ${theirs.id} not found.`);
      expectDetail(await ctx.team().get(`/v3/order/${UNKNOWN_ID}/collection_instruction_pdf`), 404, `Order ${UNKNOWN_ID} not found.`);
    });
  });

  describe('getOrderLabelsPdf', () => {
    it('when an at-home order\'s labels are read, then number_of_labels labels (3 by default) each show the patient, ids, collection time and lab', async () => {
      const order = await placeOrder(AT_HOME);
      const pdf = await readPdf(`/v3/order/${order.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`);
      expect(pdf.pages).toHaveLength(1);
      const count = (text: string, needle: string) => text.split(needle).length - 1;
      expect(count(pdf.text, 'Maria Lopez')).toBe(3);
      expect(count(pdf.text, `Sample ${order.sample_id}`)).toBe(3);
      expect(count(pdf.text, `*${order.sample_id}*`)).toBe(3);
      expect(count(pdf.text, 'Collected 2026-12-01 09:30 UTC-08:00')).toBe(3);
      expect(pdf.text).toContain(`Order ${order.id}`);
      expect(pdf.text).toContain('DOB 1986-04-21');
      expect(pdf.text).toContain(order.lab_test.lab.name);
      const ten = await readPdf(`/v3/order/${order.id}/labels/pdf?collection_date=2026-12-01T17:30:00Z&number_of_labels=10`);
      expect(count(ten.text, `*${order.sample_id}*`)).toBe(10);
      expect(ten.text).toContain('Collected 2026-12-01 17:30 UTC');
      const again = await readPdf(`/v3/order/${order.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`);
      expect(Buffer.compare(again.bytes, pdf.bytes)).toBe(0);
    });

    it('when an on-site order and a registered testkit are labelled, then they have labels; an unregistered kit has none until registered', async () => {
      expect((await readPdf(`/v3/order/${(await placeOrder(ON_SITE)).id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`)).text).toContain('Maria Lopez');
      expect((await readPdf(`/v3/order/${(await placeOrder(TESTKIT)).id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`)).text).toContain('Maria Lopez');
      const kit = await orderKit(ctx);
      expectDetail(await ctx.team().get(`/v3/order/${kit.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`), 400, `Order ${kit.id} is a testkit awaiting registration; its specimen labels exist once its patient registered it.`);
      expectStatus(await ctx.team().post('/v3/order/testkit/register').send(registration(kit.sample_id)), 200);
      expect((await readPdf(`/v3/order/${kit.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`)).text).toContain('Jordan Kim');
    });

    it('when the order is walk-in, cancelled, or its sample is with the lab, then 400 saying why', async () => {
      const walkIn = await placeOrder(WALK_IN);
      expectDetail(await ctx.team().get(`/v3/order/${walkIn.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`), 400, `Order ${walkIn.id} is a walk_in_test order; the patient service center labels the samples it draws, so it has no specimen labels.`);
      const cancelled = await placeOrder(AT_HOME);
      expectStatus(await ctx.team().post(`/v3/order/${cancelled.id}/cancel`), 200);
      expectDetail(await ctx.team().get(`/v3/order/${cancelled.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`), 400, `Order ${cancelled.id} is cancelled.at_home_phlebotomy.cancelled; specimen labels exist only while the sample is still to be collected (received or collecting_sample).`);
      const drawn = await placeOrder(AT_HOME);
      await simulateTo(drawn, 'sample_with_lab.at_home_phlebotomy.partial_results');
      expectDetail(await ctx.team().get(`/v3/order/${drawn.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`), 400, /is sample_with_lab\.at_home_phlebotomy\.partial_results; specimen labels exist only while/);
    });

    it('when collection_date is missing or not a date-time, or number_of_labels is out of 1..30, then 422 at the parameter', async () => {
      const order = await placeOrder(AT_HOME);
      expectValidation(await ctx.team().get(`/v3/order/${order.id}/labels/pdf`), [{ loc: ['query', 'collection_date'] }]);
      expectValidation(await ctx.team().get(`/v3/order/${order.id}/labels/pdf?collection_date=2026-12-01`), [{ loc: ['query', 'collection_date'] }]);
      for (const n of [0, 31]) {
        expectValidation(await ctx.team().get(`/v3/order/${order.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}&number_of_labels=${n}`), [{ loc: ['query', 'number_of_labels'] }]);
      }
      expect((await readPdf(`/v3/order/${order.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}&number_of_labels=30`)).text.split(`*${order.sample_id}*`)).toHaveLength(31);
    });

    it('when the order is another team\'s or unknown, then 404', async () => {
      const theirs = await placeOrder(AT_HOME, {}, (await ctx.otherTeam()).apiKey);
      expectDetail(await ctx.team().get(`/v3/order/${theirs.id}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`), 404, `Order ${theirs.id} not found.`);
      expectDetail(await ctx.team().get(`/v3/order/${UNKNOWN_ID}/labels/pdf?collection_date=${encodeURIComponent(COLLECTED)}`), 404, `Order ${UNKNOWN_ID} not found.`);
    });
  });

  describe('getOrderAbnPdf', () => {
    it('when an order is billed to the insurance of a Medicare patient, then its ABN shows the patient, ids, plan, tests, costs and options', async () => {
      const order = await insuredOrder('MEDICARE');
      const pdf = await readPdf(`/v3/order/${order.id}/abn_pdf`);
      expect(pdf.info.Title).toBe(`Advance Beneficiary Notice ${order.id}`);
      for (const text of ['Advance Beneficiary Notice of Noncoverage (ABN)', 'Maria Lopez', '1986-04-21', order.id, order.sample_id, 'Medicare (MEDICARE), member W123456789', 'E11.9', 'OPTION 1.', 'OPTION 2.', 'OPTION 3.', order.lab_test.lab.name]) {
        expect(pdf.text).toContain(text);
      }
      for (const marker of order.lab_test.markers) expect(pdf.text).toContain(marker.provider_id);
      const total = order.lab_test.markers.reduce((cents, m) => cents + Math.round(Number(m.price) * 100), 0);
      expect(pdf.text).toContain(`Total $${(total / 100).toFixed(2)}`);
      const again = await readPdf(`/v3/order/${order.id}/abn_pdf`);
      expect(Buffer.compare(again.bytes, pdf.bytes)).toBe(0);
    });

    it('when the primary insurance is a state Medicare plan (MEDFED resolves to one), then the order has an ABN naming it', async () => {
      const order = await insuredOrder('MEDFED');
      expect((await readPdf(`/v3/order/${order.id}/abn_pdf`)).text).toContain('(MEDICARE_CA)');
    });

    it('when the order is not billed to insurance, or the user has no primary insurance, or it is not Medicare, then 400 naming the reason', async () => {
      const clientBill = await insuredOrder('MEDICARE', { billing_type: 'client_bill' });
      expectDetail(await ctx.team().get(`/v3/order/${clientBill.id}/abn_pdf`), 400, `Order ${clientBill.id} is billed as client_bill; an Advance Beneficiary Notice applies only to an order billed to the patient's insurance (billing_type commercial_insurance).`);
      const uninsured = await insuredOrder(null);
      expectDetail(await ctx.team().get(`/v3/order/${uninsured.id}/abn_pdf`), 400, `Order ${uninsured.id} has no Advance Beneficiary Notice; its user has no primary insurance on file (POST /v2/user/{user_id}/insurance), and an ABN applies only to a Medicare patient.`);
      const aetna = await insuredOrder('AETNA');
      expectDetail(await ctx.team().get(`/v3/order/${aetna.id}/abn_pdf`), 400, `Order ${aetna.id} has no Advance Beneficiary Notice; its user's primary insurance is AETNA, not a Medicare plan (MEDICARE or MEDICARE_<state>).`);
      // Medicare as the secondary insurance only: the primary decides.
      await insure(aetna.user_id, 'MEDICARE', false);
      expectDetail(await ctx.team().get(`/v3/order/${aetna.id}/abn_pdf`), 400, /primary insurance is AETNA/);
    });

    it('when the order was cancelled, then 400', async () => {
      const order = await insuredOrder('MEDICARE');
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
      expectDetail(await ctx.team().get(`/v3/order/${order.id}/abn_pdf`), 400, `Order ${order.id} was cancelled; it has no Advance Beneficiary Notice.`);
    });

    it('when the order is another team\'s or unknown, then 404', async () => {
      const other = await ctx.otherTeam();
      const theirs = await placeOrder(WALK_IN, { billing_type: 'commercial_insurance' }, other.apiKey);
      expectDetail(await ctx.team().get(`/v3/order/${theirs.id}/abn_pdf`), 404, `Order ${theirs.id} not found.`);
      expectDetail(await ctx.team().get(`/v3/order/${UNKNOWN_ID}/abn_pdf`), 404, `Order ${UNKNOWN_ID} not found.`);
    });
  });
});
