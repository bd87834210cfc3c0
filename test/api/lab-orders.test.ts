import { describe, expect, it } from 'vitest';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { ISO_TIMESTAMP } from '../storage/helpers.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';
import { bodyHash, earlierBodyHash } from '../../server/domain/lab-orders/idempotency.js';
import { answeredPatientDetails, orderBody, patientAddress, patientDetails, TESTKIT, WALK_IN, STANDARD } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type OrderResponse = TeamSchemas['OrderResponse'];
type Order = TeamSchemas['Order'];


async function placeOrder(ctx: ApiApp, overrides: Record<string, unknown> = {}, key?: string): Promise<Order> {
  const user = await ctx.newUser({}, key);
  return expectStatus<OrderResponse>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id, overrides)), 200).order;
}

describe.each(apiEngines)('createOrder and getOrder (POST /v3/order, GET /v3/order/{order_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when an order is placed on the standard walk-in lab test, then it starts ordered with one event and reads back the same', async () => {
    const user = await ctx.newUser();
    const answer = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { passthrough: 'crm-1' })), 200);
    expect(answer.status).toBe('success');
    const order = answer.order;
    expect(order.user_id).toBe(user.user_id);
    expect(order.team_id).toBe(ctx.server.teamId);
    expect(order.lab_test.id).toBe(WALK_IN);
    expect(order.details.type).toBe('walk_in_test');
    expect(order.events).toEqual([{ id: expect.any(Number), created_at: expect.stringMatching(ISO_TIMESTAMP), status: 'received.walk_in_test.ordered', status_detail: null }]);
    expect(order.last_event).toEqual(order.events[0]);
    expect(order.status).toBe('received');
    expect(order.passthrough).toBe('crm-1');
    expect(order.billing_type).toBe('client_bill');
    expect(order.sample_id).toMatch(/^SB\d{10}$/);
    expect(order.requisition_form_url).toMatch(new RegExp(`^${ctx.server.deps.config.publicTeamUrl}/v3/order/${order.id}/requisition/pdf/signed\\?expires=\\d+&signature=[\\w-]+$`));
    expect(order.patient_details).toMatchObject(answeredPatientDetails);
    expect(order.shipping_details).toBeNull();
    const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(read).toEqual(order);
  });

  it('when consents come in either spelling (the official SDK sends consentType and timeOfConsent), then the order stores them as consent_type and time_of_consent', async () => {
    const user = await ctx.newUser();
    const consents = [
      { consent_type: 'terms-of-use', version: '1', time_of_consent: '2026-11-20T09:15:00Z' },
      { consentType: 'hipaa-authorization', version: '2024-01', timeOfConsent: '2026-11-20T09:16:00.000Z' },
      { consent_type: 'privacy-policy', consentType: 'privacy-policy' },
    ];
    const order = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { consents })), 200).order;
    const [stored] = await ctx.server.db.query<{ consents: unknown }>(`SELECT body->'consents' AS consents FROM lab_orders WHERE id = $1`, [order.id]);
    expect(stored!.consents).toEqual([
      { consent_type: 'terms-of-use', version: '1', time_of_consent: '2026-11-20T09:15:00Z' },
      { consent_type: 'hipaa-authorization', version: '2024-01', time_of_consent: '2026-11-20T09:16:00.000Z' },
      { consent_type: 'privacy-policy', version: null, time_of_consent: null },
    ]);
  });

  it('when a consent gives both spellings of a key with different values, or no consent type at all, then 422 naming it, and no order', async () => {
    const user = await ctx.newUser();
    const conflicting = [{ consent_type: 'terms-of-use', consentType: 'privacy-policy', time_of_consent: '2026-11-20T09:15:00Z', timeOfConsent: '2026-11-21T09:15:00Z' }];
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { consents: conflicting })), [
      { loc: ['body', 'consents', 0, 'consentType'], msg: /must equal consent_type/ },
      { loc: ['body', 'consents', 0, 'timeOfConsent'], msg: /must equal time_of_consent/ },
    ]);
    const untyped = expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { consents: [{ version: '1' }] })), []);
    expect(untyped.some((item) => JSON.stringify(item.loc).startsWith('["body","consents",0'))).toBe(true);
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE user_id = $1`, [user.user_id])).toEqual([]);
  });

  it('when an order is placed with the deprecated lab_test_id, then it is the order of that lab test in an order set', async () => {
    const order = await placeOrder(ctx, { order_set: undefined, lab_test_id: TESTKIT });
    expect(order.lab_test.id).toBe(TESTKIT);
    expect(order.events.map((e) => e.status)).toEqual(['received.testkit.ordered']);
    expect(order.shipping_details).toMatchObject({ receiver_name: 'Maria Lopez', first_line: '123 Main St.', phone_number: patientDetails.phone_number });
    expect(order.details.data.shipment).toMatchObject({ outbound_tracking_number: null });
  });

  it('when an order set has a lab test and an add-on marker, then the order is on a new auto-generated lab test with both', async () => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [WALK_IN], add_on: { marker_ids: [1065] } } });
    expect(order.lab_test.id).not.toBe(WALK_IN);
    expect(order.lab_test.auto_generated).toBe(true);
    expect(order.lab_test.markers.map((m) => m.id).sort()).toEqual([...STANDARD.walk_in_test!.marker_ids, 1065].sort());
    const stored = expectStatus<TeamSchemas['LabTest']>(await ctx.team().get(`/v3/lab_tests/${order.lab_test.id}`), 200);
    expect(stored.auto_generated).toBe(true);
  });

  it('when both order_set and lab_test_id are given, or neither, then 422 at ["body"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { lab_test_id: WALK_IN })), [{ loc: ['body'] }]);
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: undefined })), [{ loc: ['body'] }]);
  });

  it('when the lab test is unknown, then 422 naming its index', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN, UNKNOWN_ID] } })), [{ loc: ['body', 'order_set', 'lab_test_ids', 1], msg: `Unknown lab test ${UNKNOWN_ID}` }]);
  });

  it('when an add-on marker is unknown, then 422 naming it', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], add_on: { marker_ids: [999999] } } })), [{ loc: ['body', 'order_set', 'add_on', 'marker_ids', 0] }]);
  });

  it('when a lab account without access to the lab test\'s lab comes with one lab test and no add-ons, then 422 at it, as with add-ons', async () => {
    const user = await ctx.newUser();
    const LAB_ACCOUNTS = sandboxLabAccounts(ctx.server);
    const noLabcorp = LAB_ACCOUNTS.find((a) => !a.lab_ids.includes(STANDARD.walk_in_test!.lab_id))!;
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], lab_account_id: noLabcorp.id } })), [
      { loc: ['body', 'order_set', 'lab_account_id'], msg: /has no access to lab labcorp/ },
    ]);
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { lab_account_id: UNKNOWN_ID })), [{ loc: ['body', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` }]);
    const withAccess = LAB_ACCOUNTS.find((a) => a.lab_ids.includes(STANDARD.walk_in_test!.lab_id))!;
    expectStatus(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], lab_account_id: withAccess.id } })), 200);
  });

  it('when the top-level lab_account_id and order_set.lab_account_id are both at fault, then one 422 names each at its own location, with add-ons or without', async () => {
    const user = await ctx.newUser();
    const otherUnknown = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const LAB_ACCOUNTS = sandboxLabAccounts(ctx.server);
    const noLabcorp = LAB_ACCOUNTS.find((a) => !a.lab_ids.includes(STANDARD.walk_in_test!.lab_id))!;
    const withAccess = LAB_ACCOUNTS.find((a) => a.lab_ids.includes(STANDARD.walk_in_test!.lab_id))!;
    for (const add_on of [undefined, { marker_ids: [1065] }]) {
      const order = (top: string, inSet: string) => orderBody(user.user_id, { lab_account_id: top, order_set: { lab_test_ids: [WALK_IN], add_on, lab_account_id: inSet } });
      expectOnlyViolations(await ctx.team().post('/v3/order').send(order(UNKNOWN_ID, otherUnknown)), [['body', 'order_set', 'lab_account_id'], ['body', 'lab_account_id']]);
      expectValidation(await ctx.team().post('/v3/order').send(order(UNKNOWN_ID, otherUnknown)), [
        { loc: ['body', 'order_set', 'lab_account_id'], msg: `Unknown lab account ${otherUnknown}` },
        { loc: ['body', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` },
      ]);
      expectValidation(await ctx.team().post('/v3/order').send(order(noLabcorp.id, UNKNOWN_ID)), [
        { loc: ['body', 'order_set', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` },
        { loc: ['body', 'lab_account_id'], msg: /has no access to lab labcorp/ },
      ]);
      expectOnlyViolations(await ctx.team().post('/v3/order').send(order(UNKNOWN_ID, withAccess.id)), [['body', 'lab_account_id']]);
      expectStatus(await ctx.team().post('/v3/order').send(order(withAccess.id, withAccess.id)), 200);
    }
  });

  it('when the top-level lab_account_id and order_set.lab_account_id are two good accounts that differ, then 422 at the top-level one, and nothing is stored; the same account twice (any case) is taken', async () => {
    const user = await ctx.newUser();
    // Labcorp: a lab two of the team's accounts reach, both for walk-in orders billed to the client. An add-on of its markers makes the order Labcorp's.
    const questMarker = MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.type === 'biomarker' && m.a_la_carte_enabled)!;
    const [first, second] = sandboxLabAccounts(ctx.server).filter((a) => a.lab_ids.includes(1));
    expect(second).toBeDefined();
    const order = (top: string, inSet: string) => orderBody(user.user_id, { lab_account_id: top, collection_method: 'walk_in_test', order_set: { add_on: { marker_ids: [questMarker.id] }, lab_account_id: inSet } });
    expectValidation(await ctx.team().post('/v3/order').send(order(second!.id, first!.id)), [
      { loc: ['body', 'lab_account_id'], msg: `Lab account ${second!.id} is not ${first!.id}, given at order_set.lab_account_id: an order goes through one lab account` },
    ]);
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE user_id = $1`, [user.user_id])).toEqual([]);
    expectStatus(await ctx.team().post('/v3/order').send(order(first!.id.toUpperCase(), first!.id)), 200);
  });

  it('when an order set has several problems, then one 422 names every one: unknown lab test, unknown add-on, wrong method, lab account', async () => {
    const user = await ctx.newUser();
    const detail = expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, {
      order_set: { lab_test_ids: [WALK_IN, UNKNOWN_ID], add_on: { marker_ids: [999999] }, lab_account_id: UNKNOWN_ID },
      collection_method: 'testkit',
    })), [
      { loc: ['body', 'order_set', 'lab_test_ids', 1], msg: `Unknown lab test ${UNKNOWN_ID}` },
      { loc: ['body', 'collection_method'], msg: 'The lab test is collected by walk_in_test, not testkit' },
      { loc: ['body', 'order_set', 'add_on', 'marker_ids', 0], msg: 'Unknown marker 999999' },
      { loc: ['body', 'order_set', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` },
    ]);
    expect(detail).toHaveLength(4);
  });

  it('when an add-on lab test code is only offered at another lab than the lab test\'s, then 422 saying where it is offered', async () => {
    const user = await ctx.newUser();
    const quest = MARKER_CATALOG.markers.find((m) => m.lab_id !== STANDARD.walk_in_test!.lab_id && m.a_la_carte_enabled && !MARKER_CATALOG.markers.some((o) => o.lab_id === STANDARD.walk_in_test!.lab_id && o.provider_id === m.provider_id))!;
    const questSlug = MARKER_CATALOG.labs.find((l) => l.id === quest.lab_id)!.slug;
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], add_on: { provider_ids: [quest.provider_id] } } })), [
      { loc: ['body', 'order_set', 'add_on', 'provider_ids', 0], msg: `Marker test code ${quest.provider_id} is offered at lab ${questSlug}, not at lab labcorp of the lab test` },
    ]);
  });

  it('when a lab test is named twice, an order set is empty, or add-ons come without collection_method, then 422 naming it', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN, WALK_IN.toUpperCase()] } })), [
      { loc: ['body', 'order_set', 'lab_test_ids', 1], msg: `Lab test ${WALK_IN.toUpperCase()} is named more than once` },
    ]);
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: {} })), [{ loc: ['body', 'order_set', 'lab_test_ids'], msg: /names no lab test and no add-on marker/ }]);
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { add_on: { marker_ids: [1065] } } })), [{ loc: ['body', 'collection_method'], msg: /required for an order set of add-on markers only/ }]);
    expectStatus(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { add_on: { marker_ids: [1065] } }, collection_method: 'walk_in_test' })), 200);
  });

  it('when an add-on marker is named twice, then 422 naming the later mention at its index, as for a lab test named twice', async () => {
    const user = await ctx.newUser();
    expectOnlyViolations(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], add_on: { marker_ids: [1065, 1065] } } })), [
      ['body', 'order_set', 'add_on', 'marker_ids', 1],
    ]);
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], add_on: { marker_ids: [1065], provider_ids: ['081950'] } } })), [
      { loc: ['body', 'order_set', 'add_on', 'provider_ids', 0], msg: 'Marker test code 081950 is marker 1065, already named at marker_ids[0]' },
    ]);
  });

  it('when a medical proxy comes with access_notes or null second_line, and a physician with a signature image, then the order keeps their schema\'s keys only, as user info does', async () => {
    const proxy = { first_name: 'Carla', last_name: 'Lopez', phone_number: '+14155550124', email: 'carla@example.com', address: { ...patientAddress, second_line: null, access_notes: 'ring' } };
    const physician = { first_name: 'Ana', last_name: 'Reyes', npi: '1234567893', signature_image: { content: 'iVBORw0KGgo=', content_type: 'image/png' } };
    const order = await placeOrder(ctx, { patient_details: { ...patientDetails, medical_proxy: proxy }, physician });
    expect(order.patient_details?.medical_proxy).toEqual({ first_name: 'Carla', last_name: 'Lopez', phone_number: '+14155550124', email: 'carla@example.com', address: { ...patientAddress, second_line: '' } });
    expect(order.physician).toEqual({ first_name: 'Ana', last_name: 'Reyes', npi: '1234567893' });
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).toEqual(order);
  });

  it('when the body has misspelled keys at the top level (priorty, pasthrough) and in the order set (addon), then 422 extra_forbidden at each, listed with the other violations, and no order is stored', async () => {
    const user = await ctx.newUser();
    const body = orderBody(user.user_id, { order_set: { lab_test_ids: [WALK_IN], addon: { marker_ids: [1065] } }, priorty: true, pasthrough: 'crm-1', icd_codes: ['not a code'] });
    const detail = expectValidation(await ctx.team().post('/v3/order').send(body), []);
    const extra = (...loc: (string | number)[]) => ({ loc: ['body', ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    expect(detail).toEqual(expect.arrayContaining([extra('priorty'), extra('pasthrough'), extra('order_set', 'addon')]));
    expect(detail.filter((item) => item.type === 'extra_forbidden')).toHaveLength(3);
    expect(detail).toContainEqual(expect.objectContaining({ loc: ['body', 'icd_codes', 0], type: 'pattern' }));
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE user_id = $1`, [user.user_id])).toEqual([]);
    expect(expectStatus<{ orders: unknown[] }>(await ctx.team().get('/v3/orders').query({ user_id: user.user_id }), 200).orders).toEqual([]);
  });

  it('when unknown keys come deeper in the body (the add-on, the patient, its medical proxy\'s address, the physician, a consent, the health insurance), then 422 extra_forbidden at each, and no order is stored', async () => {
    const user = await ctx.newUser();
    const proxy = { first_name: 'Carla', last_name: 'Lopez', phone_number: '+14155550124', address: { ...patientAddress, zip_code: '94110' } };
    const body = orderBody(user.user_id, {
      order_set: { lab_test_ids: [WALK_IN], add_on: { marker_ids: [1065], markers: [1061] } },
      patient_details: { ...patientDetails, middle_name: 'Ana', medical_proxy: proxy },
      patient_address: { ...patientAddress, county: 'San Francisco' },
      physician: { first_name: 'Ana', last_name: 'Reyes', npi: '1234567893', title: 'Dr.' },
      consents: [{ consent_type: 'terms-of-use', accepted: true }],
      health_insurance: { payor_code: 'AETNA', member_id: 'W1' },
    });
    const extra = [
      ['order_set', 'add_on', 'markers'],
      ['patient_details', 'middle_name'],
      ['patient_details', 'medical_proxy', 'address', 'zip_code'],
      ['patient_address', 'county'],
      ['physician', 'title'],
      ['health_insurance', 'member_id'],
      ['consents', 0, 'accepted'],
    ].map((loc) => ({ loc: ['body', ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }));
    const detail = expectValidation(await ctx.team().post('/v3/order').send(body), []);
    expect(detail).toEqual(expect.arrayContaining(extra));
    expect(detail).toHaveLength(extra.length);
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE user_id = $1`, [user.user_id])).toEqual([]);
  });

  it('when the keys the official SDK may send are given (aoe_answers, creator_member_id, the deprecated health insurance\'s images and responsible person), then the order is placed and stores none of them', async () => {
    const image = { content: 'iVBORw0KGgo=', content_type: 'image/png' };
    const order = await placeOrder(ctx, {
      aoe_answers: [{ marker_id: 1065, question_id: 1, answer: '12' }],
      creator_member_id: 'a3c1f1c4-1f5e-4d5b-8c43-6f1b2d3e4f50',
      health_insurance: {
        payor_code: 'AETNA',
        front_image: image,
        back_image: image,
        patient_signature_image: image,
        responsible_relationship: 'Self',
        responsible_details: { first_name: 'Carlos', last_name: 'Lopez', phone_number: '+14155550199', phone_type: 'mobile', address: { ...patientAddress, second_line: null } },
      },
    });
    expect(order.health_insurance_id).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await ctx.server.db.query<{ body: unknown }>(`SELECT body FROM lab_orders WHERE id = $1`, [order.id]);
    expect(JSON.stringify(stored!.body)).not.toMatch(/aoe|creator|iVBORw0KGgo|responsible/);
  });

  it('when user_id is sent in capitals, then the answer, the event and later reads all give it as the database does, in lower case', async () => {
    const user = await ctx.newUser();
    const answer = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id.toUpperCase())), 200);
    expect(answer.order.user_id).toBe(user.user_id);
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${answer.order.id}`), 200)).toEqual(answer.order);
    const created = await listEventPayloads<{ user_id: string; data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' });
    const event = created.find((e) => e.data.id === answer.order.id)!;
    expect([event.user_id, event.data.user_id]).toEqual([user.user_id, user.user_id]);
  });

  it('when ICD-10-CM codes of any chapter come, U07.1 included, then the order keeps them', async () => {
    const order = await placeOrder(ctx, { icd_codes: ['E11.9', 'U07.1'] });
    expect(order.icd_codes).toEqual(['E11.9', 'U07.1']);
  });

  it('when the collection method is not the lab test\'s, then 422 at collection_method', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { collection_method: 'testkit' })), [{ loc: ['body', 'collection_method'], msg: 'The lab test is collected by walk_in_test, not testkit' }]);
  });

  it('when a patient name breaks the lab name rules, then 422 naming it with the rule in words', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { patient_details: { ...patientDetails, first_name: 'M4ria', last_name: 'Lopez  Garcia' } })), [
      { loc: ['body', 'patient_details', 'first_name'], msg: /^must be 1 to 50 characters: Latin letters/, type: 'pattern' },
      { loc: ['body', 'patient_details', 'last_name'], msg: /with a single space, hyphen or apostrophe/, type: 'pattern' },
    ]);
  });

  it('when the patient\'s dob is in the future or more than 150 years ago, then 422 at patient_details.dob with the other problems, and no order; today is accepted', async () => {
    const user = await ctx.newUser();
    const dob = (value: string, overrides: Record<string, unknown> = {}) => orderBody(user.user_id, { patient_details: { ...patientDetails, dob: value }, ...overrides });
    expectValidation(await ctx.team().post('/v3/order').send(dob('2099-01-01')), [
      { loc: ['body', 'patient_details', 'dob'], msg: /^The date of birth 2099-01-01 is in the future/, type: 'value_error' },
    ]);
    expectValidation(await ctx.team().post('/v3/order').send(dob('0001-01-01')), [{ loc: ['body', 'patient_details', 'dob'], msg: /more than 150 years ago/ }]);
    expectOnlyViolations(await ctx.team().post('/v3/order').send(dob('2099-01-01', { order_set: { lab_test_ids: [UNKNOWN_ID] } })), [
      ['body', 'patient_details', 'dob'],
      ['body', 'order_set', 'lab_test_ids', 0],
    ]);
    expect(await ctx.server.db.query(`SELECT id FROM lab_orders WHERE user_id = $1`, [user.user_id])).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(dob(today)), 200).order.patient_details?.dob).toBe(`${today}T00:00:00+00:00`);
  });

  it('when the user is unknown, then 404 naming it', async () => {
    expectDetail(await ctx.team().post('/v3/order').send(orderBody(UNKNOWN_ID)), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it("when the user is another team's, then 404 as for an unknown one", async () => {
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team().post('/v3/order').send(orderBody(theirs.user_id)), 404, `User ${theirs.user_id} not found.`);
  });

  it("when the order is another team's, then 404 as for an unknown id", async () => {
    const other = await ctx.otherTeam();
    const theirs = await placeOrder(ctx, {}, other.apiKey);
    expectDetail(await ctx.team().get(`/v3/order/${theirs.id}`), 404, `Order ${theirs.id} not found.`);
    expectStatus(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}`), 200);
    expectDetail(await ctx.team().get(`/v3/order/${UNKNOWN_ID}`), 404, `Order ${UNKNOWN_ID} not found.`);
  });

  it('when orders come at once, one for an unknown user, then each other one is created with its own labtest.order.created and the unknown user is a 404', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => ctx.newUser()));
    const answers = await Promise.all([...users.map((u) => u.user_id), UNKNOWN_ID].map((userId) => ctx.team().post('/v3/order').send(orderBody(userId))));
    expectDetail(answers.pop()!, 404);
    const orders = answers.map((answer) => expectStatus<OrderResponse>(answer, 200).order);
    expect(orders.map((o) => o.user_id)).toEqual(users.map((u) => u.user_id));
    expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
    const created = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.created' });
    for (const order of orders) {
      expect(created.filter((event) => event.data.id === order.id).map((event) => event.data)).toEqual([order]);
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).toEqual(order);
    }
    expect(created.filter((event) => event.data.user_id === UNKNOWN_ID)).toEqual([]);
  });

  it('when the same idempotency key comes with the same body, then the same order is answered and no second one is made', async () => {
    const user = await ctx.newUser();
    const key = `key-${user.user_id}`;
    const first = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send(orderBody(user.user_id)), 200);
    // The same JSON value written with another key order.
    const { patient_address, ...rest } = orderBody(user.user_id);
    const again = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send({ patient_address, ...rest }), 200);
    expect(again.order).toEqual(first.order);
    const list = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?user_id=${user.user_id}`), 200);
    expect(list.orders.map((o) => o.id)).toEqual([first.order.id]);
  });

  it('when the same idempotency key comes again with optional keys given as null (at any depth) or the default priority given, then it is the same request and the same order is answered', async () => {
    const user = await ctx.newUser();
    const key = `key-${user.user_id}`;
    const send = (body: object) => ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send(body);
    const first = expectStatus<OrderResponse>(await send(orderBody(user.user_id)), 200);
    for (const overrides of [
      { priority: false },
      { passthrough: null },
      { lab_account_id: null, lab_test_id: null, collection_method: null, physician: null, icd_codes: null, consents: null },
      { patient_details: { ...patientDetails, race: null, medical_proxy: null }, patient_address: { ...patientAddress, second_line: null } },
      { order_set: { lab_test_ids: [WALK_IN], add_on: null, lab_account_id: null } },
    ]) {
      const again = expectStatus<OrderResponse>(await send(orderBody(user.user_id, overrides)), 200);
      expect(again.message, JSON.stringify(overrides)).toBe('Order already created with this idempotency key');
      expect(again.order.id).toBe(first.order.id);
    }
    // A value that is not null is another request, as is an empty list where none was given.
    expectValidation(await send(orderBody(user.user_id, { priority: true })), [{ loc: ['header', 'x-idempotency-key'] }]);
    expectValidation(await send(orderBody(user.user_id, { icd_codes: [] })), [{ loc: ['header', 'x-idempotency-key'] }]);
    const list = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?user_id=${user.user_id}`), 200);
    expect(list.orders.map((o) => o.id)).toEqual([first.order.id]);
  });

  it('when a key was stored by the earlier rule (null members kept in the hash), then the same body with its nulls still answers that order, and another body is still a 422', async () => {
    const user = await ctx.newUser();
    const key = `key-${user.user_id}`;
    // Every default written out, so that the body the server hashes is this one.
    const body = orderBody(user.user_id, { passthrough: null, priority: false, billing_type: 'client_bill', patient_address: { ...patientAddress, second_line: null } });
    const first = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send(body), 200);
    const stored = await ctx.server.db.one<{ body_hash: string }>(`SELECT body_hash FROM lab_order_idempotency_keys WHERE key = $1`, [key]);
    expect(stored?.body_hash).toBe(bodyHash(body));
    // As a server before 2026-11-28 stored it.
    await ctx.server.db.query(`UPDATE lab_order_idempotency_keys SET body_hash = $2 WHERE key = $1`, [key, earlierBodyHash(body)]);
    const again = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send(body), 200);
    expect(again.order.id).toBe(first.order.id);
    expect(again.message).toBe('Order already created with this idempotency key');
    expectValidation(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send({ ...body, passthrough: 'other' }), [{ loc: ['header', 'x-idempotency-key'] }]);
  });

  it('when the same idempotency key comes with another body, then 422 at the header and nothing is made', async () => {
    const user = await ctx.newUser();
    const key = `key-${user.user_id}`;
    expectStatus(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send(orderBody(user.user_id)), 200);
    expectValidation(await ctx.team().post('/v3/order').set('X-Idempotency-Key', key).send(orderBody(user.user_id, { passthrough: 'other' })), [{ loc: ['header', 'x-idempotency-key'] }]);
  });

  it("when two teams use the same idempotency key, then each gets its own order", async () => {
    const other = await ctx.otherTeam();
    const mine = await ctx.newUser();
    const theirs = await ctx.newUser({}, other.apiKey);
    const a = expectStatus<OrderResponse>(await ctx.team().post('/v3/order').set('X-Idempotency-Key', 'shared').send(orderBody(mine.user_id)), 200);
    const b = expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').set('X-Idempotency-Key', 'shared').send(orderBody(theirs.user_id)), 200);
    expect(a.order.id).not.toBe(b.order.id);
  });

  it('when the order id is not a UUID, then 422 on ["path", "order_id"]', async () => {
    expectValidation(await ctx.team().get('/v3/order/12345'), [{ loc: ['path', 'order_id'], type: 'format' }]);
  });
});

