/**
 * The mock's reliance on Prism's private code (mocks/prism-internals.ts), checked against the
 * installed Prism: the version guard, each function required from a dist/ file, the routing
 * error names, the violation codes and the message formats prism-violations.ts takes apart.
 * When Prism (or the ajv it validates with, whose messages Prism passes on) changes, one of
 * these fails and says which assumption broke.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, getHttpOperationsFromSpec, type IHttpRequest } from '@stoplight/prism-http';
import { createLogger } from '@stoplight/prism-core';
import type { IHttpOperation } from '@stoplight/types';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkPrismVersions,
  CONTENT_TYPE_VIOLATION_CODE,
  EXTRA_KEY_SUFFIXES,
  getHttpConfigFromRequest,
  METHOD_NOT_MATCHED_ERROR,
  NOT_FOUND_ERROR,
  PRISM_INTERNALS_USERS,
  PRISM_VERSIONS,
  prismMessagePrefix,
  prismRoute,
  REQUIRED_PROPERTY,
  SECURITY_VIOLATION_CODE,
  type PrismPackage,
} from '../../mocks/prism-internals.js';
import { toValidationErrorItems, toViolation, type PrismValidation } from '../../mocks/prism-violations.js';
import { PRISM_CONFIG } from '../../mocks/mock-server.js';
import { dependencyVersionProblem, installedVersion } from '../../server/shared/dependency-version.js';

const MOCKS = path.resolve(import.meta.dirname, '../../mocks');

describe('mocks/', () => {
  it('when its files are read, then only prism-internals.ts requires files of a package\'s dist/ folder', () => {
    const reaching = readdirSync(MOCKS)
      .filter((name) => name.endsWith('.ts') && name !== 'prism-internals.ts')
      .filter((name) => /createRequire|['"]@stoplight\/[^'"]+\/dist\//.test(readFileSync(path.join(MOCKS, name), 'utf8')));
    expect(reaching, 'Prism internals are used only through mocks/prism-internals.ts, behind its version guard').toEqual([]);
  });
});

const PACKAGES = Object.entries(PRISM_VERSIONS).map(([name, expected]) => ({ name: name as PrismPackage, expected }));

describe.each(PACKAGES)('the version guard of $name', ({ name, expected }) => {
  it('when the installed version (read from its package.json) is the one the mock was written for, then the guard passes', () => {
    expect(installedVersion(name), `${name} moved: re-check ${PRISM_INTERNALS_USERS}, then change PRISM_VERSIONS`).toBe(expected);
    expect(() => checkPrismVersions()).not.toThrow();
  });

  it('when another version is installed, then the guard stops with the package, both versions and what to re-check', () => {
    const other = `${expected}-other`;
    const message = dependencyVersionProblem(name, expected, PRISM_INTERNALS_USERS, other)!;
    expect(() => checkPrismVersions({ [name]: other })).toThrow(message);
    expect(message).toContain(`${name} ${other} is installed`);
    expect(message).toContain(`${name} ${expected} exactly`);
    expect(message).toContain('mocks/prism-internals.ts');
  });
});

/**
 * A tiny document with one operation that can break each rule the mock reads from Prism: a
 * query maximum, a nested required property, an unknown key of a closed object
 * (additionalProperties) and of an object closing a shared one (unevaluatedProperties, which
 * needs the 2020-12 dialect, as the mock sets it), a key header and a JSON body; and the
 * 401 and 422 responses Prism answers such requests from, as the APIs document them.
 */
const DOCUMENT = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
  info: { title: 'tiny', version: '1' },
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } },
    schemas: { Named: { type: 'object', properties: { name: { type: 'string' } } } },
  },
  security: [{ key: [] }],
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        parameters: [{ name: 'size', in: 'query', schema: { type: 'integer', maximum: 100 } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['insured'],
                properties: {
                  insured: { type: 'object', required: ['dob'], properties: { dob: { type: 'string' } } },
                  details: { allOf: [{ $ref: '#/components/schemas/Named' }], unevaluatedProperties: false },
                },
              },
            },
          },
        },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { type: 'object' }, example: {} } } },
          '401': { description: 'no key', content: { 'application/json': { schema: { type: 'object' }, example: { detail: 'no key' } } } },
          '422': { description: 'invalid', content: { 'application/json': { schema: { type: 'object' }, example: { detail: [] } } } },
        },
      },
    },
  },
};

let operations: IHttpOperation[];
beforeAll(async () => {
  operations = await getHttpOperationsFromSpec(DOCUMENT);
});

const request = (overrides: Partial<IHttpRequest> = {}): IHttpRequest => ({
  method: 'post',
  url: { path: '/things', query: {} },
  headers: { 'content-type': 'application/json', 'x-key': 'anything' },
  body: { insured: { dob: '1990-01-01' } },
  ...overrides,
});

/** What Prism's validation says about a request, as the mock reads it (`validations.input`). */
async function validationsOf(input: IHttpRequest): Promise<PrismValidation[]> {
  const prism = createInstance(PRISM_CONFIG, { logger: createLogger('test', { level: 'silent' }) });
  const outcome = await prism.request(input, operations, PRISM_CONFIG)();
  if (outcome._tag === 'Left') throw outcome.left;
  return outcome.right.validations.input as PrismValidation[];
}

