/**
 * The classes of input an independent tester sends, in every parameter and every top-level body
 * key of every operation of both APIs, on the reference server and on the mock. The requests
 * come from the operation catalog (each definition's valid request, scripts/conformance/operations/),
 * with one place changed at a time:
 *
 *   - parameters (query, path, header): empty, non-finite numbers (`Infinity`, `NaN`, `1e400`),
 *     control characters, a very long text (10,000 characters), JSON of another shape as text
 *     (`{"a":1}`, `[1,2]`, `null`), and a query parameter sent twice;
 *   - body keys: a value of each JSON type (object, array, number, text, boolean, null).
 *
 * What must hold, on both: never a 5xx; every 4xx is JSON in the API's error shape
 * (`{"detail": "..."}` or `{"detail": [{loc, msg, type}]}`); every other answer has a documented
 * status and a body valid against the spec. A body the request schema refuses (checked here with
 * the bundle itself) is a 422, and a non-finite number in a numeric parameter is a 422 at it:
 * nothing the contract refuses is taken and stored altered.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import type { RawRequest, SeededWorld } from '../../scripts/conformance/operation.js';
import { OPERATIONS } from '../../scripts/conformance/operations/index.js';
import { API_NAMES, readBundle, type ApiName } from '../../scripts/conformance/openapi.js';
import { seedTeam } from '../../scripts/conformance/seed.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { createOrganization } from './world.js';
import { parseJsonText } from '../helpers/json-text.js';

type Json = Record<string, unknown>;
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  /** The scalar type of the parameter (of its items for an array). */
  type: string | undefined;
  array: boolean;
}
interface Operation {
  api: ApiName;
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  /** The JSON request body's schema pointer in the bundle, when the operation takes one. */
  bodySchema: string | null;
}
/** One changed request: where, what, and what it must get beyond the common checks. */
interface Variant {
  label: string;
  request: RawRequest;
  /** The raw query string, when a parameter is repeated (RawRequest's query holds one value per name). */
  search?: string;
  /** A 422 is required (at this place, when given). */
  refused?: { loc?: (string | number)[] };
}

const spec = new SpecIndex();
const bundles = { team: readBundle('team'), management: readBundle('management') } as Record<ApiName, Json>;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
(ajvFormats.default as unknown as (instance: Ajv2020) => void)(ajv);
for (const api of API_NAMES) ajv.addSchema(bundles[api], api);

const LONG = 'x'.repeat(10_000);
const CONTROL = 'a\u0001b\u001fc';
/** The texts of each class sent to a parameter; headers cannot carry control characters (Node's client refuses them). */
const PARAMETER_TEXTS: readonly { label: string; text: string; places: readonly Parameter['in'][] }[] = [
  { label: 'empty', text: '', places: ['query', 'header'] },
  { label: 'Infinity', text: 'Infinity', places: ['query', 'path', 'header'] },
  { label: 'NaN', text: 'NaN', places: ['query', 'path', 'header'] },
  { label: '1e400', text: '1e400', places: ['query', 'path', 'header'] },
  { label: 'control characters', text: CONTROL, places: ['query', 'path'] },
  { label: 'a 10,000-character text', text: LONG, places: ['query', 'path', 'header'] },
  { label: 'a JSON object as text', text: '{"a":1}', places: ['query', 'path', 'header'] },
  { label: 'a JSON array as text', text: '[1,2]', places: ['query', 'path', 'header'] },
  { label: 'null as text', text: 'null', places: ['query', 'path', 'header'] },
];
const BODY_VALUES: readonly { label: string; value: unknown }[] = [
  { label: 'an object', value: { a: 1 } },
  { label: 'an array', value: [1, 'two'] },
  { label: 'a number', value: 1e308 },
  { label: 'a text', value: CONTROL },
  { label: 'a boolean', value: true },
  { label: 'null', value: null },
];

function deref(api: ApiName, value: unknown): Json {
  let at = value as Json;
  while (typeof at?.$ref === 'string') at = (at.$ref as string).slice(2).split('/').reduce<Json>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, bundles[api]);
  return at;
}

