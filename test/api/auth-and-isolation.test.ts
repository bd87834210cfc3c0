/**
 * Across operations: who may call what (keys, 401/403), one team never reaching
 * another's users (404), and the request-level errors every operation shares
 * (malformed JSON, body size, unknown routes), none of which may become a 500.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadDocument, type OpenApiDocument } from '../../server/shared/documents.js';
import { forgetCredentials } from '../../server/http/authenticate.js';
import { listOperations } from '../../server/shared/operations.js';
import { createManagementKey } from '../../server/storage/repositories/credentials.js';
import { getUserInfo, listInsurances, revokeManagementKey } from '../storage/stored-state.js';
import { findConnection, listConnections } from '../../server/storage/repositories/connections.js';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import type { TestServer } from '../helpers/test-server.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, insuranceBody, MANAGEMENT_KEY_HEADER, MiB, TEAM_KEY_HEADER, teamApi, uniqueName, UNKNOWN_ID, useApiApp, userInfoBody, type ManagementSchemas } from './helpers.js';

const TEAM_MISSING = 'Missing API key. Send your team API key in the x-vital-api-key header.';
const TEAM_MISSING_KEY_OR_LINK_TOKEN = 'Missing credentials. Send your team API key in the x-vital-api-key header, or a link token in the x-vital-link-token header.';
const TEAM_INVALID = 'Invalid API key.';
const MANAGEMENT_MISSING = 'Missing management key. Send it in the X-Management-Key header.';
const MANAGEMENT_INVALID = 'Invalid management key.';
const TEAM_KEY_ON_MANAGEMENT = 'This endpoint accepts only a management key (X-Management-Key); a team API key is not accepted.';

type Api = 'team' | 'management';
interface DocumentedOperation {
  api: Api;
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  secured: boolean;
  /** A link token is one of its alternative credentials (getOAuthProvider). */
  acceptsLinkToken: boolean;
  hasBody: boolean;
}

function documentedOperations(api: Api): DocumentedOperation[] {
  const document = loadDocument(api) as { security?: unknown[]; paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>> };
  return listOperations(document as unknown as OpenApiDocument).map(({ operationId, method, path }) => {
    const operation = document.paths[path]![method]!;
    const security = (operation.security ?? document.security ?? []) as Record<string, unknown>[];
    const acceptsLinkToken = security.some((requirement) => 'LinkToken' in requirement);
    return { api, operationId, method: method as DocumentedOperation['method'], path, secured: security.length > 0, acceptsLinkToken, hasBody: operation.requestBody !== undefined };
  });
}