describe.each(apiEngines)('cancelOrder and simulateOrder (POST /v3/order/{order_id}/cancel, /test) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulator = () => new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() });
  const statuses = (order: Order) => order.events.map((e) => e.status);
  const eventsOf = async (orderId: string) => expectStatus<Order>(await ctx.team().get(`/v3/order/${orderId}`), 200).events;
  /** Sets the server's and a simulator's clock to `start + ms` and takes every step due then (other tests' walks too). */
  const clockedSteps = (start: number) => async (ms: number) => {
    const now = new Date(start + ms);
    ctx.server.setNow(now);
    await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger(), now: () => now }).runDue();
  };

  it('when an order is simulated with the defaults, then the simulator walks it along its success path to completed, one event per step', async () => {
    const order = await placeOrder(ctx);
    const started = expectStatus<OrderResponse>(await ctx.team().post(`/v3/order/${order.id}/test`), 200);
    expect(started.order.last_event.status).toBe('received.walk_in_test.ordered');
    expect(await simulator().runDue()).toBe(5);
    const done = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(statuses(done)).toEqual([
      'received.walk_in_test.ordered',
      'received.walk_in_test.requisition_created',
      'collecting_sample.walk_in_test.appointment_pending',
      'collecting_sample.walk_in_test.appointment_scheduled',
      'sample_with_lab.walk_in_test.partial_results',
      'completed.walk_in_test.completed',
    ]);
    expect(done.status).toBe('completed');
    expect(done.interpretation).toBe('normal');
    expect(done.details.data.appointment_id).toEqual(expect.any(String));
    expect(await simulator().runDue()).toBe(0);
  });

  it('when a testkit order is simulated to a failure, then it takes the shortest way there and the shipment gets tracking numbers', async () => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [TESTKIT] } });
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=failed.testkit.lost`).send({ interpretation: 'abnormal' }), 200);
    await simulator().runDue();
    const done = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(statuses(done).slice(-2)).toEqual(['collecting_sample.testkit.transit_lab', 'failed.testkit.lost']);
    expect(done.details.data.shipment).toMatchObject({ outbound_tracking_number: expect.stringMatching(/^9400\d{18}$/), inbound_tracking_number: expect.stringMatching(/^9400\d{18}$/) });
  });

  it('when a testkit order is simulated again four times within 0.8 s with delay=5, then it takes one step at once and the next only 5 s after it, not one per call', async () => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [TESTKIT] } });
    const start = Date.now();
    const at = clockedSteps(start);
    for (const ms of [0, 200, 400, 600, 800]) {
      await at(ms);
      if (ms < 800) expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=5`), 200);
      await at(ms);
      expect(await eventsOf(order.id), `events at +${ms} ms`).toHaveLength(2);
    }
    await at(4_999);
    expect(await eventsOf(order.id)).toHaveLength(2);
    await at(5_000);
    const events = await eventsOf(order.id);
    expect(events.slice(1).map((e) => e.status)).toEqual(['received.testkit.awaiting_registration', 'received.testkit.registered']);
    expect(events.slice(1).map((e) => Date.parse(e.created_at) - start)).toEqual([0, 5_000]);
    // Stops the walk, so that no later test's simulator finds its steps due.
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
  });

  it('when a call replaces a walk whose last step is older than the new delay, or no walk is in progress, then the next step is taken at once', async () => {
    const order = await placeOrder(ctx);
    const start = Date.now();
    const at = clockedSteps(start);
    await at(0);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=60&final_status=collecting_sample.walk_in_test.appointment_pending`), 200);
    await at(0);
    // 10 s later, delay=5: the last status change is 10 s old, so the next step is due at once.
    await at(10_000);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=5&final_status=collecting_sample.walk_in_test.appointment_pending`), 200);
    await at(10_000);
    // That walk reached its target: a new call is a new walk, whose first step is immediate whatever its delay.
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=3600`), 200);
    await at(10_000);
    const events = await eventsOf(order.id);
    expect(events.slice(1).map((e) => e.status)).toEqual([
      'received.walk_in_test.requisition_created',
      'collecting_sample.walk_in_test.appointment_pending',
      'collecting_sample.walk_in_test.appointment_scheduled',
    ]);
    expect(events.slice(1).map((e) => Date.parse(e.created_at) - start)).toEqual([0, 10_000, 10_000]);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
  });

  it('when final_status is of another method, the current one, or unreachable, then 422 at final_status', async () => {
    const order = await placeOrder(ctx);
    expectValidation(await ctx.team().post(`/v3/order/${order.id}/test?final_status=completed.testkit.completed`), [{ loc: ['query', 'final_status'] }]);
    expectValidation(await ctx.team().post(`/v3/order/${order.id}/test?final_status=received.walk_in_test.ordered`), [{ loc: ['query', 'final_status'] }]);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    expectValidation(await ctx.team().post(`/v3/order/${order.id}/test`), [{ loc: ['query', 'final_status'], msg: /cannot be reached/ }]);
  });

  it('when an ordered order is cancelled, then it is cancelled with one more event and its requisition URL goes', async () => {
    const order = await placeOrder(ctx);
    const answer = expectStatus<OrderResponse>(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    expect(statuses(answer.order)).toEqual(['received.walk_in_test.ordered', 'cancelled.walk_in_test.cancelled']);
    expect(answer.order.last_event.status_detail).toBeNull();
    expect(answer.order.notes).toBe('Cancelled by the team.');
    expect(answer.order.requisition_form_url).toBeNull();
    expectDetail(await ctx.team().post(`/v3/order/${order.id}/cancel`), 400, 'The order is already cancelled (cancelled.walk_in_test.cancelled).');
  });

  it('when the sample is with the lab, then cancelling is a 400 naming the status and the statuses the method can be cancelled in', async () => {
    const order = await placeOrder(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=sample_with_lab.walk_in_test.partial_results`), 200);
    await simulator().runDue();
    expectDetail(
      await ctx.team().post(`/v3/order/${order.id}/cancel`),
      400,
      'A walk_in_test order can be cancelled only while it is ordered, requisition_created, requisition_bypassed, appointment_pending, appointment_scheduled, appointment_cancelled or redraw_available; this one is sample_with_lab.walk_in_test.partial_results.',
    );
  });

  it('when a testkit is on its way to the patient, then cancelling is a 400 naming its status and the statuses a testkit order can be cancelled in, not a sample', async () => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [TESTKIT] } });
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=collecting_sample.testkit.transit_customer`), 200);
    await simulator().runDue();
    expectDetail(
      await ctx.team().post(`/v3/order/${order.id}/cancel`),
      400,
      'A testkit order can be cancelled only while it is ordered, awaiting_registration, registered, requisition_created or requisition_bypassed; this one is collecting_sample.testkit.transit_customer.',
    );
  });

  it('when an order is cancelled during a simulation, then the simulation stops', async () => {
    const order = await placeOrder(ctx);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?delay=3600`), 200);
    expect(await simulator().runDue()).toBe(1);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
    expect(statuses(read)).toEqual(['received.walk_in_test.ordered', 'received.walk_in_test.requisition_created', 'cancelled.walk_in_test.cancelled']);
  });

  it("when another team's order is cancelled or simulated, then 404", async () => {
    const other = await ctx.otherTeam();
    const theirs = await placeOrder(ctx, {}, other.apiKey);
    expectDetail(await ctx.team().post(`/v3/order/${theirs.id}/cancel`), 404, `Order ${theirs.id} not found.`);
    expectDetail(await ctx.team().post(`/v3/order/${theirs.id}/test`), 404, `Order ${theirs.id} not found.`);
  });
});