function scalarType(api: ApiName, schema: Json): { type: string | undefined; array: boolean } {
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return scalarType(api, deref(api, options.find((option) => deref(api, option).type !== 'null')));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  if (type === 'array') return { type: scalarType(api, deref(api, schema.items)).type, array: true };
  return { type, array: false };
}

function operationsOf(api: ApiName): Operation[] {
  const found: Operation[] = [];
  for (const [template, item] of Object.entries(bundles[api].paths as Record<string, Json>)) {
    for (const [method, raw] of Object.entries(item)) {
      const operation = raw as { operationId?: string; parameters?: unknown[]; requestBody?: unknown };
      if (typeof operation?.operationId !== 'string') continue;
      const parameters = new Map<string, Parameter>();
      for (const entry of [...((item.parameters as unknown[]) ?? []), ...(operation.parameters ?? [])]) {
        const parameter = deref(api, entry) as { in: Parameter['in']; name: string; schema: unknown };
        parameters.set(`${parameter.in} ${parameter.name}`, { in: parameter.in, name: parameter.name, ...scalarType(api, deref(api, parameter.schema)) });
      }
      const body = operation.requestBody ? (deref(api, operation.requestBody).content as Json | undefined)?.['application/json'] : undefined;
      const pointer = `${api}#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody/content/application~1json/schema`;
      found.push({ api, operationId: operation.operationId, method: method.toUpperCase(), template, parameters: [...parameters.values()], bodySchema: body ? pointer : null });
    }
  }
  return found;
}

const OPERATION_LIST = API_NAMES.flatMap(operationsOf);
const definitions = new Map(OPERATIONS.map((definition) => [`${definition.api} ${definition.operationId}`, definition]));
const bodyValidators = new Map<string, ValidateFunction>();
const bodyIsValid = (pointer: string, body: unknown): boolean => {
  let validate = bodyValidators.get(pointer);
  if (!validate) bodyValidators.set(pointer, (validate = ajv.compile({ $ref: pointer })));
  return validate(body) as boolean;
};

/** The request with one parameter's value replaced by `text`. */
function withParameter(operation: Operation, request: RawRequest, parameter: Parameter, text: string): RawRequest {
  const [pathOnly, pathQuery] = request.path.split('?') as [string, string | undefined];
  const query: Record<string, string> = { ...Object.fromEntries(new URLSearchParams(pathQuery ?? '')), ...request.query };
  if (parameter.in === 'query') return { ...request, path: pathOnly, query: { ...query, [parameter.name]: text } };
  if (parameter.in === 'header') return { ...request, path: pathOnly, query, headers: { ...request.headers, [parameter.name]: text } };
  const at = operation.template.split('/').indexOf(`{${parameter.name}}`);
  return { ...request, query, path: pathOnly.split('/').map((segment, index) => (index === at ? encodeURIComponent(text) : segment)).join('/') };
}

function variantsOf(operation: Operation, request: RawRequest): Variant[] {
  const variants: Variant[] = [];
  for (const parameter of operation.parameters) {
    const numeric = parameter.type === 'integer' || parameter.type === 'number';
    for (const { label, text, places } of PARAMETER_TEXTS) {
      if (!places.includes(parameter.in)) continue;
      const nonFinite = ['Infinity', 'NaN', '1e400'].includes(text);
      variants.push({
        label: `${parameter.in} ${parameter.name}: ${label}`,
        request: withParameter(operation, request, parameter, text),
        ...(numeric && nonFinite && { refused: { loc: parameter.array ? [parameter.in, parameter.name, 0] : [parameter.in, parameter.name] } }),
      });
    }
    if (parameter.in === 'query') {
      // Sent twice: its valid value (or a text) then another.
      const changed = withParameter(operation, request, parameter, 'x');
      const query = new URLSearchParams(changed.query);
      const valid = new URLSearchParams(request.path.split('?')[1] ?? '').get(parameter.name) ?? request.query?.[parameter.name] ?? '1';
      query.set(parameter.name, valid);
      query.append(parameter.name, parameter.type === 'boolean' ? 'false' : numeric ? '2' : 'y');
      variants.push({ label: `query ${parameter.name}: sent twice`, request: { ...changed, query: {} }, search: query.toString() });
    }
  }
  if (operation.bodySchema && request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    for (const key of Object.keys(request.body)) {
      for (const { label, value } of BODY_VALUES) {
        const body = { ...(request.body as Json), [key]: value };
        variants.push({ label: `body ${key}: ${label}`, request: { ...request, body }, ...(!bodyIsValid(operation.bodySchema, body) && { refused: {} }) });
      }
    }
  }
  return variants;
}

