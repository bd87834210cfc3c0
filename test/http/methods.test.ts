/**
 * Methods on the paths of both APIs (RFC 9110): a 405 names the path's methods in
 * `Allow`, HEAD on a GET operation is that GET without its body, and OPTIONS (no
 * operation of either API) is a 405 with `Allow` like any other method a path lacks.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiEngines, expectDetail, managementApi, teamApi, UNKNOWN_ID, useApiServer } from '../api/helpers.js';

describe.each(apiEngines.slice(0, 1))('methods on %s', (_label, engine) => {
  const ctx = useApiServer(engine);

  it.each([
    ['PUT', '/v2/providers', 'GET, HEAD'],
    ['DELETE', '/v2/user/resolve/patient-1', 'GET, HEAD'],
    ['PATCH', '/v2/user', 'GET, HEAD, POST'],
    ['GET', `/v2/user/${UNKNOWN_ID}/insurance`, 'POST'],
    ['POST', `/v2/user/${UNKNOWN_ID}`, 'GET, HEAD, PATCH, DELETE'],
  ])('when %s is sent to %s, then it is a 405 whose Allow lists %s', async (method, path, allow) => {
    const response = await request(ctx.server.team)[method.toLowerCase() as 'put'](path).set('x-vital-api-key', ctx.server.apiKey);
    expectDetail(response, 405, 'Method Not Allowed');
    expect(response.headers.allow?.split(', ').sort()).toEqual(allow.split(', ').sort());
  });

  it('when another method is sent to a management path, then its 405 lists the path methods', async () => {
    const response = await managementApi(ctx.server).put(`/v1/org/${ctx.server.orgId}/team`);
    expectDetail(response, 405, 'Method Not Allowed');
    expect(response.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('when the path is unknown, then it is a 404 without Allow', async () => {
    const response = await teamApi(ctx.server).put('/v2/nothing-here');
    expectDetail(response, 404, 'Not Found');
    expect(response.headers.allow).toBeUndefined();
  });

  it('when OPTIONS is sent to an operation path, then it is a 405 with the path methods in Allow', async () => {
    const response = await request(ctx.server.team).options('/v2/providers').set('x-vital-api-key', ctx.server.apiKey);
    expectDetail(response, 405, 'Method Not Allowed');
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('when HEAD is sent to a GET operation, then the answer is the GET answer without a body', async () => {
    const get = await fetch(`${ctx.server.teamUrl}/v2/providers`, { headers: { 'x-vital-api-key': ctx.server.apiKey } });
    const head = await fetch(`${ctx.server.teamUrl}/v2/providers`, { method: 'HEAD', headers: { 'x-vital-api-key': ctx.server.apiKey } });
    const body = await get.text();
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(await head.text()).toBe('');
  });

  it('when HEAD is sent without a key or with an invalid query, then it gets the status the GET would get', async () => {
    const noKey = await fetch(`${ctx.server.teamUrl}/v2/providers`, { method: 'HEAD' });
    expect(noKey.status).toBe(401);
    const invalid = await fetch(`${ctx.server.teamUrl}/v3/lab_tests/markers?size=1000`, { method: 'HEAD', headers: { 'x-vital-api-key': ctx.server.apiKey } });
    expect(invalid.status).toBe(422);
    const unknownUser = await fetch(`${ctx.server.teamUrl}/v2/user/${UNKNOWN_ID}`, { method: 'HEAD', headers: { 'x-vital-api-key': ctx.server.apiKey } });
    expect(unknownUser.status).toBe(404);
  });

  it('when HEAD is sent to a path without GET, then it is a 405 with Allow', async () => {
    const head = await fetch(`${ctx.server.teamUrl}/v2/link/token`, { method: 'HEAD', headers: { 'x-vital-api-key': ctx.server.apiKey } });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('POST');
  });

  it('when HEAD is sent to a management GET operation, then it is answered like the GET', async () => {
    const head = await fetch(`${ctx.server.managementUrl}/v1/org/${ctx.server.orgId}/team`, { method: 'HEAD', headers: { 'X-Management-Key': ctx.server.managementKey } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
