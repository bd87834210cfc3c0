/**
 * What the mock does beyond the contract suite (test/contract/mock.test.ts):
 * Prism's Prefer headers, the error shape in corner cases, logging, and
 * `npm run mock` starting and answering. How fast it starts is a benchmark
 * (`npm run bench:build`, target <= 10 s), not an assertion here.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import { BODY_LIMIT_BYTES } from '../../mocks/mock-server.js';
import { ContractDocuments } from '../../scripts/conformance/openapi.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USER_ID = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const KEY = { 'x-vital-api-key': 'sk_us_anything' };
const JSON_BODY = { ...KEY, 'content-type': 'application/json' };

let mocks: RunningMocks;
const logs: string[] = [];

beforeAll(async () => {
  mocks = await startMocks({ teamPort: 0, managementPort: 0, log: true, write: (line) => logs.push(line) });
});
afterAll(async () => {
  await mocks?.close();
});

async function call(path: string, init: RequestInit = {}, api: 'team' | 'management' = 'team') {
  const response = await fetch(`${mocks.urls[api]}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('startMocks', () => {
  it('when started on port 0, then the URLs carry the real ports', () => {
    expect(mocks.urls.team).toMatch(/^http:\/\/127\.0\.0\.1:[1-9][0-9]*$/);
    expect(mocks.urls.management).toMatch(/^http:\/\/127\.0\.0\.1:[1-9][0-9]*$/);
    expect(mocks.urls.team).not.toBe(mocks.urls.management);
  });

  it('when logging is on, then requests and Prism\'s decisions are logged', async () => {
    await call('/v2/providers', { headers: KEY });
    expect(logs.some((line) => line.startsWith('[team] GET /v2/providers -> 200'))).toBe(true);
    expect(logs.some((line) => line.includes('[NEGOTIATOR]'))).toBe(true);
  });
});

describe('Prefer headers', () => {
  it('when Prefer asks for code=202, then the 202 example is served', async () => {
    const { status, body } = await call('/v2/link/bulk_trigger_historical_pull', {
      method: 'POST',
      headers: { ...JSON_BODY, prefer: 'code=202' },
      body: JSON.stringify({ user_ids: [USER_ID], provider: 'oura' }),
    });
    expect(status).toBe(202);
    expect(body).toMatchObject({ operation: { status: 'in_progress' } });
  });

  it('when Prefer names an example, then that example is served', async () => {
    const { status, body } = await call(`/v2/user/${USER_ID}/oura`, { method: 'DELETE', headers: { ...KEY, prefer: 'example=auto_connect_unchanged' } });
    expect({ status, body }).toEqual({ status: 200, body: { success: false } });
  });

  it('when the deliveries of a webhook endpoint are listed, then the examples carry the body each endpoint answered (null without an answer)', async () => {
    const path = '/v1/org/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/team/1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e/webhook_endpoint/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f/delivery';
    const first = await call(path, { headers: { 'X-Management-Key': 'mg_x' } }, 'management');
    expect(first.status).toBe(200);
    expect((first.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ status: 'failed', last_status_code: 503, last_response_body: 'upstream unavailable, try again later', last_response_body_truncated: false }),
    ]);
    const named = await call(path, { headers: { 'X-Management-Key': 'mg_x', prefer: 'example=answered_and_refused' } }, 'management');
    expect((named.body as { data: { last_status_code: number | null; last_response_body: string | null }[] }).data.map((d) => [d.last_status_code, d.last_response_body])).toEqual([
      [200, '{"received":true}'],
      [null, null],
    ]);
  });

  it('when Prefer asks for a documented error code, then its first example is served', async () => {
    const { status, body } = await call(`/v2/user/${USER_ID}`, { headers: { ...KEY, prefer: 'code=404' } });
    expect({ status, body }).toEqual({ status: 404, body: { detail: `User ${USER_ID} not found.` } });
  });

  it('when Prefer asks for an undocumented code, then the mock says so in a detail', async () => {
    const { status, body } = await call(`/v2/user/${USER_ID}`, { headers: { ...KEY, prefer: 'code=418' } });
    expect(status).toBe(404);
    expect(body).toEqual({ detail: expect.stringMatching(/^Mock: .*418/) });
  });

  it('when Prefer is malformed, then 422 names ["header", "prefer"]', async () => {
    const { status, body } = await call('/v2/providers', { headers: { ...KEY, prefer: 'code=abc' } });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: [expect.objectContaining({ loc: ['header', 'prefer'], type: 'value_error' })] });
  });
});

describe('examples named by a path value', () => {
  const documents = new ContractDocuments();
  const example = (operationId: string, status: number, name: string) => {
    const found = documents.response('team', operationId, status).examples.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`team ${operationId} ${status} has no example named ${name}`);
    return found.value;
  };
  const RANGE = 'start_date=2026-11-21&end_date=2026-11-21';

  it('when a path value is the name of an example of the success response, then that example is served instead of the first', async () => {
    const { status, body } = await call(`/v2/timeseries/${USER_ID}/blood_pressure/grouped?${RANGE}`, { headers: KEY });
    expect(documents.firstExample('team', 'getTimeseriesGrouped', 200)).not.toEqual(example('getTimeseriesGrouped', 200, 'blood_pressure'));
    expect({ status, body }).toEqual({ status: 200, body: example('getTimeseriesGrouped', 200, 'blood_pressure') });
  });

  it('when a path value names an example and Prefer names another, then the Prefer example is served', async () => {
    for (const prefer of ['example=no_data', 'example=heartrate']) {
      const { status, body } = await call(`/v2/timeseries/${USER_ID}/blood_pressure/grouped?${RANGE}`, { headers: { ...KEY, prefer } });
      expect({ status, body }).toEqual({ status: 200, body: example('getTimeseriesGrouped', 200, prefer.replace('example=', '')) });
    }
    const query = await call(`/v2/timeseries/${USER_ID}/blood_pressure/grouped?${RANGE}&__example=no_data`, { headers: KEY });
    expect(query.body).toEqual(example('getTimeseriesGrouped', 200, 'no_data'));
  });

  it('when no path value names an example, then the first example is served', async () => {
    const { status, body } = await call(`/v2/user/${USER_ID}/oura`, { method: 'DELETE', headers: KEY });
    expect({ status, body }).toEqual({ status: 200, body: documents.firstExample('team', 'deregisterProvider', 200) });
  });

  it('when a path value names a success example and Prefer asks for an error code, then that code\'s first example is served', async () => {
    const { status, body } = await call(`/v2/timeseries/${USER_ID}/blood_pressure/grouped?${RANGE}`, { headers: { ...KEY, prefer: 'code=404' } });
    expect({ status, body }).toEqual({ status: 404, body: documents.firstExample('team', 'getTimeseriesGrouped', 404) });
  });

  it('when a path value names an example but the request is invalid, then the 422 lists the violations', async () => {
    const { status, body } = await call(`/v2/timeseries/${USER_ID}/blood_pressure/grouped?end_date=2026-11-21`, { headers: KEY });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: expect.arrayContaining([expect.objectContaining({ loc: ['query', 'start_date'] })]) });
  });
});

describe('error shape', () => {
  it('when the key is missing and the request is invalid too, then 401 wins', async () => {
    const { status, body } = await call('/v2/user/not-a-uuid');
    expect({ status, body }).toEqual({ status: 401, body: { detail: 'Missing API key. Send your team API key in the x-vital-api-key header.' } });
  });

  it('when the request is invalid, then no Prism violations header or problem+json is sent', async () => {
    const { status, headers } = await call('/v3/lab_tests/markers?size=0', { headers: KEY });
    expect(status).toBe(422);
    expect(headers.get('sl-violations')).toBeNull();
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('when a name breaks the labs\' rules, then the 422 states the rule in words (PersonName\'s x-pattern-message), as the server does', async () => {
    const body = { first_name: 'Mary  Jane', last_name: 'Lopez', email: 'maria@example.com', phone_number: '+14155550123', gender: 'female', dob: '1986-04-21', address: { first_line: '1 Main St', city: 'SF', state: 'CA', zip_code: '94110' } };
    const { status, body: answer } = await call(`/v2/user/${USER_ID}/info`, { method: 'PATCH', headers: JSON_BODY, body: JSON.stringify(body) });
    expect(status).toBe(422);
    expect(answer).toEqual({ detail: [{ loc: ['body', 'first_name'], msg: expect.stringMatching(/^must be 1 to 50 characters: Latin letters .* between two letters$/), type: 'pattern' }] });
  });

  it('when a known path is called with another method, then 405 {"detail": "Method Not Allowed"}', async () => {
    expect(await call('/v2/providers', { method: 'DELETE', headers: KEY })).toMatchObject({ status: 405, body: { detail: 'Method Not Allowed' } });
  });

  it('when the body is not JSON, then 422 names ["body"]', async () => {
    const { status, body } = await call('/v2/user', { method: 'POST', headers: { ...KEY, 'content-type': 'text/plain' }, body: 'client_user_id=x' });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: [expect.objectContaining({ loc: ['body'] })] });
  });

  it('when an order body has misspelled keys at the top level and in the order set (addon for add_on), then 422 extra_forbidden at each, in Pydantic\'s words, as the server answers', async () => {
    const order = {
      user_id: USER_ID,
      patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' },
      patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      order_set: { lab_test_ids: ['0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'], addon: { marker_ids: [1065] } },
      priorty: true,
      pasthrough: 'crm-1',
    };
    const { status, body } = await call('/v3/order', { method: 'POST', headers: JSON_BODY, body: JSON.stringify(order) });
    expect(status).toBe(422);
    const extra = (...loc: string[]) => ({ loc: ['body', ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    expect((body as { detail: unknown[] }).detail).toEqual(expect.arrayContaining([extra('priorty'), extra('pasthrough'), extra('order_set', 'addon')]));
    expect((body as { detail: unknown[] }).detail).toHaveLength(3);
  });

  it('when unknown keys come in objects whose request schema closes a shared one (the patient, its medical proxy\'s address, the physician), then 422 extra_forbidden at each, once, with the other violations', async () => {
    const proxy = { first_name: 'Carla', last_name: 'Lopez', phone_number: '+14155550124', address: { first_line: '1 Side St.', city: 'Oakland', state: 'CA', country: 'US', zip_code: '94601' } };
    const order = {
      user_id: USER_ID,
      patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com', middle_name: 'Ana', medical_proxy: proxy },
      patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      order_set: { lab_test_ids: ['0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01'] },
      physician: { first_name: 'Ana', last_name: 'Reyes', npi: '1234567893', title: 'Dr.' },
    };
    const { status, body } = await call('/v3/order', { method: 'POST', headers: JSON_BODY, body: JSON.stringify(order) });
    expect(status).toBe(422);
    const extra = (...loc: string[]) => ({ loc: ['body', ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    expect((body as { detail: unknown[] }).detail).toEqual(expect.arrayContaining([
      extra('patient_details', 'middle_name'),
      extra('patient_details', 'medical_proxy', 'address', 'zip_code'),
      extra('physician', 'title'),
      { loc: ['body', 'patient_details', 'medical_proxy', 'address', 'zip'], msg: 'Field required', type: 'missing' },
    ]));
    expect((body as { detail: unknown[] }).detail).toHaveLength(4);
  });

  it('when a body is sent to an operation without one, then it is ignored', async () => {
    const { status, body } = await call(`/v2/user/${USER_ID}/sign_in_token`, { method: 'POST', headers: JSON_BODY, body: '{"unexpected": true}' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ user_id: USER_ID });
  });

  it('when a query parameter repeats, then it is read as an array', async () => {
    expect((await call('/v3/lab_tests/markers?lab_id=1&lab_id=2', { headers: KEY })).status).toBe(200);
    expect((await call('/v1/org/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/team?region=us&region=eu', { headers: { 'X-Management-Key': 'mg_x' } }, 'management')).status).toBe(200);
  });

  it('when the body is over the limit, then 413 {"detail": ...}', async () => {
    const { status, body } = await call('/v3/lab_tests/list_order_set_markers', {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ lab_test_ids: ['x'.repeat(BODY_LIMIT_BYTES)] }),
    });
    expect({ status, body }).toEqual({ status: 413, body: { detail: expect.stringContaining('too large') } });
  });

  it('when a browser sends a preflight, then CORS allows it', async () => {
    const response = await fetch(`${mocks.urls.team}/v2/providers`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-vital-api-key' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-vital-api-key');
  });
});

describe('npm run mock', () => {
  it('when mocks/start.ts is started, then both mocks answer and it stops cleanly on SIGTERM', async () => {
    const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['mocks/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, MOCK_PORT: '0', MOCK_MANAGEMENT_PORT: '0', MOCK_LOG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const urls = await new Promise<string[]>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = [...output.matchAll(/mock\s+(http:\/\/\S+)/g)].map((match) => match[1] as string);
          if (found.length === 2) resolve(found);
        });
        child.once('exit', (code) => reject(new Error(`mocks/start.ts exited with ${code}: ${output}`)));
      });
      const [team, management] = urls as [string, string];
      const teamAnswer = await fetch(`${team}/v2/providers`, { headers: KEY });
      const managementAnswer = await fetch(`${management}/v1/org/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/team`);
      expect([teamAnswer.status, managementAnswer.status]).toEqual([200, 401]);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 30_000);
});