const TEAM_OPERATIONS = documentedOperations('team');
const MANAGEMENT_OPERATIONS = documentedOperations('management');
/** The 401 detail of a request without credentials: operations that take a link token name both. */
const missingDetail = (op: DocumentedOperation) => (op.acceptsLinkToken ? TEAM_MISSING_KEY_OR_LINK_TOKEN : TEAM_MISSING);
const opCases = (operations: DocumentedOperation[]) => operations.map((op) => [`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, op] as const);

/** A concrete URL for an operation: path parameters filled with values of the right shape. */
function urlOf(server: TestServer, op: DocumentedOperation): string {
  const values: Record<string, string> = {
    org_id: server.orgId,
    team_id: server.teamId,
    provider: 'oura',
    oauth_provider: 'oura',
    client_user_id: 'someone',
  };
  const path = op.path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? UNKNOWN_ID);
  return op.operationId === 'createLinkCode' ? `${path}?user_id=${UNKNOWN_ID}` : path;
}

function call(server: TestServer, op: DocumentedOperation, headers: Record<string, string>, body?: string) {
  const app = op.api === 'team' ? server.team : server.management;
  let test = request(app)[op.method](urlOf(server, op));
  for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
  if (body !== undefined) return test.set('content-type', 'application/json').send(body);
  return op.hasBody ? test.send({}) : test;
}

describe.each(apiEngines)('authentication and isolation on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  describe('team API keys', () => {
    const secured = TEAM_OPERATIONS.filter((op) => op.secured);

    it.each(opCases(secured))('when %s is called without a key, then 401 asking for the key', async (_name, op) => {
      expectDetail(await call(ctx.server, op, {}), 401, missingDetail(op));
    });

    it.each(opCases(secured))('when %s is called with an unknown key, then 401', async (_name, op) => {
      expectDetail(await call(ctx.server, op, { [TEAM_KEY_HEADER]: 'sk_us_not_a_real_key_000000000000000' }), 401, TEAM_INVALID);
    });

    it.each(opCases(secured))('when %s is called with the management key, then 401 (it is not a team API key)', async (_name, op) => {
      expectDetail(await call(ctx.server, op, { [TEAM_KEY_HEADER]: ctx.server.managementKey }), 401, TEAM_INVALID);
      expectDetail(await call(ctx.server, op, { [MANAGEMENT_KEY_HEADER]: ctx.server.managementKey }), 401, missingDetail(op));
    });

    it("when a team key is revoked (through the management API), then it is refused at once, and the team's other keys keep working", async () => {
      const team = await ctx.otherTeam();
      const spare = expectStatus<ManagementSchemas['TeamApiKey']>(await ctx.management().post(`/v1/org/${ctx.server.orgId}/team/${team.team.id}/api_key`).send({ label: 'spare' }), 200);
      const user = await ctx.newUser({}, team.apiKey);
      const [key] = await ctx.server.db.query<{ id: string }>('SELECT id FROM team_api_keys WHERE key_hash = $1', [hashSecret(team.apiKey)]);
      expectStatus(await ctx.management().delete(`/v1/org/${ctx.server.orgId}/team/${team.team.id}/api_key/${key!.id}`), 200);
      expectDetail(await ctx.team(team.apiKey).get(`/v2/user/${user.user_id}`), 401, TEAM_INVALID);
      expectStatus(await ctx.team(spare.key).get(`/v2/user/${user.user_id}`), 200);
    });

    it('when the key has surrounding spaces, then it is still the key', async () => {
      expectStatus(await request(ctx.server.team).get('/v2/providers').set(TEAM_KEY_HEADER, `  ${ctx.server.apiKey}  `), 200);
    });

    it('when the key is sent as a bearer token instead of in its header, then 401 asking for the header', async () => {
      expectDetail(await request(ctx.server.team).get('/v2/providers').set('Authorization', `Bearer ${ctx.server.apiKey}`), 401, TEAM_MISSING);
    });

    it('when the key differs in case, then 401 (keys are exact)', async () => {
      expectDetail(await ctx.team(ctx.server.apiKey.toUpperCase()).get('/v2/providers'), 401, TEAM_INVALID);
    });
  });

  describe('management keys', () => {
    it.each(opCases(MANAGEMENT_OPERATIONS))('when %s is called without a key, then 401 asking for the key', async (_name, op) => {
      expectDetail(await call(ctx.server, op, {}), 401, MANAGEMENT_MISSING);
    });

    it.each(opCases(MANAGEMENT_OPERATIONS))('when %s is called with a team API key in x-vital-api-key, then 403', async (_name, op) => {
      expectDetail(await call(ctx.server, op, { [TEAM_KEY_HEADER]: ctx.server.apiKey }), 403, TEAM_KEY_ON_MANAGEMENT);
    });

    it.each(opCases(MANAGEMENT_OPERATIONS))('when %s is called with a team API key in X-Management-Key, then 403', async (_name, op) => {
      expectDetail(await call(ctx.server, op, { [MANAGEMENT_KEY_HEADER]: ctx.server.apiKey }), 403, TEAM_KEY_ON_MANAGEMENT);
    });

    it.each(opCases(MANAGEMENT_OPERATIONS))('when %s is called with an unknown key, then 401', async (_name, op) => {
      expectDetail(await call(ctx.server, op, { [MANAGEMENT_KEY_HEADER]: 'mg_not_a_real_key' }), 401, MANAGEMENT_INVALID);
    });

    it('when a management key is revoked, then it is refused', async () => {
      const key = `mg_${uniqueName('revoked')}`;
      const stored = await createManagementKey(ctx.server.db, { org_id: ctx.server.orgId, key_hash: hashSecret(key) });
      expectStatus(await request(ctx.server.management).get(`/v1/org/${ctx.server.orgId}/team`).set(MANAGEMENT_KEY_HEADER, key), 200);
      await revokeManagementKey(ctx.server.db, { id: stored.id });
      forgetCredentials(ctx.server.deps.caches.http); // what a revocation must do: no API revokes management keys yet
      expectDetail(await request(ctx.server.management).get(`/v1/org/${ctx.server.orgId}/team`).set(MANAGEMENT_KEY_HEADER, key), 401, MANAGEMENT_INVALID);
    });

    it('when both a team key and the management key are sent, then the management key is used', async () => {
      const response = await request(ctx.server.management).get(`/v1/org/${ctx.server.orgId}/team`).set(MANAGEMENT_KEY_HEADER, ctx.server.managementKey).set(TEAM_KEY_HEADER, ctx.server.apiKey);
      expectStatus(response, 200);
    });
  });

  describe("another team's users", () => {
    /** A user of another team, with info, insurance and a connection, and what the sandbox key gets for each operation on it. */
    it('when every user-scoped operation is called with another team\'s user_id, then 404 (422 for the bulk pull) and nothing of that user changes', async () => {
      const { other, theirs } = await ctx.otherTeamsUser();
      await ctx.connect(theirs.user_id, 'oura', other.apiKey);
      const own = ctx.team(other.apiKey);
      expectStatus(await own.patch(`/v2/user/${theirs.user_id}/info`).send(userInfoBody()), 200);
      expectStatus(await own.post(`/v2/user/${theirs.user_id}/insurance`).send(insuranceBody()), 200);
      const key = { team_id: other.team.id, user_id: theirs.user_id };
      const before = {
        info: await getUserInfo(ctx.server.db, key),
        insurances: await listInsurances(ctx.server.db, key),
        connections: await listConnections(ctx.server.db, key),
      };

      const api = ctx.team();
      const id = theirs.user_id;
      const notFound = `User ${id} not found.`;
      expectDetail(await api.get(`/v2/user/${id}`), 404, notFound);
      expectDetail(await api.get(`/v2/user/resolve/${encodeURIComponent(theirs.client_user_id)}`), 404);
      expectDetail(await api.patch(`/v2/user/${id}/info`).send(userInfoBody({ first_name: 'Mallory' })), 404, notFound);
      expectDetail(await api.post(`/v2/user/${id}/insurance`).send(insuranceBody({ member_id: 'STOLEN' })), 404, notFound);
      expectDetail(await api.post(`/v2/user/${id}/sign_in_token`), 404, notFound);
      expectDetail(await api.delete(`/v2/user/${id}/oura`), 404, notFound);
      expectDetail(await api.post(`/v2/link/code/create?user_id=${id}`), 404, notFound);
      expectDetail(await api.post('/v2/link/token').send({ user_id: id }), 404, notFound);
      expectDetail(await api.post('/v2/link/connect/demo').send({ user_id: id, provider: 'fitbit' }), 404, notFound);
      expectValidation(await api.post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [id], provider: 'oura' }), [{ loc: ['body', 'user_ids', 0] }]);
      expectDetail(await api.delete(`/v2/user/${id}`), 404, notFound);

      expect(await getUserInfo(ctx.server.db, key)).toEqual(before.info);
      expect(await listInsurances(ctx.server.db, key)).toEqual(before.insurances);
      expect(await listConnections(ctx.server.db, key)).toEqual(before.connections);
      expect(await findConnection(ctx.server.db, { ...key, provider: 'fitbit' })).toBeNull();
      for (const table of ['sign_in_tokens', 'link_tokens', 'link_codes']) {
        expect(await ctx.server.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [id]), table).toEqual([]);
      }
      expectStatus(await own.get(`/v2/user/${id}`), 200);
    });
  });

  describe('request errors every operation shares', () => {
    const withBody = [...TEAM_OPERATIONS, ...MANAGEMENT_OPERATIONS].filter((op) => op.hasBody);
    const keyFor = (op: DocumentedOperation): Record<string, string> =>
      op.api === 'team' ? { [TEAM_KEY_HEADER]: ctx.server.apiKey } : { [MANAGEMENT_KEY_HEADER]: ctx.server.managementKey };

    it.each(opCases(withBody))('when %s gets malformed JSON, then 422 on ["body"] with type json_invalid', async (_name, op) => {
      const response = await call(ctx.server, op, keyFor(op), '{"user_id": ');
      expectValidation(response, [{ loc: ['body'], type: 'json_invalid' }]);
    });

    it.each(opCases(withBody.filter((op) => op.operationId !== 'bulkTriggerHistoricalPull')))('when %s gets a body over 1 MiB, then 413 naming the limit', async (_name, op) => {
      const body = JSON.stringify({ padding: 'x'.repeat(MiB) });
      expectDetail(await call(ctx.server, op, keyFor(op), body), 413, 'Request body too large; the limit is 1 MiB.');
    });

    it('when a body is just under 1 MiB, then it is read (and judged on its content)', async () => {
      const body = JSON.stringify({ client_user_id: 'x'.repeat(MiB - 100) });
      expectValidation(await ctx.team().post('/v2/user').set('content-type', 'application/json').send(body), [{ loc: ['body', 'client_user_id'], type: 'too_long' }]);
    });

    it('when a body between 1 and 8 MiB is sent to the bulk pull, then it is read', async () => {
      // Made large by its user ids (a key the body does not declare would be refused as such).
      const userIds = Array.from({ length: 40_000 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
      const body = JSON.stringify({ user_ids: userIds, provider: 'oura' });
      expect(body.length).toBeGreaterThan(MiB);
      expectValidation(await ctx.team().post('/v2/link/bulk_trigger_historical_pull').set('content-type', 'application/json').send(body), [{ loc: ['body', 'user_ids', 0] }]);
    });

    it('when a JSON body is sent as text/plain, then 422 asking for JSON', async () => {
      const response = await ctx.team().post('/v2/user').set('content-type', 'text/plain').send('{"client_user_id":"x"}');
      expectValidation(response, [{ loc: ['body'], type: 'json_invalid' }]);
    });

    it.each(['gzip', 'deflate', 'br'])('when a %s body is corrupt, then 422 on ["body"] rather than a 500', async (encoding) => {
      const response = await ctx.team().post('/v2/user').set('content-type', 'application/json').set('content-encoding', encoding).send('not compressed');
      expectValidation(response, [{ loc: ['body'], type: 'json_invalid' }]);
    });

    it.each([
      ['team', '/v2/no_such_route'],
      ['team', '/v9/user'],
      ['management', '/v1/org'],
      ['management', '/v2/user'],
    ] as const)('when the %s API gets an unknown route %s, then 404 {"detail": "Not Found"} with or without a key', async (api, path) => {
      const app = api === 'team' ? ctx.server.team : ctx.server.management;
      const header = api === 'team' ? TEAM_KEY_HEADER : MANAGEMENT_KEY_HEADER;
      const key = api === 'team' ? ctx.server.apiKey : ctx.server.managementKey;
      expectDetail(await request(app).get(path).set(header, key), 404, 'Not Found');
      expectDetail(await request(app).get(path), 404, 'Not Found');
    });

    it('when a route is called with a method it does not have, then 405 {"detail": "Method Not Allowed"}', async () => {
      expectDetail(await ctx.team().put('/v2/user').send({}), 405, 'Method Not Allowed');
      expectDetail(await request(ctx.server.management).delete(`/v1/org/${ctx.server.orgId}/team`).set(MANAGEMENT_KEY_HEADER, ctx.server.managementKey), 405, 'Method Not Allowed');
    });
  });

  describe('never a 500', () => {
    /** Odd but possible requests, each answered with a 4xx in the API's error shapes. */
    const oddRequests: [string, (server: TestServer) => request.Test][] = [
      ['a NUL character in a body string', (s) => teamApi(s).post('/v2/user').send({ client_user_id: 'a\u0000b' })],
      ['a NUL character in stored JSON', (s) => teamApi(s).patch(`/v2/user/${UNKNOWN_ID}/info`).send(userInfoBody({ phone_number: '+1\u0000' }))],
      ['a NUL character in an insurance field', (s) => teamApi(s).post(`/v2/user/${UNKNOWN_ID}/insurance`).send(insuranceBody({ member_id: 'W1\u0000' }))],
      ['a NUL character in the path', (s) => teamApi(s).get('/v2/user/resolve/a%00b')],
      ['a NUL character in a query string', (s) => teamApi(s).get('/v3/lab_tests/markers?name=a%00b')],
      ['a NUL character in a key label', (s) => request(s.management).post(`/v1/org/${s.orgId}/team/${s.teamId}/api_key`).set(MANAGEMENT_KEY_HEADER, s.managementKey).send({ label: 'a\u0000' })],
      ['an unpaired surrogate in a body string', (s) => teamApi(s).post('/v2/user').set('content-type', 'application/json').send('{"client_user_id":"a\\ud800b"}')],
      ['malformed percent-encoding in an API path', (s) => teamApi(s).get('/v2/user/resolve/%E0%A4%A')],
      ['malformed percent-encoding in a consent page path', (s) => request(s.team).get('/link/oauth/%E0%A4%A/authorize?state=x')],
      ['year 0000 in a date', (s) => teamApi(s).post('/v2/user').send({ client_user_id: uniqueName('p'), ingestion_start: '0000-01-01' })],
      ['an impossible date', (s) => teamApi(s).post('/v2/user').send({ client_user_id: uniqueName('p'), fallback_birth_date: '2023-02-29' })],
      ['a forged paging cursor', (s) => teamApi(s).get(`/v2/link/bulk_op?next_cursor=${Buffer.from('{"started_at":"2026-02-30T00:00:00Z","id":"00000000-0000-4000-8000-000000000000"}').toString('base64url')}`)],
      ['a query parameter in bracket notation', (s) => teamApi(s).get('/v3/lab_tests/markers?page[$gt]=1')],
      ['a JSON array for a body object', (s) => teamApi(s).post('/v2/link/connect/demo').send([{ user_id: UNKNOWN_ID }])],
      ['a deeply nested body', (s) => teamApi(s).post('/v3/lab_tests/list_order_set_markers').set('content-type', 'application/json').send(`${'{"a":'.repeat(5000)}"\\u0000"${'}'.repeat(5000)}`)],
      ['a deeply nested value where text is expected', (s) => teamApi(s).post('/v2/user').set('content-type', 'application/json').send(`{"client_user_id":${'['.repeat(3000)}1${']'.repeat(3000)}}`)],
      ['a very long path parameter', (s) => teamApi(s).get(`/v2/user/resolve/${'x'.repeat(8000)}`)],
      ['an upper-case UUID', (s) => teamApi(s).delete(`/v2/user/${UNKNOWN_ID.toUpperCase()}/oura`)],
      ['a huge page number', (s) => teamApi(s).get('/v3/lab_tests/markers?page=9007199254740993')],
      ['a body of the wrong content type on a bodiless operation', (s) => teamApi(s).post(`/v2/user/${UNKNOWN_ID}/sign_in_token`).set('content-type', 'text/plain').send('hello')],
    ];

    it.each(oddRequests)('when a request has %s, then it is answered without a 500, errors in the error shape', async (_what, send) => {
      const response = await send(ctx.server);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      if (response.status >= 400 && (response.headers['content-type'] ?? '').startsWith('application/json')) {
        expect(Object.keys(response.body as object)).toEqual(['detail']);
      }
    });

    it('when a string has a NUL character, then the 422 names where it is', async () => {
      expectValidation(await ctx.team().post('/v2/user').send({ client_user_id: 'a\u0000b' }), [{ loc: ['body', 'client_user_id'], type: 'value_error' }]);
      expectValidation(await ctx.team().get('/v3/lab_tests/markers?name=a%00b'), [{ loc: ['query', 'name'], type: 'value_error' }]);
    });

    it('when a NUL character is sent without a key, then 401 comes first', async () => {
      expectDetail(await request(ctx.server.team).post('/v2/user').send({ client_user_id: 'a\u0000b' }), 401, TEAM_MISSING);
    });
  });
});
