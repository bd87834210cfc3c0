import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../../server/http/create-api-app.js';
import { FrozenParts } from '../../server/http/frozen-parts.js';
import { silentLogger } from '../helpers/silent-logger.js';

/** Two operations with the same response schema (`{items: string[]}`), and a third that wants numbers. */
const document = {
  openapi: '3.1.0',
  info: { title: 'response validation', version: '1' },
  paths: {
    '/good': { get: { operationId: 'good', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Items' } } } } } } },
    '/bad': { get: { operationId: 'bad', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Items' } } } } } } },
    '/numbers': {
      get: {
        operationId: 'numbers',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'number' } } } } } },
          },
        },
      },
    },
    '/fresh': { get: { operationId: 'fresh', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Items' } } } } } } },
  },
  components: {
    schemas: { Items: { type: 'object', required: ['items'], additionalProperties: false, properties: { items: { type: 'array', items: { type: 'string' } } } } },
  },
};

/** Every body the apps checked against its schema. */
const checked: unknown[] = [];

// Memoised bodies: frozen, the same object on every call (as memo.ts's memoise returns them).
const validBody = Object.freeze({ items: ['a', 'b'] });
const invalidBody = Object.freeze({ items: ['a'], extra: true });

function app(validateResponses: boolean) {
  return createApiApp({
    name: 'test',
    document: structuredClone(document) as never,
    handlers: {
      good: async () => ({ status: 200, body: validBody }),
      bad: async () => ({ status: 200, body: invalidBody }),
      numbers: async () => ({ status: 200, body: validBody }),
      fresh: async () => ({ status: 200, body: { items: ['a', 'b'] } }),
    } as never,
    authenticators: {},
    validateResponses,
    onResponseCheck: (body) => checked.push(body),
    logger: silentLogger(),
    errors: { missingCredentialDetail: 'missing', invalidCredentialDetail: 'invalid' },
  });
}

afterEach(() => {
  checked.length = 0;
});

describe('response validation of memoised bodies', () => {
  it('when a memoised body is sent three times, then it is validated once and every answer carries the same bytes', async () => {
    const served = app(true);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await request(served).get('/good'));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.text).toBe('{"items":["a","b"]}');
    }
    expect(checked.filter((body) => body === validBody)).toHaveLength(1);
  });

  it('when a memoised body breaks the contract, then it is a 500 in the API error shape on the first send and on every later one', async () => {
    const served = app(true);
    for (let i = 0; i < 3; i++) {
      const answer = await request(served).get('/bad');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ detail: 'Internal server error.' });
    }
    expect(checked.filter((body) => body === invalidBody)).toHaveLength(3);
  });

  it('when a memoised body passed for one operation, then another operation whose schema it breaks still gets a 500', async () => {
    const served = app(true);
    expect((await request(served).get('/good')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await request(served).get('/numbers')).status).toBe(500);
    expect((await request(served).get('/good')).status).toBe(200);
    expect(checked.filter((body) => body === validBody)).toHaveLength(3);
  });

  it('when a body is built afresh for each request, then each one is validated', async () => {
    const served = app(true);
    for (let i = 0; i < 2; i++) expect((await request(served).get('/fresh')).text).toBe('{"items":["a","b"]}');
    expect(checked).toHaveLength(2);
  });

  it('when response validation is off, then nothing is validated and the contract-breaking body is sent as it is', async () => {
    const served = app(false);
    const answer = await request(served).get('/bad');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ items: ['a'], extra: true });
    expect(checked).toHaveLength(0);
  });
});

// Any JSON body passes these operations' response schema.
const anyBodyDocument = {
  ...document,
  paths: Object.fromEntries(
    Object.keys(document.paths).map((path) => [path, { get: { operationId: path.slice(1), responses: { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } } } }]),
  ),
};

