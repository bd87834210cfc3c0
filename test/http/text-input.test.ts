/**
 * Input that is not Unicode text is refused, never altered: a JSON body whose bytes are
 * not UTF-8 (or not its declared charset), strings with NUL or unpaired surrogates, and
 * query values whose percent-encoding is not UTF-8 are 422s naming where they are.
 */
import type { Response as TestResponse } from 'supertest';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/test-server.js';
import { apiEngines, expectValidation, teamApi, useApiServer } from '../api/helpers.js';

/** Raw bytes on the wire (supertest would serialise a Buffer as JSON), read back as supertest's response. */
async function postBytes(server: TestServer, api: 'team' | 'management', path: string, body: Buffer, contentType = 'application/json') {
  const [base, header, key] = api === 'team' ? [server.teamUrl, 'x-vital-api-key', server.apiKey] : [server.managementUrl, 'X-Management-Key', server.managementKey];
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { [header]: key, 'content-type': contentType }, body: new Uint8Array(body) });
  const text = await response.text();
  return { status: response.status, headers: { 'content-type': response.headers.get('content-type') }, body: JSON.parse(text) as unknown } as unknown as TestResponse;
}

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe.each(apiEngines)('text input on %s', (_label, engine) => {
  const ctx = useApiServer(engine);

  it.each([
    ['a lone continuation byte', [0x80]],
    ['an 0xFF byte', [0xff, 0xfe]],
    ['a truncated 3-byte sequence', [0xe2, 0x9c]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
  ])('when a JSON body holds %s, then it is a 422 json_invalid at body and nothing is stored', async (_name, invalid) => {
    const clientUserId = `patient-utf8-${invalid.join('-')}`;
    const response = await postBytes(ctx.server, 'team', '/v2/user', bytes('{"client_user_id": "', clientUserId, invalid, '"}'));
    expectValidation(response, [{ loc: ['body'], type: 'json_invalid', msg: /not valid UTF-8/ }]);
    expect((await teamApi(ctx.server).get(`/v2/user/resolve/${clientUserId}`)).status).toBe(404);
    expect((await teamApi(ctx.server).get(`/v2/user/resolve/${encodeURIComponent(`${clientUserId}\uFFFD`)}`)).status).toBe(404);
  });

  it('when a JSON body is valid UTF-8 with accents, symbols and astral characters, then they are stored as sent', async () => {
    const clientUserId = 'patient-é✓😀';
    const response = await postBytes(ctx.server, 'team', '/v2/user', bytes(JSON.stringify({ client_user_id: clientUserId })));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((response.body as { client_user_id: string }).client_user_id).toBe(clientUserId);
  });

  it('when a body declares UTF-16 and holds an unpaired surrogate, then it is a 422 at body', async () => {
    const body = Buffer.concat([Buffer.from('{"client_user_id": "a', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('"}', 'utf16le')]);
    const response = await postBytes(ctx.server, 'team', '/v2/user', body, 'application/json; charset=utf-16le');
    expectValidation(response, [{ loc: ['body'], type: 'json_invalid', msg: /UTF-16LE/ }]);
  });

  it('when a management body is not UTF-8, then it is a 422 at body', async () => {
    const response = await postBytes(ctx.server, 'management', `/v1/org/${ctx.server.orgId}/team`, bytes('{"name": "team ', [0xff], '"}'));
    expectValidation(response, [{ loc: ['body'], type: 'json_invalid' }]);
  });

  it.each([
    ['a NUL character', '"a\\u0000b"'],
    ['a lone high surrogate', '"a\\ud800b"'],
    ['a lone low surrogate', '"a\\udc00b"'],
  ])('when a body string holds %s, then it is a 422 value_error at its field', async (_name, json) => {
    const response = await teamApi(ctx.server).post('/v2/user').set('content-type', 'application/json').send(`{"client_user_id": ${json}}`);
    expectValidation(response, [{ loc: ['body', 'client_user_id'], type: 'value_error', msg: /NUL characters or unpaired surrogates/ }]);
  });

  it.each([
    ['an 0xFF escape', 'name=%FF', ['query', 'name']],
    ['a truncated escape sequence', 'name=%E2%9C', ['query', 'name']],
    ['an encoded surrogate', 'name=%ED%A0%80', ['query', 'name']],
  ])('when a query value holds %s, then it is a 422 at the parameter', async (_name, query, loc) => {
    const response = await teamApi(ctx.server).get(`/v3/lab_tests/markers?${query}`);
    expectValidation(response, [{ loc, type: 'value_error', msg: /percent-encoded UTF-8/ }]);
  });

  it('when a query value holds a percent-encoded NUL, then it is a 422 at the parameter', async () => {
    expectValidation(await teamApi(ctx.server).get('/v3/lab_tests/markers?name=a%00b'), [{ loc: ['query', 'name'], type: 'value_error' }]);
  });

  it('when a query value is percent-encoded UTF-8, then it is read as that text', async () => {
    for (const text of ['glucosé', '\uFFFD', '😀']) {
      const response = await teamApi(ctx.server).get(`/v3/lab_tests/markers?name=${encodeURIComponent(text)}`);
      expect(response.status, text).toBe(200);
    }
  });
});