describe.each(apiEngines)('listOrders (GET /v3/orders) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = async (query: string, key?: string) => expectStatus<TeamSchemas['OrderPage']>(await ctx.team(key).get(`/v3/orders?${query}`), 200);

  it('when a team lists its orders with filters, sorts and pages, then each answer holds exactly the matching orders in order', async () => {
    const other = await ctx.otherTeam();
    const user = await ctx.newUser({}, other.apiKey);
    const place = async (first_name: string, overrides: Record<string, unknown> = {}) =>
      expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(user.user_id, { patient_details: { ...patientDetails, first_name }, ...overrides })), 200).order;
    const ana = await place('Ana');
    const bea = await place('Bea', { order_set: { lab_test_ids: [TESTKIT] } });
    const cleo = await place('Cleo');
    expectStatus(await ctx.team(other.apiKey).post(`/v3/order/${cleo.id}/cancel`), 200);

    const all = await list('', other.apiKey);
    expect(all).toMatchObject({ total: 3, page: 1, size: 50 });
    // Newest first by default.
    expect(all.orders.map((o) => o.id)).toEqual([cleo.id, bea.id, ana.id]);
    expect((await list('order_key=patient_name&order_direction=asc', other.apiKey)).orders.map((o) => o.id)).toEqual([ana.id, bea.id, cleo.id]);
    expect((await list('status=cancelled', other.apiKey)).orders.map((o) => o.id)).toEqual([cleo.id]);
    expect((await list('order_type=testkit', other.apiKey)).orders.map((o) => o.id)).toEqual([bea.id]);
    expect((await list('status=ordered&order_type=walk_in_test', other.apiKey)).orders.map((o) => o.id)).toEqual([ana.id]);
    expect((await list('patient_name=BEA', other.apiKey)).orders.map((o) => o.id)).toEqual([bea.id]);
    expect((await list(`search_input=${ana.sample_id}`, other.apiKey)).orders.map((o) => o.id)).toEqual([ana.id]);
    expect((await list(`search_input=${bea.id}`, other.apiKey)).orders.map((o) => o.id)).toEqual([bea.id]);
    expect((await list(`order_ids=${ana.id}&order_ids=${cleo.id}`, other.apiKey)).orders.map((o) => o.id).sort()).toEqual([ana.id, cleo.id].sort());
    const second = await list('size=2&page=2', other.apiKey);
    expect(second).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.orders.map((o) => o.id)).toEqual([ana.id]);
    expect((await list('start_date=2999-01-01T00:00:00Z', other.apiKey)).total).toBe(0);
    expect((await list(`updated_start_date=${cleo.created_at}`, other.apiKey)).orders.map((o) => o.id)).toContain(cleo.id);
  });

  it('when orders are sorted by last_status, then by the top-level status, then the low-level status whatever the method, then id, in the direction asked, and pages read again slice the same list', async () => {
    const other = await ctx.otherTeam();
    const user = await ctx.newUser({}, other.apiKey);
    const team = ctx.team(other.apiKey);
    const place = async (labTest: string) => expectStatus<OrderResponse>(await team.post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [labTest] } })), 200).order;
    const [kitCancelled, kitNotProcessed, walkInCancelled] = [await place(TESTKIT), await place(TESTKIT), await place(WALK_IN)];
    await place(TESTKIT);
    await place(WALK_IN);
    expectStatus(await team.post(`/v3/order/${kitCancelled.id}/cancel`), 200);
    expectStatus(await team.post(`/v3/order/${walkInCancelled.id}/cancel`), 200);
    expectStatus(await team.post(`/v3/order/${kitNotProcessed.id}/test?final_status=cancelled.testkit.do_not_process`), 200);
    await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() }).runDue();

    const sortKey = (o: Order) => [o.status!, o.last_event.status.split('.')[2]!, o.id];
    const compare = (a: string[], b: string[]) => a.map((part, i) => (part < b[i]! ? -1 : part > b[i]! ? 1 : 0)).find((c) => c !== 0) ?? 0;
    for (const direction of ['asc', 'desc'] as const) {
      const whole = (await list(`order_key=last_status&order_direction=${direction}`, other.apiKey)).orders;
      expect(whole.map((o) => o.last_event.status.split('.')[2])).toEqual(
        direction === 'asc' ? ['cancelled', 'cancelled', 'do_not_process', 'ordered', 'ordered'] : ['ordered', 'ordered', 'do_not_process', 'cancelled', 'cancelled'],
      );
      const expected = [...whole].sort((a, b) => compare(sortKey(a), sortKey(b)) * (direction === 'asc' ? 1 : -1));
      expect(whole.map((o) => o.id)).toEqual(expected.map((o) => o.id));
      // Each page read three times (by OFFSET, then from the list of ids, then a slice of it): the same orders.
      for (let i = 0; i < 3; i += 1) {
        const pages = [];
        for (const page of [1, 2, 3]) pages.push(...(await list(`order_key=last_status&order_direction=${direction}&size=2&page=${page}`, other.apiKey)).orders);
        expect(pages.map((o) => o.id)).toEqual(whole.map((o) => o.id));
      }
    }
  });

  it("when a team lists orders, then another team's orders never appear, even by id", async () => {
    const other = await ctx.otherTeam();
    const user = await ctx.newUser({}, other.apiKey);
    const theirs = expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(user.user_id)), 200).order;
    expect(await list(`order_ids=${theirs.id}`)).toMatchObject({ orders: [], total: 0 });
    expect(await list(`user_id=${user.user_id}`)).toMatchObject({ orders: [], total: 0 });
  });

  it('when orders change between reads of the same pages, then every read has the current total and every order as it is now', async () => {
    const other = await ctx.otherTeam();
    const [ana, bea] = [await ctx.newUser({}, other.apiKey), await ctx.newUser({}, other.apiKey)];
    const place = async (userId: string) => expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(userId)), 200).order;
    // The first read of a filter at a generation pages by OFFSET, the second reads the filter's
    // whole list of ids, the third slices it: each must answer the same.
    const expectList = async (query: string, expected: object) => {
      for (let i = 0; i < 3; i += 1) expect(await list(query, other.apiKey)).toMatchObject(expected);
    };
    const first = await place(ana.user_id);
    const second = await place(bea.user_id);
    const walkIns = (page: number) => `order_type=walk_in_test&size=1&page=${page}`;
    await expectList(walkIns(1), { total: 2, orders: [{ id: second.id, status: 'received' }] });
    await expectList(walkIns(2), { total: 2, orders: [{ id: first.id, status: 'received' }] });
    await expectList(walkIns(3), { total: 2, orders: [] });
    await expectList('status=cancelled', { total: 0, orders: [] });
    // A status change: the kept orders, lists and totals are stale now.
    expectStatus(await ctx.team(other.apiKey).post(`/v3/order/${first.id}/cancel`), 200);
    // Page 1 first: page 2 then comes from the filter's list, its kept order checked by version.
    await expectList(walkIns(1), { total: 2, orders: [{ id: second.id, status: 'received' }] });
    await expectList(walkIns(2), { total: 2, orders: [{ id: first.id, status: 'cancelled', last_event: { status: 'cancelled.walk_in_test.cancelled' } }] });
    await expectList('status=cancelled', { total: 1, orders: [{ id: first.id }] });
    // A new order.
    const third = await place(ana.user_id);
    await expectList(walkIns(1), { total: 3, orders: [{ id: third.id }] });
    await expectList(walkIns(3), { total: 3, orders: [{ id: first.id, status: 'cancelled' }] });
    // Orders gone with their user (deleted by cascade).
    expectStatus(await ctx.team(other.apiKey).delete(`/v2/user/${ana.user_id}`), 200);
    await expectList(walkIns(1), { total: 1, orders: [{ id: second.id }] });
    await expectList(walkIns(2), { total: 1, orders: [] });
    await expectList('status=cancelled', { total: 0, orders: [] });
  });

  it('when a page is read again unchanged, then the same bytes come back', async () => {
    const user = await ctx.newUser();
    await ctx.team().post('/v3/order').send(orderBody(user.user_id));
    const a = await ctx.team().get(`/v3/orders?user_id=${user.user_id}`);
    const b = await ctx.team().get(`/v3/orders?user_id=${user.user_id}`);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(JSON.parse(a.text)).toMatchObject({ total: 1, page: 1, size: 50 });
  });

  it('when a filter value is not one of the documented ones, then 422 naming it', async () => {
    expectValidation(await ctx.team().get('/v3/orders?status=misplaced'), [{ loc: ['query', 'status', 0] }]);
    expectValidation(await ctx.team().get('/v3/orders?size=0'), [{ loc: ['query', 'size'] }]);
  });

  it('when a date filter is a valid RFC 3339 date-time no stored timestamp holds (year 0000, an offset beyond ±15:59), then 422 at it, not a server error', async () => {
    expectValidation(await ctx.team().get('/v3/orders?start_date=0000-01-01T00:00:00Z'), [{ loc: ['query', 'start_date'] }]);
    expectValidation(await ctx.team().get(`/v3/orders?end_date=${encodeURIComponent('2026-01-01T00:00:00+16:00')}`), [{ loc: ['query', 'end_date'] }]);
    expectValidation(await ctx.team().get(`/v3/orders?updated_start_date=${encodeURIComponent('2026-01-01T00:00:00-23:59')}`), [{ loc: ['query', 'updated_start_date'] }]);
    expectStatus(await ctx.team().get(`/v3/orders?start_date=${encodeURIComponent('0001-01-01T15:59:00+15:59')}&updated_end_date=9999-12-31T23:59:59Z`), 200);
  });

  it('when orders are held until a day ahead, today or not at all, then order_activation_types=scheduled lists those whose day has not come (UTC), current the others, and both or none every order', async () => {
    const other = await ctx.otherTeam();
    const user = await ctx.newUser({}, other.apiKey);
    // One second apart on 2040-06-15: the newest first.
    const place = async (second: number, activate_by: string | null) => {
      ctx.server.setNow(new Date(Date.UTC(2040, 5, 15, 12, 0, second)));
      return expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(user.user_id, { activate_by })), 200).order;
    };
    const none = await place(0, null);
    const today = await place(1, '2040-06-15');
    const tomorrow = await place(2, '2040-06-16');
    const ids = async (query: string) => {
      // Read three times: by OFFSET, then the filter's whole list of ids, then a slice of it.
      const reads = [await list(query, other.apiKey), await list(query, other.apiKey), await list(query, other.apiKey)];
      for (const read of reads) expect(read.total).toBe(read.orders.length);
      expect(new Set(reads.map((read) => JSON.stringify(read.orders.map((o) => o.id)))).size).toBe(1);
      return reads[0]!.orders.map((o) => o.id);
    };
    expect(await ids('order_activation_types=scheduled')).toEqual([tomorrow.id]);
    expect(await ids('order_activation_types=current')).toEqual([today.id, none.id]);
    expect(await ids('order_activation_types=current&order_activation_types=scheduled')).toEqual([tomorrow.id, today.id, none.id]);
    expect(await ids('')).toEqual([tomorrow.id, today.id, none.id]);
    ctx.server.setNow(new Date('2040-06-15T23:59:59.999Z'));
    expect(await ids('order_activation_types=scheduled')).toEqual([tomorrow.id]);
    // Midnight UTC: the order is current, though nothing about it changed.
    ctx.server.setNow(new Date('2040-06-16T00:00:00Z'));
    expect(await ids('order_activation_types=scheduled')).toEqual([]);
    expect(await ids('order_activation_types=current&status=ordered')).toEqual([tomorrow.id, today.id, none.id]);
    expect(tomorrow.activate_by).toBe('2040-06-16');
  });

  it('when an activation type is not current or scheduled, then 422 naming it', async () => {
    expectValidation(await ctx.team().get('/v3/orders?order_activation_types=current&order_activation_types=later'), [{ loc: ['query', 'order_activation_types', 1] }]);
  });

  it("when an order names a shipping recipient, then shipping_recipient_name finds it by part of that name in any case; an order without one, by the patient's name", async () => {
    const other = await ctx.otherTeam();
    const [ana, bea] = [await ctx.newUser({}, other.apiKey), await ctx.newUser({}, other.apiKey)];
    const place = async (userId: string, first_name: string, receiver_name?: string) =>
      expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(userId, {
        patient_details: { ...patientDetails, first_name },
        patient_address: { ...patientAddress, ...(receiver_name !== undefined && { receiver_name }) },
        order_set: { lab_test_ids: [TESTKIT] },
      })), 200).order;
    const carmen = await place(ana.user_id, 'Ana', 'Carmen Ruiz-Émile');
    const self = await place(bea.user_id, 'Bea');
    expect([carmen.shipping_details?.receiver_name, self.shipping_details?.receiver_name]).toEqual(['Carmen Ruiz-Émile', 'Bea Lopez']);
    const ids = async (query: string) => (await list(query, other.apiKey)).orders.map((o) => o.id);
    expect(await ids('shipping_recipient_name=RUIZ')).toEqual([carmen.id]);
    expect(await ids(`shipping_recipient_name=${encodeURIComponent('émile')}`)).toEqual([carmen.id]);
    expect(await ids('shipping_recipient_name=bea%20lopez')).toEqual([self.id]);
    // Ana Lopez is the patient, not the recipient, of the first order.
    expect(await ids('shipping_recipient_name=ana')).toEqual([]);
    expect(await ids('shipping_recipient_name=lopez')).toEqual([self.id]);
    expect(await ids('patient_name=lopez')).toEqual([self.id, carmen.id]);
    expect(await ids('shipping_recipient_name=lopez&patient_name=ana')).toEqual([]);
  });

  it("when search_input is a user id or part of a shipping recipient's name, then it finds that user's orders or that recipient's", async () => {
    const other = await ctx.otherTeam();
    const [ana, bea] = [await ctx.newUser({}, other.apiKey), await ctx.newUser({}, other.apiKey)];
    const place = async (userId: string, overrides: Record<string, unknown> = {}) => expectStatus<OrderResponse>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(userId, overrides)), 200).order;
    const first = await place(ana.user_id, { patient_address: { ...patientAddress, receiver_name: 'Carmen Ruiz' } });
    const second = await place(bea.user_id);
    const third = await place(bea.user_id);
    const ids = async (search: string) => (await list(`search_input=${encodeURIComponent(search)}`, other.apiKey)).orders.map((o) => o.id);
    expect(await ids(bea.user_id.toUpperCase())).toEqual([third.id, second.id]);
    expect(await ids('carmen')).toEqual([first.id]);
    expect(await ids('MARIA')).toEqual([third.id, second.id, first.id]);
    // Another team's user id finds nothing.
    expect((await list(`search_input=${bea.user_id}`)).total).toBe(0);
  });

  it('when search_input is a sample id in any letter case, then it finds the order', async () => {
    const order = await placeOrder(ctx);
    for (const search of [order.sample_id, order.sample_id.toLowerCase()]) {
      const page = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?search_input=${search}`), 200);
      expect(page.orders.map((o) => o.id)).toEqual([order.id]);
    }
  });
});
