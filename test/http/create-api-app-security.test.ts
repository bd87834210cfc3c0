import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/api-error.js';
import { createApiApp, securityKey, type Authenticator } from '../../server/http/create-api-app.js';
import type { OpenApiDocument } from '../../server/shared/documents.js';
import { silentLogger } from '../helpers/silent-logger.js';

type Ctx = { who: string };

/** One operation behind a key alone, one behind a key or a token (alternatives), one public. */
const document = {
  openapi: '3.1.0',
  info: { title: 'security test', version: '1' },
  security: [{ Key: [] }],
  paths: {
    '/keyed': { get: { operationId: 'keyed', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } },
    '/either': {
      get: {
        operationId: 'either',
        security: [{ Key: [] }, { Token: [] }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/public': { get: { operationId: 'open', security: [], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } },
  },
  components: {
    securitySchemes: {
      Key: { type: 'apiKey', in: 'header', name: 'x-key' },
      Token: { type: 'apiKey', in: 'header', name: 'x-token' },
    },
  },
} as unknown as OpenApiDocument;

const handlers = {
  keyed: async (_request: unknown, context: Ctx) => ({ status: 200, body: { who: context.who } }),
  either: async (_request: unknown, context: Ctx) => ({ status: 200, body: { who: context.who } }),
  open: async () => ({ status: 200, body: {} }),
};

function app(authenticators: Record<string, Authenticator<Ctx>>) {
  return createApiApp<typeof handlers, Ctx>({
    name: 'test API',
    document,
    handlers: handlers as never,
    authenticators,
    validateResponses: true,
    logger: silentLogger(),
    errors: { missingCredentialDetail: 'Missing credentials.', invalidCredentialDetail: 'Invalid credentials.' },
  });
}

const byKey: Authenticator<Ctx> = (req) => {
  if (req.headers['x-key'] !== 'good') throw new ApiError(401, 'Bad key.');
  return { who: 'key' };
};
let eitherCalls = 0;
const byKeyOrToken: Authenticator<Ctx> = async (req) => {
  eitherCalls++;
  if (req.headers['x-token'] === 'good') return { who: req.headers['x-key'] ? 'key and token' : 'token' };
  throw new ApiError(401, 'Bad token.');
};

describe('createApiApp: one authenticator per security of the operations', () => {
  it('when the security lists alternatives, then its key joins them with " | " (and schemes required together with " & ")', () => {
    expect(securityKey([{ Key: [] }, { Token: [] }])).toBe('Key | Token');
    expect(securityKey([{ Key: [], Token: [] }])).toBe('Key & Token');
  });

  it('when a security of the document has no authenticator, then the app refuses to start, naming it', () => {
    expect(() => app({ Key: byKey })).toThrow('The test API API has no authenticator for the security "Key | Token".');
  });

  it("when an operation lists alternatives, then its authenticator decides once per request, whichever scheme's header came", async () => {
    const served = app({ Key: byKey, 'Key | Token': byKeyOrToken });
    eitherCalls = 0;
    expect((await request(served).get('/either').set('x-token', 'good')).body).toEqual({ who: 'token' });
    expect((await request(served).get('/either').set('x-token', 'good').set('x-key', 'any')).body).toEqual({ who: 'key and token' });
    expect(eitherCalls).toBe(2);
    expect((await request(served).get('/keyed').set('x-key', 'good')).body).toEqual({ who: 'key' });
    expect((await request(served).get('/public')).status).toBe(200);
  });

  it("when every alternative fails, then the answer is the authenticator's own reason, not the first scheme's missing header", async () => {
    const served = app({ Key: byKey, 'Key | Token': byKeyOrToken });
    const refused = await request(served).get('/either').set('x-token', 'bad');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: 'Bad token.' });
    const neither = await request(served).get('/either');
    expect(neither.status).toBe(401);
    expect(neither.body).toEqual({ detail: 'Missing credentials.' });
  });
});