describe('hostile values in every parameter and body key of every operation, on the server and the mock', () => {
  let server: TestServer;
  let mocks: RunningMocks;
  let world: SeededWorld;
  let sent = 0;
  let refused = 0;
  let started = 0;

  beforeAll(async () => {
    started = performance.now();
    [server, mocks] = await Promise.all([startTestServer(engines[0]!, {}, { labSimulator: true }), startMocks({ teamPort: 0, managementPort: 0 })]);
    const a = await seedTeam(server, { orgId: server.orgId, teamId: server.teamId, apiKey: server.apiKey, managementKey: server.managementKey }, 'hostile-a');
    const b = await seedTeam(server, await createOrganization(server, 'hostileb'), 'hostile-b');
    // The management requests change A2's settings: A itself stands in for it here.
    world = { a, a2: a, b };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([server?.close(), mocks?.close()]);
    console.log(`hostile values: ${sent} requests (${refused} of them a 422 the contract requires) over ${OPERATION_LIST.length} operations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  async function send(side: 'server' | 'mock', api: ApiName, variant: Variant) {
    const { request } = variant;
    const base = side === 'server' ? (api === 'team' ? server.teamUrl : server.managementUrl) : mocks.urls[api];
    const search = variant.search ?? [...Object.entries(request.query ?? {})].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
    const credential: Record<string, string> = api === 'team' ? { 'x-vital-api-key': world.a.apiKey } : { 'X-Management-Key': world.a.managementKey };
    const response = await fetch(`${base}${request.path}${search ? `?${search}` : ''}`, {
      method: request.method,
      headers: { ...(request.body !== undefined && { 'content-type': 'application/json' }), ...request.headers, ...credential },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      // A multipart upload goes as its bytes, with its own Content-Type (in request.headers).
      ...(request.rawBody !== undefined && { body: request.rawBody }),
    });
    sent++;
    const text = await response.text();
    const { body, json } = parseJsonText(text);
    return { status: response.status, contentType: response.headers.get('content-type'), text, body, json };
  }

  it('when the bundles are read, then every operation has a definition whose valid request the walk changes', () => {
    expect(OPERATION_LIST.filter((operation) => !definitions.has(`${operation.api} ${operation.operationId}`)).map((operation) => operation.operationId)).toEqual([]);
  });

  for (const operation of OPERATION_LIST) {
    const definition = definitions.get(`${operation.api} ${operation.operationId}`);
    if (!definition) continue;
    it(`${operation.api} ${operation.operationId}: no 5xx, every 4xx in the error shape, a refused body or non-finite number a 422, every other answer documented`, async () => {
      const valid = await definition.validRequest(world);
      for (const variant of variantsOf(operation, valid)) {
        for (const side of ['server', 'mock'] as const) {
          const answer = await send(side, operation.api, variant);
          const where = `${side}: ${operation.method} ${operation.template} with ${variant.label} -> ${answer.status} ${answer.text.slice(0, 300)}`;
          expect(answer.status, where).toBeLessThan(500);
          if (variant.refused) {
            refused++;
            expect(answer.status, where).toBe(422);
            if (variant.refused.loc) expect((answer.body as { detail: { loc: unknown }[] }).detail, where).toContainEqual(expect.objectContaining({ loc: variant.refused.loc }));
          }
          if (answer.status >= 400) {
            expect(answer.contentType, where).toMatch(/^application\/json/);
            expect(answer.body, where).toEqual({ detail: expect.anything() });
            const detail = (answer.body as { detail: unknown }).detail;
            if (typeof detail !== 'string') expect(detail, where).toEqual(expect.arrayContaining([expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) })]));
          } else {
            const path = variant.request.path;
            expect(spec.checkResponse({ api: operation.api, method: variant.request.method, path, status: answer.status, contentType: answer.contentType, body: answer.body, json: answer.json }, { allowGeneric: true }), where).toEqual([]);
          }
        }
      }
    }, 300_000);
  }
});
