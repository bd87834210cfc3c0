/** SpecIndex.match routes as the server and the mock do: the most specific path template, then the method (HEAD as GET). */
import { describe, expect, it } from 'vitest';
import { SpecIndex } from '../../scripts/conformance/spec.js';

const spec = new SpecIndex();
const ID = '2c3e2a46-9d1e-4bd2-9f5e-0a6c4e1b7d11';

describe('SpecIndex.match', () => {
  it('when DELETE is sent to /v2/user/{id}/info, then the most specific template decides: a 405 allowing PATCH, not deregisterProvider', () => {
    expect(spec.match('team', 'DELETE', `/v2/user/${ID}/info`)).toEqual({ kind: 'method', allow: ['PATCH'] });
  });

  it('when DELETE is sent to /v2/user/{id}/oura, then it is deregisterProvider', () => {
    expect(spec.match('team', 'DELETE', `/v2/user/${ID}/oura`)).toMatchObject({ kind: 'operation', operation: { operationId: 'deregisterProvider' } });
  });

  it('when DELETE is sent to /v2/user/resolve/{id}, then it is a 405 allowing GET and HEAD, not deregisterProvider of user "resolve"', () => {
    const matched = spec.match('team', 'DELETE', '/v2/user/resolve/someone');
    expect(matched.kind).toBe('method');
    expect(matched.kind === 'method' && [...matched.allow].sort()).toEqual(['GET', 'HEAD']);
  });

  it('when HEAD is sent to a GET operation, then it reaches that operation', () => {
    expect(spec.match('team', 'HEAD', '/v2/providers')).toMatchObject({ kind: 'operation', operation: { operationId: 'listProviders' } });
  });

  it('when another method is sent to the management teams path, then the 405 allows GET, HEAD and POST', () => {
    const matched = spec.match('management', 'DELETE', `/v1/org/${ID}/team`);
    expect(matched.kind === 'method' && [...matched.allow].sort()).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('when a path no template has is sent, then nothing matches (a 404)', () => {
    expect(spec.match('team', 'GET', '/v2/no_such_route')).toEqual({ kind: 'none' });
  });

  it('when a HEAD answer has a body, then checkResponse reports it; without one it keeps the contract', () => {
    const sample = { api: 'team' as const, method: 'HEAD', path: '/v2/providers', status: 200, contentType: 'application/json', json: false };
    expect(spec.checkResponse({ ...sample, body: undefined })).toEqual([]);
    expect(spec.checkResponse({ ...sample, body: '[]' })).toEqual([expect.stringContaining('a HEAD answer has a body')]);
  });
});
