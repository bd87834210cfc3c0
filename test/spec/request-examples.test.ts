/**
 * Every request example of both bundled documents is one the server accepts. For every
 * operation, each named example of its request body, and its parameter examples, are sent
 * to the in-process server, with the state the request needs made first through the API
 * (a fresh team with its own key and link migration on, users, a demo connection, a link
 * token, a sign-in token, an API key, a webhook endpoint). Values that name state the
 * server makes (user ids, team ids, key ids, endpoint ids, tokens) are the ones of that
 * state; every other value is the example's own, unchanged. Each must get a documented 2xx.
 *
 * And request examples cannot go stale: every date-time in them is years ahead.
 */
import { describe, expect, it } from 'vitest';
import { generateDay } from '../../server/domain/synthetic/day.js';
import { reportPdf, uploadForm } from '../../scripts/conformance/lab-reports.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { firstSuitable } from '../helpers/suitable.js';
import { API_NAMES, readBundle, type ApiName } from '../../scripts/conformance/openapi.js';
import { eveningZone } from '../../scripts/conformance/operations/data-reads.js';
import { insuranceBody, userInfoBody } from '../../scripts/conformance/values.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { afterAll, beforeAll } from 'vitest';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
  schema?: Json;
}

interface RequestCase {
  api: ApiName;
  operationId: string;
  method: (typeof METHODS)[number];
  path: string;
  /** `body example <name>` or `parameter examples`. */
  what: string;
  parameters: Parameter[];
  /** Parameter values: the examples (all of them in the `parameter examples` case, else the required ones). */
  values: Record<string, unknown>;
  body: unknown;
  successes: number[];
}

function resolver(bundle: Json) {
  return <T>(node: unknown): T => {
    let resolved = node;
    while (isObject(resolved) && typeof resolved.$ref === 'string') {
      resolved = resolved.$ref
        .split('/')
        .slice(1)
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((at, segment) => (isObject(at) ? at[segment] : undefined), bundle);
    }
    return resolved as T;
  };
}

const exampleOf = (parameter: Parameter, resolve: <T>(node: unknown) => T): unknown => {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0];
  if (named) return resolve<{ value?: unknown }>(named).value;
  return undefined;
};

/** The examples of a schema, for a required parameter that has none of its own (`{provider}`). */
const schemaExample = (schema: Json | undefined, resolve: <T>(node: unknown) => T): unknown => {
  const resolved = resolve<Json | undefined>(schema);
  if (!resolved) return undefined;
  if (resolved.example !== undefined) return resolved.example;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  for (const branch of [...((resolved.anyOf as unknown[]) ?? []), ...((resolved.oneOf as unknown[]) ?? [])]) {
    const found = schemaExample(branch as Json, resolve);
    if (found !== undefined) return found;
  }
  return undefined;
};

function requestCases(api: ApiName): RequestCase[] {
  const bundle = readBundle(api);
  const resolve = resolver(bundle);
  const cases: RequestCase[] = [];
  for (const [path, item] of Object.entries(bundle.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((entry) => resolve<Parameter>(entry));
      const successes = Object.keys(operation.responses as Json)
        .filter((status) => status.startsWith('2'))
        .map(Number);
      const required: Record<string, unknown> = {};
      const all: Record<string, unknown> = {};
      for (const parameter of parameters) {
        const example = exampleOf(parameter, resolve);
        if (example !== undefined) all[parameter.name] = example;
        if (parameter.required) required[parameter.name] = example ?? schemaExample(parameter.schema, resolve);
        if (parameter.required && all[parameter.name] === undefined) all[parameter.name] = required[parameter.name];
      }
      const media = resolve<Json | undefined>(operation.requestBody)?.content as Json | undefined;
      const bodyExamples = Object.entries((isObject(media?.['application/json']) ? (media['application/json'].examples as Json) : undefined) ?? {});
      const operationId = operation.operationId as string;
      const base = { api, operationId, method, path, parameters, successes };
      for (const [name, example] of bodyExamples) {
        cases.push({ ...base, what: `body example ${name}`, values: required, body: resolve<{ value?: unknown }>(example).value });
      }
      const hasParameterExamples = parameters.some((parameter) => exampleOf(parameter, resolve) !== undefined);
      if (hasParameterExamples) {
        const body = bodyExamples[0] ? resolve<{ value?: unknown }>(bodyExamples[0][1]).value : undefined;
        cases.push({ ...base, what: 'parameter examples', values: all, body });
      }
    }
  }
  return cases;
}

