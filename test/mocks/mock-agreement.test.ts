/**
 * The mock and the server agree on what the spec says about routing and bad input: the
 * same request gets the same status from both, the same `Allow` on a 405, and a 422 at the
 * same locations with the same types. (Messages may differ: mocks/README.md.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';

const ORG_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

interface Sample {
  status: number;
  allow: string[] | null;
  /** `loc` and `type` of each 422 item, sorted. */
  violations: string[] | null;
  body: string;
}

let server: TestServer;
let mocks: RunningMocks;

beforeAll(async () => {
  [server, mocks] = await Promise.all([startTestServer(engines[0]!), startMocks({ teamPort: 0, managementPort: 0 })]);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([server?.close(), mocks?.close()]);
}, SETUP_TIMEOUT_MS);

interface Call {
  api: 'team' | 'management';
  method: string;
  /** `{org}` is the org id of each side (the server's sandbox org, an id for the mock). */
  path: string;
  body?: Buffer | string;
  key?: boolean;
}

async function send(side: 'server' | 'mock', call: Call): Promise<Sample> {
  const base = side === 'server' ? (call.api === 'team' ? server.teamUrl : server.managementUrl) : mocks.urls[call.api];
  const path = call.path.replace('{org}', side === 'server' ? server.orgId : ORG_ID);
  const headers: Record<string, string> = {};
  if (call.key !== false) Object.assign(headers, call.api === 'team' ? { 'x-vital-api-key': server.apiKey } : { 'X-Management-Key': server.managementKey });
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: call.method, headers, body: typeof call.body === 'string' ? call.body : call.body && new Uint8Array(call.body) });
  const text = await response.text();
  const parsed = text && response.status === 422 ? (JSON.parse(text) as { detail: { loc: unknown[]; type: string }[] }) : null;
  return {
    status: response.status,
    allow: response.headers.get('allow')?.split(', ').sort() ?? null,
    violations: parsed ? parsed.detail.map((item) => `${JSON.stringify(item.loc)} ${item.type}`).sort() : null,
    body: call.method === 'HEAD' ? text : '',
  };
}

const notUtf8 = Buffer.concat([Buffer.from('{"client_user_id": "patient-'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);

const CASES: [string, Call, Partial<Sample>][] = [
  ['DELETE on the resolve path', { api: 'team', method: 'DELETE', path: '/v2/user/resolve/patient-000123' }, { status: 405, allow: ['GET', 'HEAD'] }],
  ['PUT on the providers path', { api: 'team', method: 'PUT', path: '/v2/providers' }, { status: 405, allow: ['GET', 'HEAD'] }],
  ['OPTIONS without CORS preflight headers', { api: 'team', method: 'OPTIONS', path: '/v2/providers' }, { status: 405, allow: ['GET', 'HEAD'] }],
  ['HEAD on a GET operation', { api: 'team', method: 'HEAD', path: '/v2/providers' }, { status: 200, allow: null, body: '' }],
  ['HEAD on a POST-only path', { api: 'team', method: 'HEAD', path: '/v2/link/token' }, { status: 405, allow: ['POST'] }],
  ['an unknown query parameter', { api: 'team', method: 'GET', path: '/v2/providers?foo=1' }, { status: 422, violations: ['["query","foo"] value_error'] }],
  ['a __proto__ query parameter', { api: 'team', method: 'GET', path: '/v2/providers?__proto__=x' }, { status: 422, violations: ['["query","__proto__"] value_error'] }],
  ['a query parameter with an empty name', { api: 'team', method: 'GET', path: '/v2/providers?=x' }, { status: 422, violations: ['["query",""] value_error'] }],
  ['an empty uuid query value', { api: 'team', method: 'GET', path: '/v3/orders?user_id=' }, { status: 422, violations: ['["query","user_id"] value_error'] }],
  ['an empty enum query value (a text parameter: held to its enum)', { api: 'team', method: 'GET', path: '/v3/lab_tests?order_key=' }, { status: 422, violations: ['["query","order_key"] enum'] }],
  ['an empty free-text query value', { api: 'team', method: 'GET', path: '/v3/orders?search_input=' }, { status: 200 }],
  ['an unknown query parameter without a key', { api: 'team', method: 'GET', path: '/v2/providers?foo=1', key: false }, { status: 401 }],
  ['a body that is not UTF-8', { api: 'team', method: 'POST', path: '/v2/user', body: notUtf8 }, { status: 422, violations: ['["body"] json_invalid'] }],
  ['a NUL character in a body string', { api: 'team', method: 'POST', path: '/v2/user', body: '{"client_user_id": "a\\u0000b"}' }, { status: 422, violations: ['["body","client_user_id"] value_error'] }],
  ['an unpaired surrogate in a body string', { api: 'team', method: 'POST', path: '/v2/user', body: '{"client_user_id": "a\\ud800b"}' }, { status: 422, violations: ['["body","client_user_id"] value_error'] }],
  ['a query escape that is not UTF-8', { api: 'team', method: 'GET', path: '/v3/lab_tests/markers?name=%FF' }, { status: 422, violations: ['["query","name"] value_error'] }],
  ['an e-mail address without a dot in its domain', { api: 'team', method: 'PATCH', path: '/v2/user/6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10/info', body: JSON.stringify({ first_name: 'A', last_name: 'B', email: 'a@test', phone_number: '+14155550123', gender: 'female', dob: '1986-04-21', address: { first_line: '1 Main St', city: 'San Francisco', state: 'CA', zip_code: '94110' } }) }, { status: 422 }],
  ['an order with misspelled keys (priorty, order_set.addon)', { api: 'team', method: 'POST', path: '/v3/order', body: JSON.stringify({ user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com', middle_name: 'Ana' }, patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' }, order_set: { lab_test_ids: ['0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'], addon: { marker_ids: [1065] } }, priorty: true }) }, { status: 422, violations: ['["body","order_set","addon"] extra_forbidden', '["body","patient_details","middle_name"] extra_forbidden', '["body","priorty"] extra_forbidden'] }],
  ['a user address with the insurance address keys', { api: 'team', method: 'PATCH', path: '/v2/user/6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10/info', body: JSON.stringify({ first_name: 'Maria', last_name: 'Lopez', email: 'maria.lopez@example.com', phone_number: '+14155550123', gender: 'female', dob: '1986-04-21', address: { first_line: '1 Main St', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' } }) }, { status: 422, violations: ['["body","address","country"] extra_forbidden', '["body","address","zip"] extra_forbidden'] }],
  ['a management body with an unknown key', { api: 'management', method: 'POST', path: '/v1/org/{org}/team', body: JSON.stringify({ name: 'Sleep Lab', regoin: 'eu' }) }, { status: 422, violations: ['["body","regoin"] extra_forbidden'] }],
  ['another method on a management path', { api: 'management', method: 'PUT', path: '/v1/org/{org}/team' }, { status: 405, allow: ['GET', 'HEAD', 'POST'] }],
  ['an unknown management query parameter', { api: 'management', method: 'GET', path: '/v1/org/{org}/team?bogus=1' }, { status: 422, violations: ['["query","bogus"] value_error'] }],
];

describe('the mock and the server', () => {
  it.each(CASES)('when %s is sent to both, then both answer the same', async (_name, call, expected) => {
    const [fromServer, fromMock] = await Promise.all([send('server', call), send('mock', call)]);
    expect(fromServer).toMatchObject(expected);
    expect(fromMock).toEqual(fromServer);
  });
});