describe('Prism\'s router (dist/router)', () => {
  it('when a request is for a documented operation, then it answers that operation', () => {
    expect(typeof prismRoute, 'dist/router/index.js no longer has a default export function').toBe('function');
    const routed = prismRoute({ resources: operations, input: request() });
    expect(routed._tag === 'Right' && routed.right.iid).toBe('createThing');
  });

  it('when the path is unknown or the method is not documented, then the errors are named as the mock reads them (404, 405)', () => {
    const unknown = prismRoute({ resources: operations, input: request({ url: { path: '/nothing' } }) });
    const method = prismRoute({ resources: operations, input: request({ method: 'get' }) });
    expect(unknown._tag === 'Left' && unknown.left.name, 'the unknown path error no longer matches NOT_FOUND_ERROR').toMatch(NOT_FOUND_ERROR);
    expect(method._tag === 'Left' && method.left.name, 'the wrong method error no longer matches METHOD_NOT_MATCHED_ERROR').toMatch(METHOD_NOT_MATCHED_ERROR);
  });
});

describe('Prism\'s Prefer parser (prism-http-server dist/getHttpConfigFromRequest)', () => {
  it('when a request states preferences in the Prefer header or the query, then they come back by the names the mock uses', () => {
    expect(typeof getHttpConfigFromRequest, 'dist/getHttpConfigFromRequest.js no longer exports getHttpConfigFromRequest').toBe('function');
    const header = getHttpConfigFromRequest({ headers: { prefer: 'code=404, example=missing_key, dynamic=true' }, url: { path: '/' } });
    expect(header).toEqual({ _tag: 'Right', right: { code: 404, exampleKey: 'missing_key', dynamic: true, seed: undefined } });
    const query = getHttpConfigFromRequest({ url: { path: '/', query: { __code: '201', __example: 'a' } } });
    expect(query).toMatchObject({ _tag: 'Right', right: { code: 201, exampleKey: 'a' } });
  });

  it('when a preference is malformed, then it is an error with a detail (the mock\'s 422 message)', () => {
    const refused = getHttpConfigFromRequest({ headers: { prefer: 'code=abc' }, url: { path: '/' } });
    expect(refused._tag).toBe('Left');
    expect(refused._tag === 'Left' && refused.left.detail).toMatch(/abc/);
  });
});

describe('Prism\'s validation messages and codes', () => {
  it('when a request breaks a maximum, a required property, additionalProperties and unevaluatedProperties, then each message has the prefix and the suffix the mock cuts', async () => {
    const validations = await validationsOf(
      request({ url: { path: '/things', query: { size: '101' } }, body: { insured: {}, extra: 1, details: { name: 'a', middle: 'b' } } }),
    );
    const byCode = (code: string) => {
      const found = validations.find((validation) => validation.code === code);
      expect(found, `Prism reported no "${code}" violation: ${JSON.stringify(validations)}`).toBeDefined();
      return found!;
    };
    const maximum = byCode('maximum');
    expect(maximum.path).toEqual(['query', 'size']);
    expect(maximum.message.startsWith(prismMessagePrefix('query', ['size'])), `prefix of "${maximum.message}"`).toBe(true);

    const required = byCode('required');
    expect(required.path).toEqual(['body', 'insured']);
    expect(required.message.startsWith(prismMessagePrefix('body', ['insured'])), `prefix of "${required.message}"`).toBe(true);
    expect(required.message, 'REQUIRED_PROPERTY no longer finds the missing property').toMatch(REQUIRED_PROPERTY);

    for (const [keyword, key, path] of [
      ['additionalProperties', 'extra', ['body']],
      ['unevaluatedProperties', 'middle', ['body', 'details']],
    ] as const) {
      const extra = byCode(keyword);
      expect(extra.path).toEqual(path);
      expect(extra.message.startsWith(prismMessagePrefix('body', path.slice(1))), `prefix of "${extra.message}"`).toBe(true);
      expect(EXTRA_KEY_SUFFIXES.get(keyword)!.exec(extra.message)?.[1], `EXTRA_KEY_SUFFIXES no longer finds the key in "${extra.message}"`).toBe(key);
    }

    expect(toViolation(required)).toEqual({ part: 'body', path: ['insured'], keyword: 'required', message: "must have required property 'dob'", property: 'dob' });
    expect(toValidationErrorItems(validations).map(({ loc, type }) => ({ loc, type }))).toEqual(
      expect.arrayContaining([
        { loc: ['query', 'size'], type: 'less_than_equal' },
        { loc: ['body', 'insured', 'dob'], type: 'missing' },
        { loc: ['body', 'extra'], type: 'extra_forbidden' },
        { loc: ['body', 'details', 'middle'], type: 'extra_forbidden' },
      ]),
    );
  });

  it('when the key header is missing, then the violation has the security code the mock answers 401 for', async () => {
    const { 'x-key': _key, ...headers } = request().headers!;
    const validations = await validationsOf(request({ headers }));
    expect(validations.map((validation) => validation.code), JSON.stringify(validations)).toContain(SECURITY_VIOLATION_CODE);
  });

  it('when the body is not in a documented media type, then the violation has the content-type code the mock reads', async () => {
    // Prism checks the media type only of a body with a content-length, as a server reads it.
    const validations = await validationsOf(request({ headers: { 'content-type': 'text/plain', 'content-length': '4', 'x-key': 'anything' }, body: 'text' }));
    expect(validations.map((validation) => validation.code), JSON.stringify(validations)).toContain(CONTENT_TYPE_VIOLATION_CODE);
  });

  it('when the request is valid, then Prism reports no error', async () => {
    expect((await validationsOf(request())).filter((validation) => validation.severity === 0)).toEqual([]);
  });
});