const CASES = API_NAMES.flatMap(requestCases);

/** Every string of a value, with where it is. */
function strings(value: unknown, where: string, found: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') found.push([where, value]);
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, `${where}/${index}`, found));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) strings(item, `${where}/${key}`, found);
  return found;
}

describe('request examples', () => {
  it('when the documents are read, then there are request examples of both APIs to send', () => {
    expect(CASES.filter((c) => c.api === 'team').length).toBeGreaterThan(10);
    expect(CASES.filter((c) => c.api === 'management').length).toBeGreaterThan(5);
  });

  it('when any date-time in a request example is read, then it is at least 10 years ahead (the example cannot go stale)', () => {
    const tenYears = Date.now() + 10 * 365 * 24 * 3600 * 1000;
    const stale: string[] = [];
    for (const c of CASES) {
      for (const [where, text] of strings({ ...c.values, body: c.body }, `${c.api} ${c.operationId} ${c.what}`)) {
        if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(text) && !(Date.parse(text) > tenYears)) stale.push(`${where}: ${text}`);
      }
    }
    expect(stale).toEqual([]);
  });
});

/** The state one request needs, made through the API. */
class World {
  private readonly users = new Map<string, string>();
  private constructor(
    readonly server: TestServer,
    readonly teamId: string,
    readonly apiKey: string,
  ) {}

  /** A fresh team of the sandbox org, with its own key and link migration on. */
  static async create(server: TestServer): Promise<World> {
    const team = await World.management(server, 'POST', `/v1/org/${server.orgId}/team`, { name: `Examples ${Math.random().toString(16).slice(2, 10)}` });
    const teamId = (team as { id: string }).id;
    await World.management(server, 'PATCH', `/v1/org/${server.orgId}/team/${teamId}`, { link_migration_enabled: true });
    const key = (await World.management(server, 'POST', `/v1/org/${server.orgId}/team/${teamId}/api_key`, { label: 'examples' })) as { key: string };
    return new World(server, teamId, key.key);
  }