describe.each([false, true])('bodies with frozen parts (response validation: %s)', (validateResponses) => {
  // A part shared by the items of a body, as a memoised lab test is by the orders of a page.
  const shared = Object.freeze({ name: 'shared "part"', list: [1, 2], nested: { text: 'é \u2028 \\ /' } });
  const partsApp = () =>
    createApiApp({
      name: 'test',
      document: structuredClone(anyBodyDocument) as never,
      handlers: {
        good: async () => ({ status: 200, body: { items: [{ id: 1, part: shared }, { id: 2, part: shared, more: [shared, null] }], tail: 'x' } }),
        bad: async () => ({ status: 200, body: { items: [], text: '\u0000part:looks like a mark:0' } }),
        numbers: async () => ({ status: 200, body: { part: shared } }),
        fresh: async () => ({ status: 200, body: [shared, Object.freeze([1, 'two'])] }),
      } as never,
      authenticators: {},
      validateResponses,
      logger: silentLogger(),
      errors: { missingCredentialDetail: 'missing', invalidCredentialDetail: 'invalid' },
    });

  it('when a body holds the same frozen part several times, then its bytes are exactly JSON.stringify of the body, on every send', async () => {
    const served = partsApp();
    const expected = {
      '/good': JSON.stringify({ items: [{ id: 1, part: shared }, { id: 2, part: shared, more: [shared, null] }], tail: 'x' }),
      '/numbers': JSON.stringify({ part: shared }),
      '/fresh': JSON.stringify([shared, [1, 'two']]),
    };
    for (let round = 0; round < 2; round++) {
      for (const [path, text] of Object.entries(expected)) {
        const answer = await request(served).get(path);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.text).toBe(text);
        expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(text));
      }
    }
  });

  it('when a frozen part is in several bodies, then it is serialised once (its properties read as for one serialisation), whatever the number of sends', async () => {
    let reads = 0;
    const counted = Object.freeze(Object.defineProperty({}, 'value', { enumerable: true, get: () => (reads += 1, 'v') }));
    const served = createApiApp({
      name: 'test',
      document: structuredClone(anyBodyDocument) as never,
      handlers: { good: async () => ({ status: 200, body: { items: [counted, counted, { again: counted }] } }), bad: async () => ({ status: 200, body: {} }), numbers: async () => ({ status: 200, body: {} }), fresh: async () => ({ status: 200, body: {} }) } as never,
      authenticators: {},
      validateResponses,
      logger: silentLogger(),
      errors: { missingCredentialDetail: 'missing', invalidCredentialDetail: 'invalid' },
    });
    // As many reads as serialising the part alone, once: the first send serialised it once for
    // its three places, and the second send not at all.
    new FrozenParts().toSend({ part: counted });
    const once = reads;
    reads = 0;
    for (let i = 0; i < 2; i++) expect((await request(served).get('/good')).text).toBe('{"items":[{"value":"v"},{"value":"v"},{"again":{"value":"v"}}]}');
    expect(once).toBeGreaterThan(0);
    expect(reads).toBe(once);
  });

  it('when a text of the body looks like the mark of a part, then it is sent as it is', async () => {
    const answer = await request(partsApp()).get('/bad');
    expect(answer.text).toBe(JSON.stringify({ items: [], text: '\u0000part:looks like a mark:0' }));
  });
});

describe('bodies with frozen parts, validated', () => {
  it('when a body with a frozen part breaks the contract, then it is a 500 in the API error shape, and the next valid body is sent whole', async () => {
    const part = Object.freeze({ not: 'a number' });
    let body: object = { items: [part, part] };
    const served = createApiApp({
      name: 'test',
      document: structuredClone(document) as never,
      handlers: { good: async () => ({ status: 200, body: validBody }), bad: async () => ({ status: 200, body: invalidBody }), numbers: async () => ({ status: 200, body }), fresh: async () => ({ status: 200, body: validBody }) } as never,
      authenticators: {},
      validateResponses: true,
      onResponseCheck: (checkedBody) => checked.push(checkedBody),
      logger: silentLogger(),
      errors: { missingCredentialDetail: 'missing', invalidCredentialDetail: 'invalid' },
    });
    const refused = await request(served).get('/numbers');
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({ detail: 'Internal server error.' });
    body = { items: [1, 2] };
    const answer = await request(served).get('/numbers');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"items":[1,2]}');
    expect(checked).toHaveLength(2);
  });
});