  static async management(server: TestServer, method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${server.managementUrl}${path}`, {
      method,
      headers: { 'X-Management-Key': server.managementKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  }

  async team(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.server.teamUrl}${path}`, {
      method,
      headers: { 'x-vital-api-key': this.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  }

  /** A lab report parsing job of the team for `userId` (a multipart upload of a one-page text report). */
  async parsingJob(userId: string): Promise<string> {
    const response = await fetch(`${this.server.teamUrl}/lab_report/v1/parser/job`, {
      method: 'POST',
      headers: { 'x-vital-api-key': this.apiKey },
      body: uploadForm({ user_id: userId, file: await reportPdf() }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST /lab_report/v1/parser/job: ${response.status} ${text}`);
    return (JSON.parse(text) as { id: string }).id;
  }

  /**
   * A booking key of a free slot around San Francisco's 94110 (at-home or at a Quest center) starting
   * at least `daysAhead` days from now: the server's own, as an example's key would not verify.
   */
  async bookingKey(kind: 'phlebotomy' | 'psc', daysAhead: number): Promise<string> {
    const answer = (kind === 'psc'
      ? await this.team('POST', '/v3/order/psc/appointment/availability?lab=quest&zip_code=94110')
      : await this.team('POST', '/v3/order/phlebotomy/appointment/availability', { first_line: '2417 Mission St.', city: 'San Francisco', state: 'CA', zip_code: '94110' })) as { slots: { slots: { start: string; booking_key: string }[] }[] };
    const slots = answer.slots.flatMap((day) => day.slots);
    const after = Date.now() + daysAhead * 86_400_000;
    return (slots.find((slot) => Date.parse(slot.start) >= after) ?? slots[0]!).booking_key;
  }

  /**
   * The id of one of today's workouts (or sleeps) of a new user whose local day is nearly over. The
   * synthetic data is random per user id, and not every day has a workout (about 22 users in 100
   * have no Strava workout ended by then): users are made until one has one, then connected. The
   * record ended before the check, so the connection, made after it, has it.
   */
  async readableRecord(kind: 'workouts' | 'sleep', provider: string): Promise<string> {
    const { timeZone, today } = eveningZone();
    const hasOne = (userId: string) => generateDay({ userId, provider, date: today, timeZone, resources: [kind] }, new Date())[kind].length > 0;
    const create = async () => (await this.team('POST', '/v2/user', { client_user_id: `examples-${Math.random().toString(16).slice(2, 10)}`, fallback_time_zone: timeZone })) as { user_id: string };
    const user = await firstSuitable(create, (candidate) => hasOne(candidate.user_id), `a ${kind} today at ${provider}`);
    await this.team('POST', '/v2/link/connect/demo', { user_id: user.user_id, provider });
    // The connection's day is readable from its first sync, which announces it: refresh syncs now.
    await this.team('POST', `/v2/user/refresh/${user.user_id}`, {});
    const read = (await this.team('GET', `/v2/summary/${kind}/${user.user_id}?start_date=${today}&end_date=${today}`)) as Record<string, { id: string }[]>;
    const first = read[kind]?.[0];
    if (!first) throw new Error(`The ${kind} of ${user.user_id} today at ${provider} is not readable`);
    return first.id;
  }

  /** The real user standing for an example's user id (one per distinct example id). */
  async user(exampleId: string, clientUserId?: string): Promise<string> {
    let id = this.users.get(exampleId);
    if (!id) {
      const user = (await this.team('POST', '/v2/user', { client_user_id: clientUserId ?? `examples-${Math.random().toString(16).slice(2, 10)}` })) as { user_id: string };
      id = user.user_id;
      this.users.set(exampleId, id);
    }
    return id;
  }
}

/** The patient and address of the orders the examples' state places. */
const ORDER_PATIENT = {
  patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' },
  patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
};

/** Replaces, deep in a body, the values under these keys. */
async function replaceDeep(value: unknown, replace: (key: string, value: unknown) => Promise<unknown>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => replaceDeep(item, replace)));
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, item] of Object.entries(value)) result[key] = await replace(key, await replaceDeep(item, replace));
  return result;
}

/** An in-process server for the tests of one describe block (started before them, closed after). */
function useServer(): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(engines[0]!);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, SETUP_TIMEOUT_MS);
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
  };
}

describe.each(API_NAMES)('request examples of the %s API on the server', (api) => {
  const started = useServer();

  it.each(CASES.filter((c) => c.api === api).map((c) => [`${c.operationId} (${c.what})`, c] as const))(
    'when %s is sent with the state it needs, then the server answers a documented 2xx',
    async (_name, c) => {
      const { server } = started;
      const world = await World.create(server);
      const values: Record<string, unknown> = { ...c.values };
      // The state the examples' identifiers name.
      if (values.org_id !== undefined) values.org_id = server.orgId;
      if (values.team_id !== undefined) values.team_id = world.teamId;
      if (typeof values.client_user_id === 'string') await world.user(`client:${values.client_user_id}`, values.client_user_id);
      if (typeof values.user_id === 'string') values.user_id = await world.user(values.user_id);
      const userId = typeof values.user_id === 'string' ? values.user_id : await world.user('any');
      if (c.operationId === 'deregisterProvider' || c.operationId === 'simulateConnectionError') await world.team('POST', '/v2/link/connect/demo', { user_id: userId, provider: values.provider });
      if (c.operationId === 'listTeamEvents') {
        // `after` names an event of the team (a connection emits one); with it, a next_cursor is a 422, so it is left out.
        await world.team('POST', '/v2/link/connect/demo', { user_id: userId, provider: 'oura' });
        const events = (await World.management(server, 'GET', `/v1/org/${server.orgId}/team/${world.teamId}/event?limit=1`)) as { data: { id: string }[] };
        values.after = events.data[0]!.id;
        delete values.next_cursor;
      }
      // The latest info and insurance reads answer what was stored (of the kind the example asks).
      if (c.operationId === 'getLatestUserInfo') await world.team('PATCH', `/v2/user/${userId}/info`, userInfoBody());
      if (c.operationId === 'getLatestInsurance') await world.team('POST', `/v2/user/${userId}/insurance`, { ...insuranceBody(), is_primary: values.is_primary ?? true });
      // The profile reads name a provider the user is connected to; the stream reads a workout or sleep the team can read.
      if (c.path.startsWith('/v2/summary/profile/')) await world.team('POST', '/v2/link/connect/demo', { user_id: userId, provider: values.provider });
      if (values.workout_id !== undefined) values.workout_id = await world.readableRecord('workouts', 'strava');
      if (values.sleep_id !== undefined) values.sleep_id = await world.readableRecord('sleep', 'fitbit');
      // Restoring needs a user deleted within the grace period: the user both example ids name, deleted now.
      if (c.operationId === 'cancelUserDeletion') {
        const deleted = await world.user(typeof values.client_user_id === 'string' ? `client:${values.client_user_id}` : 'deleted', typeof values.client_user_id === 'string' ? values.client_user_id : undefined);
        if (values.user_id !== undefined) values.user_id = deleted;
        await world.team('DELETE', `/v2/user/${deleted}`);
      }
      // A device id is one of the user's devices, which a connection brings (the example's provider, Oura).
      if (values.device_id !== undefined) {
        await world.team('POST', '/v2/link/connect/demo', { user_id: userId, provider: 'oura' });
        values.device_id = ((await world.team('GET', `/v2/user/${userId}/device`)) as { id: string }[])[0]!.id;
      }
      if (values.key_id !== undefined) {
        const key = (await World.management(server, 'POST', `/v1/org/${server.orgId}/team/${world.teamId}/api_key`, { label: 'to revoke' })) as { id: string };
        values.key_id = key.id;
      }
      if (values.endpoint_id !== undefined) {
        const endpoint = (await World.management(server, 'POST', `/v1/org/${server.orgId}/team/${world.teamId}/webhook_endpoint`, { url: 'https://hooks.example.com/examples' })) as { id: string };
        values.endpoint_id = endpoint.id;
      }
      if (values.order_id !== undefined) {
        // An order of the team on its standard walk-in lab test (the examples' final_status is walk-in's).
        const placed = (await world.team('POST', '/v3/order', {
          user_id: userId,
          ...ORDER_PATIENT,
          // A draw is recorded for an on-site collection order; the at-home appointment operations need an at-home order (their standard lab tests).
          order_set: { lab_test_ids: [c.operationId === 'updateOrderDrawCompleted' ? '2d3fac50-5e79-4f21-9d70-5b9caf4e3023' : c.path.includes('/phlebotomy/') || c.operationId === 'getOrderLabelsPdf' ? '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12' : c.operationId === 'getOrderCollectionInstructionPdf' ? '3e40bd61-6f8a-4032-ae81-6cadb05f4134' : '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'] },
          // Labels are an at-home order's, collection instructions a testkit's, an ABN an order billed to a Medicare patient's insurance (stored just below).
          ...(c.operationId === 'getOrderAbnPdf' && { billing_type: 'commercial_insurance' }),
        })) as { order: { id: string; requisition_form_url: string } };
        if (c.operationId === 'getOrderAbnPdf') {
          await world.team('POST', `/v2/user/${userId}/insurance`, { ...insuranceBody(), payor_code: 'MEDICARE', is_primary: true });
        }
        values.order_id = placed.order.id;
        // Reading, moving or cancelling an appointment needs one: booked at a slot two days ahead (it can be rescheduled).
        const appointment = /^(get|reschedule|cancel)(Phlebotomy|Psc)Appointment$/.exec(c.operationId);
        if (appointment) {
          const kind = appointment[2] === 'Psc' ? 'psc' : 'phlebotomy';
          await world.team('POST', `/v3/order/${placed.order.id}/${kind}/appointment/book`, { booking_key: await world.bookingKey(kind, 2) });
        }
        if (c.operationId === 'getSignedOrderRequisitionPdf') {
          // The signed URL's expiry and signature are the order's own (an example's would not verify).
          const signed = new URL(placed.order.requisition_form_url).searchParams;
          values.expires = Number(signed.get('expires'));
          values.signature = signed.get('signature');
        }
      }
      // An unmatched result of the team (made by the sandbox operation) resembling a new open order, which accepting it completes.
      let unmatchedOrderId: string | undefined;
      if (values.raw_result_id !== undefined) {
        const placed = (await world.team('POST', '/v3/order', {
          user_id: userId,
          ...ORDER_PATIENT,
          order_set: { lab_test_ids: ['0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'] },
        })) as { order: { id: string } };
        unmatchedOrderId = placed.order.id;
        values.raw_result_id = ((await world.team('POST', '/v3/sandbox/unmatched_result', { user_id: userId, order_id: unmatchedOrderId })) as { id: string }).id;
      }
      if (values.order_id !== undefined && c.operationId.startsWith('getOrderResult')) {
        // Results exist once the order is completed: simulate it there, taking the steps here.
        await world.team('POST', `/v3/order/${String(values.order_id)}/test`, {});
        await new LabOrderSimulator({ db: server.db, logger: silentLogger() }).runDue();
      }
      // A walk-in order to redraw: its sample failed, and it waits at redraw_available.
      if (values.order_id !== undefined && c.operationId === 'redrawOrder') {
        await world.team('POST', `/v3/order/${String(values.order_id)}/test?final_status=collecting_sample.walk_in_test.redraw_available`, {});
        await new LabOrderSimulator({ db: server.db, logger: silentLogger() }).runDue();
      }
      // An order transaction of the team: a new walk-in order's, completed for its results.
      if (values.transaction_id !== undefined) {
        const placed = (await world.team('POST', '/v3/order', {
          user_id: userId,
          ...ORDER_PATIENT,
          order_set: { lab_test_ids: ['0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'] },
        })) as { order: { id: string; order_transaction: { id: string } } };
        values.transaction_id = placed.order.order_transaction.id;
        if (c.operationId.startsWith('getOrderTransactionResult')) {
          await world.team('POST', `/v3/order/${placed.order.id}/test`, {});
          await new LabOrderSimulator({ db: server.db, logger: silentLogger() }).runDue();
        }
      }
      // A parsing job of the team, uploaded for the user.
      if (values.job_id !== undefined && c.path.startsWith('/lab_report/')) values.job_id = await world.parsingJob(userId);
      if (values['x-vital-link-token'] !== undefined) {
        const token = (await world.team('POST', '/v2/link/token', { user_id: userId, provider: values.oauth_provider })) as { link_token: string };
        values['x-vital-link-token'] = token.link_token;
      }
      // A lab test to change is one the team made (the standard ones cannot be changed).
      if (c.operationId === 'updateLabTest') {
        values.lab_test_id = ((await world.team('POST', '/v3/lab_tests', { name: 'Examples folate', description: '', method: 'walk_in_test', marker_ids: [1064] })) as { id: string }).id;
      }
      // A lab account id names one of the team's accounts (derived from its id): its full Labcorp account.
      const labAccount = async () => ((await world.team('GET', '/v3/lab_test/lab_account')) as { data: { id: string }[] }).data[0]!.id;
      if (typeof values.lab_account_id === 'string') values.lab_account_id = await labAccount();
      const body = await replaceDeep(c.body, async (key, value) => {
        if (key === 'user_id' && typeof value === 'string') return world.user(value);
        if (key === 'lab_account_id' && typeof value === 'string') return labAccount();
        if (key === 'order_id' && typeof value === 'string' && unmatchedOrderId !== undefined) return unmatchedOrderId;
        if (key === 'user_ids' && Array.isArray(value)) return Promise.all(value.map((id) => world.user(String(id))));
        // Orders to announce again: one new order of the team per example id.
        if (key === 'order_ids' && Array.isArray(value)) {
          return Promise.all(value.map(async () => ((await world.team('POST', '/v3/order', {
            user_id: userId,
            ...ORDER_PATIENT,
            order_set: { lab_test_ids: ['0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'] },
          })) as { order: { id: string } }).order.id));
        }
        if (key === 'sample_id' && c.operationId === 'registerTestkit') {
          // The sample id printed on a kit of the team awaiting registration.
          const kit = (await world.team('POST', '/v3/order/testkit', { user_id: userId, lab_test_id: '3e40bd61-6f8a-4032-ae81-6cadb05f4134', shipping_details: { receiver_name: 'Jordan Kim', first_line: '88 Harbor Way', city: 'Oakland', state: 'CA', zip: '94607', country: 'US', phone_number: '+15105550188' } })) as { order: { sample_id: string } };
          return kit.order.sample_id;
        }
        // A booking key is the server's own (an example's would not verify): a fresh one of the operation's kind.
        if (key === 'booking_key') return world.bookingKey(c.path.includes('/psc/') ? 'psc' : 'phlebotomy', c.operationId.startsWith('reschedule') ? 3 : 0);
        if (key === 'sign_in_token') {
          const token = (await world.team('POST', `/v2/user/${userId}/sign_in_token`)) as { sign_in_token: string };
          return token.sign_in_token;
        }
        return value;
      });

      let path = c.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = api === 'team' ? { 'x-vital-api-key': world.apiKey } : { 'X-Management-Key': server.managementKey };
      for (const parameter of c.parameters) {
        const value = values[parameter.name];
        if (value === undefined) continue;
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        else if (parameter.in === 'query') for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
        else headers[parameter.name] = String(value);
      }
      if (body !== undefined) headers['content-type'] = 'application/json';
      const base = api === 'team' ? server.teamUrl : server.managementUrl;
      const url = `${base}${path}${query.size > 0 ? `?${query}` : ''}`;
      const response = await fetch(url, { method: c.method.toUpperCase(), headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      expect(c.successes, `${c.method.toUpperCase()} ${url} -> ${response.status} ${text.slice(0, 500)}`).toContain(response.status);
    },
    60_000,
  );
});

/** The example with `unknown_key` added to every object in it, and where each one is. */
function withUnknownKeys(value: unknown, at: (string | number)[] = [], found: (string | number)[][] = []): { body: unknown; locs: (string | number)[][] } {
  if (Array.isArray(value)) return { body: value.map((item, index) => withUnknownKeys(item, [...at, index], found).body), locs: found };
  if (!isObject(value)) return { body: value, locs: found };
  const body: Json = {};
  for (const [key, item] of Object.entries(value)) body[key] = withUnknownKeys(item, [...at, key], found).body;
  body.unknown_key = true;
  found.push([...at, 'unknown_key']);
  return { body, locs: found };
}

describe.each(API_NAMES)('request examples of the %s API with unknown keys', (api) => {
  const started = useServer();

  // The validator refuses the body before any handler runs: the examples' ids need no state.
  it.each(CASES.filter((c) => c.api === api && c.what.startsWith('body example') && isObject(c.body)).map((c) => [`${c.operationId} (${c.what})`, c] as const))(
    'when %s is sent with a key it does not declare added to every object of its body, then the server answers 422 extra_forbidden at each of them, and nothing else',
    async (_name, c) => {
      const { server } = started;
      const { body, locs } = withUnknownKeys(c.body);
      let path = c.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(api === 'team' ? { 'x-vital-api-key': server.apiKey } : { 'X-Management-Key': server.managementKey }) };
      for (const parameter of c.parameters) {
        const value = c.values[parameter.name];
        if (value === undefined) continue;
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        else if (parameter.in === 'query') for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
        else headers[parameter.name] = String(value);
      }
      const url = `${api === 'team' ? server.teamUrl : server.managementUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
      const response = await fetch(url, { method: c.method.toUpperCase(), headers, body: JSON.stringify(body) });
      const text = await response.text();
      expect(response.status, `${c.method.toUpperCase()} ${url} -> ${text.slice(0, 500)}`).toBe(422);
      const detail = (JSON.parse(text) as { detail: unknown[] }).detail;
      const expected = locs.map((loc) => ({ loc: ['body', ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }));
      expect(detail).toEqual(expect.arrayContaining(expected));
      expect(detail).toHaveLength(expected.length);
    },
    60_000,
  );
});
