/**
 * Number-like and boolean-like text in every numeric and boolean parameter of every operation,
 * on the reference server and on the mock alike. The parameters are read from the bundles, the
 * requests from the operation catalog (each definition's valid request, scripts/conformance/operations/),
 * with one parameter's value replaced by a text from a pool: the texts a tester sends
 * (`Infinity`, `-Infinity`, `NaN`, `1e400`, `0x10`, `1_000`, ` 5`, `5 `, `+5`, `05`, `-0`,
 * `9007199254740993`, empty...) and, with fast-check, integers and numbers written the ways
 * clients write them (signs, leading zeros, underscores, `.0`, spaces around) or in ways the
 * rule refuses. Each text carries the value it means by the API's rule (the documents'
 * "Parameter values"), written here on its own, not taken from the server's code:
 *
 *   - never a 5xx;
 *   - a text the rule refuses, or a value out of the parameter's bounds: a 422 naming the
 *     parameter (its index for an array), in the API's error shape;
 *   - a value the rule reads within bounds: no 422 item at the parameter, and on the server a
 *     GET answers exactly as it answers the value written plainly (`5`, `true`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import type { RawRequest, SeededWorld } from '../../scripts/conformance/operation.js';
import { OPERATIONS } from '../../scripts/conformance/operations/index.js';
import { type ApiName, readBundle } from '../../scripts/conformance/openapi.js';
import { seedTeam } from '../../scripts/conformance/seed.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { createOrganization } from './world.js';

type Kind = 'integer' | 'number' | 'boolean' | 'string';
/** A text and what it means: a number or boolean, or null when the rule refuses the text. */
interface Sample {
  text: string;
  value: bigint | number | boolean | null;
}
interface Parameter {
  api: ApiName;
  operationId: string;
  method: string;
  template: string;
  in: 'query' | 'path' | 'header';
  name: string;
  kind: Kind;
  array: boolean;
  minimum?: number;
  maximum?: number;
}

const LARGEST = BigInt(Number.MAX_SAFE_INTEGER);
const GENERATED_RUNS = Number(process.env.PARAMETER_VALUE_RUNS || 400);

/** What a tester sends to a numeric parameter, with what each text means to the API. */
const INTEGER_SAMPLES: Sample[] = [
  { text: 'Infinity', value: null },
  { text: '-Infinity', value: null },
  { text: 'NaN', value: null },
  { text: '1e400', value: null },
  { text: '0x10', value: null },
  { text: '1_000', value: 1000n },
  { text: ' 5', value: 5n },
  { text: '5 ', value: 5n },
  { text: '+5', value: 5n },
  { text: '05', value: 5n },
  { text: '-0', value: 0n },
  { text: '9007199254740993', value: 9007199254740993n },
  { text: '-9007199254740993', value: -9007199254740993n },
  { text: '', value: null },
  { text: ' ', value: null },
  { text: '5.0', value: 5n },
  { text: '5.', value: null },
  { text: '5.5', value: null },
  { text: '1e2', value: null },
  { text: '1__0', value: null },
  { text: '_1', value: null },
  { text: '1_', value: null },
  { text: '++5', value: null },
  { text: '\u00a05', value: null },
  { text: '\u0665', value: null },
  { text: 'five', value: null },
  { text: '5\u0000', value: null },
  { text: '1'.repeat(400), value: BigInt('1'.repeat(400)) },
];

const NUMBER_SAMPLES: Sample[] = [
  ...INTEGER_SAMPLES.filter(({ text }) => !['5.', '1e2', '5.5'].includes(text)).map(({ text, value }) => ({ text, value: typeof value === 'bigint' ? Number(value) : value })),
  { text: '5.', value: 5 },
  { text: '.5', value: 0.5 },
  { text: '5.5', value: 5.5 },
  { text: '1e1', value: 10 },
  { text: 'inf', value: null },
  { text: '-inf', value: null },
  { text: 'nan', value: null },
  { text: '1e-400', value: 0 },
];

const BOOLEAN_SAMPLES: Sample[] = [
  ...['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'y', 'on', 'ON', '1'].map((text) => ({ text, value: true })),
  ...['false', 'False', 'f', 'F', 'no', 'NO', 'n', 'off', 'Off', '0'].map((text) => ({ text, value: false })),
  ...['', ' true', 'true ', 'truee', 'yess', '2', '-1', 'Infinity', 'null', 'none', '0x0', '01'].map((text) => ({ text, value: null })),
];

const SPACE = fc.constantFrom('', '', ' ', '  ', '\t');

/** An integer written as a client might: spaces, a sign, leading zeros, underscores between digits, a `.0` fraction. */
const writtenInteger: fc.Arbitrary<Sample> = fc
  .record({ value: fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), before: SPACE, after: SPACE, plus: fc.boolean(), zeros: fc.nat(2), underscores: fc.boolean(), fraction: fc.constantFrom('', '.0', '.00') })
  .map(({ value, before, after, plus, zeros, underscores, fraction }) => {
    const digits = '0'.repeat(zeros) + (value < 0n ? -value : value).toString();
    const grouped = underscores ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, '_') : digits;
    const sign = value < 0n ? '-' : plus ? '+' : '';
    return { text: `${before}${sign}${grouped}${fraction}${after}`, value };
  });

/** Texts that look like numbers but are not written by the rule. */
const brokenInteger: fc.Arbitrary<Sample> = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.constantFrom('0x', '0b', '0o', '#', '$', '--', '+-', '_', '\u00a0', '\u2003', '\u0660'), fc.constantFrom('e3', '__1', '_', '.', '.5', 'L', 'n', '%', '\u00a0'), fc.boolean())
  .map(([value, prefix, suffix, which]) => ({ text: which ? `${prefix}${value}` : `${value}${suffix}`, value: null }));

/** Doubles as JavaScript writes them (`1e+21`, `5e-324`), non-finite ones included: numbers only. */
const writtenNumber: fc.Arbitrary<Sample> = fc.double().map((value) => ({ text: String(value), value: Number.isFinite(value) ? value : null }));

const within = (parameter: Parameter, value: bigint | number): boolean => {
  if (typeof value === 'bigint') {
    if (value > LARGEST || value < -LARGEST) return false;
    return (parameter.minimum === undefined || value >= BigInt(parameter.minimum)) && (parameter.maximum === undefined || value <= BigInt(parameter.maximum));
  }
  return (parameter.minimum === undefined || value >= parameter.minimum) && (parameter.maximum === undefined || value <= parameter.maximum);
};

/** Whether the API takes the sample in this parameter. */
const accepted = (parameter: Parameter, sample: Sample) => sample.value !== null && (typeof sample.value === 'boolean' || within(parameter, sample.value));

/** The value written plainly (`5`, `0.5`, `true`). */
const plain = (sample: Sample) => String(sample.value);

type JsonObject = Record<string, unknown>;

/** The parameters of every operation of a bundle whose items are of these types, read from the bundle itself. */
function parametersOf(api: ApiName, types: readonly string[]): Parameter[] {
  const bundle = readBundle(api) as JsonObject;
  const deref = (value: unknown): JsonObject => {
    let at = value as JsonObject;
    while (typeof at?.$ref === 'string') at = (at.$ref as string).slice(2).split('/').reduce<JsonObject>((node, key) => node[key] as JsonObject, bundle);
    return at;
  };
  const withoutNull = (schema: JsonObject): JsonObject => {
    const options = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
    if (options) return withoutNull(deref(options.find((option) => deref(option).type !== 'null')));
    if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== 'null') };
    return schema;
  };
  const found: Parameter[] = [];
  for (const [template, item] of Object.entries(bundle.paths as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as { operationId?: string; parameters?: unknown[] };
      if (typeof op?.operationId !== 'string') continue;
      for (const raw of [...((item.parameters as unknown[]) ?? []), ...(op.parameters ?? [])]) {
        const parameter = deref(raw) as { in: Parameter['in']; name: string; schema: unknown };
        const schema = withoutNull(deref(parameter.schema));
        const array = schema.type === 'array';
        const scalar = array ? withoutNull(deref(schema.items)) : schema;
        if (!types.includes(scalar.type as string)) continue;
        found.push({
          api,
          operationId: op.operationId,
          method: method.toUpperCase(),
          template,
          in: parameter.in,
          name: parameter.name,
          kind: scalar.type as Kind,
          array,
          ...(typeof scalar.minimum === 'number' && { minimum: scalar.minimum }),
          ...(typeof scalar.maximum === 'number' && { maximum: scalar.maximum }),
        });
      }
    }
  }
  return found;
}

const NUMERIC = ['integer', 'number', 'boolean'];
const PARAMETERS = [...parametersOf('team', NUMERIC), ...parametersOf('management', NUMERIC)];
/** The text query parameters, each sent with an empty value to the server and the mock. */
const TEXT_QUERY_PARAMETERS = [...parametersOf('team', ['string']), ...parametersOf('management', ['string'])].filter((parameter) => parameter.in === 'query');

const definitions = new Map(OPERATIONS.map((definition) => [`${definition.api} ${definition.operationId}`, definition]));
const samplesOf = (kind: Kind) => (kind === 'integer' ? INTEGER_SAMPLES : kind === 'number' ? NUMBER_SAMPLES : BOOLEAN_SAMPLES);
const generatedOf = (kind: Kind): fc.Arbitrary<Sample> =>
  kind === 'boolean'
    ? fc.constantFrom(...BOOLEAN_SAMPLES)
    : kind === 'integer'
      ? fc.oneof(writtenInteger, brokenInteger)
      : // `5e3`, `5.` and `5.5` are broken integers but numbers written by the rule: left to writtenNumber.
        fc.oneof(writtenInteger.map(({ text, value }) => ({ text, value: Number(value) })), brokenInteger.filter(({ text }) => !/^[0-9]+(e3|\.|\.5)$/.test(text)), writtenNumber);

/**
 * A header value cannot carry line breaks or NUL (Node's client refuses to send them); an empty
 * path segment is another URL, not this operation with an empty value.
 */
const sendable = (parameter: Parameter, sample: Sample) =>
  (parameter.in !== 'header' || !/[\n\r\u000b\f\u0000\u0080-\uffff]/.test(sample.text)) && (parameter.in !== 'path' || sample.text !== '');

/** A JSON body with its date-times blanked: estimates computed from the clock move between two calls. */
const withoutInstants = (text: string): unknown => JSON.parse(text.replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"(instant)"'));

interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

describe('number-like text in every numeric and boolean parameter, on the server and the mock', () => {
  let server: TestServer;
  let mocks: RunningMocks;
  let world: SeededWorld;
  const requests = new Map<string, RawRequest>();
  let sent = 0;
  let started = 0;

  beforeAll(async () => {
    started = performance.now();
    [server, mocks] = await Promise.all([startTestServer(engines[0]!, {}, { labSimulator: true }), startMocks({ teamPort: 0, managementPort: 0 })]);
    const a = await seedTeam(server, { orgId: server.orgId, teamId: server.teamId, apiKey: server.apiKey, managementKey: server.managementKey }, 'values-a');
    const b = await seedTeam(server, await createOrganization(server, 'valuesb'), 'values-b');
    // The management requests change A2's settings: A itself stands in for it here.
    world = { a, a2: a, b };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([server?.close(), mocks?.close()]);
    console.log(`parameter values: ${sent} requests over ${PARAMETERS.length} parameters in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  /** The operation's valid request, made once per operation (a later one may find its order simulated: any 4xx but the parameter's 422 is fine). */
  async function validRequest(parameter: Parameter): Promise<RawRequest> {
    const key = `${parameter.api} ${parameter.operationId}`;
    let request = requests.get(key);
    if (!request) {
      const definition = definitions.get(key);
      if (!definition) throw new Error(`${key} has no operation definition`);
      request = await definition.validRequest(world);
      requests.set(key, request);
    }
    return request;
  }

  async function send(side: 'server' | 'mock', parameter: Parameter, text: string): Promise<Answer> {
    const request = await validRequest(parameter);
    const base = side === 'server' ? (parameter.api === 'team' ? server.teamUrl : server.managementUrl) : mocks.urls[parameter.api];
    // A valid request may carry its query in its path: the parameter's text replaces its value there too.
    const [pathOnly, pathQuery] = request.path.split('?') as [string, string | undefined];
    const query = new URLSearchParams(pathQuery ?? '');
    for (const [name, value] of Object.entries(request.query ?? {})) query.set(name, String(value));
    const headers: Record<string, string> = { ...request.headers, ...(parameter.api === 'team' ? { 'x-vital-api-key': world.a.apiKey } : { 'X-Management-Key': world.a.managementKey }) };
    let path = pathOnly;
    if (parameter.in === 'query') query.set(parameter.name, text);
    else if (parameter.in === 'header') headers[parameter.name] = text;
    else {
      const at = parameter.template.split('/').indexOf(`{${parameter.name}}`);
      path = path.split('/').map((segment, index) => (index === at ? encodeURIComponent(text) : segment)).join('/');
    }
    // encodeURIComponent, not URLSearchParams' `+` for a space: the text arrives exactly as written.
    const search = [...query.entries()].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
    const response = await fetch(`${base}${path}${search ? `?${search}` : ''}`, {
      method: request.method,
      headers: { ...(request.body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      // A multipart upload goes as its bytes, with its own Content-Type (in request.headers).
      ...(request.rawBody !== undefined && { body: request.rawBody }),
    });
    sent++;
    return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
  }

  async function expectReading(side: 'server' | 'mock', parameter: Parameter, sample: Sample): Promise<void> {
    const answer = await send(side, parameter, sample.text);
    const where = `${side}: ${parameter.method} ${parameter.template} ${parameter.in} ${parameter.name}=${JSON.stringify(sample.text)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
    expect(answer.status, where).toBeLessThan(500);
    const loc = parameter.array ? [parameter.in, parameter.name, 0] : [parameter.in, parameter.name];
    const items = answer.status === 422 ? (JSON.parse(answer.text) as { detail: { loc: unknown[]; msg: unknown; type: unknown }[] }).detail : [];
    const atParameter = items.filter((item) => JSON.stringify(item.loc.slice(0, 2)) === JSON.stringify(loc.slice(0, 2)));
    if (!accepted(parameter, sample)) {
      expect(answer.status, where).toBe(422);
      expect(answer.contentType, where).toMatch(/^application\/json/);
      expect(atParameter, where).toContainEqual({ loc, msg: expect.any(String), type: expect.any(String) });
      return;
    }
    if (atParameter.length > 0) {
      // Read as it means, then refused by a rule of the operation (a lab without centers): exactly as the value written plainly is.
      const plainly = await send(side, parameter, plain(sample));
      expect(plainly.status, `${where}\nwritten plainly: ${plainly.status} ${plainly.text.slice(0, 300)}`).toBe(422);
      const plainItems = (JSON.parse(plainly.text) as { detail: { loc: unknown[] }[] }).detail.filter((item) => JSON.stringify(item.loc.slice(0, 2)) === JSON.stringify(loc.slice(0, 2)));
      expect(atParameter, where).toEqual(plainItems);
      return;
    }
    if (side === 'server' && parameter.method === 'GET' && answer.contentType?.startsWith('application/json')) {
      const plainly = await send(side, parameter, plain(sample));
      expect({ status: answer.status, body: withoutInstants(answer.text) }, `${where}\nwritten plainly: ${plainly.status} ${plainly.text.slice(0, 300)}`).toEqual({
        status: plainly.status,
        body: withoutInstants(plainly.text),
      });
    }
  }

  it('when the bundles are read, then the numeric and boolean parameters the issue named are among them', () => {
    const names = PARAMETERS.map((parameter) => `${parameter.operationId} ${parameter.name}`);
    expect(names).toEqual(expect.arrayContaining(['listOrders size', 'listOrders page', 'listUsers limit', 'listUsers offset', 'listLabTestsDeprecated marker_ids', 'listTeamEvents limit']));
  });

  for (const parameter of PARAMETERS) {
    const name = `${parameter.api} ${parameter.operationId} ${parameter.in} ${parameter.name} (${parameter.kind}${parameter.array ? '[]' : ''})`;
    it(`${name}: every text of the pool is a 422 at the parameter or read as it means, never a 5xx, on the server and the mock`, async () => {
      for (const sample of samplesOf(parameter.kind).filter((candidate) => sendable(parameter, candidate))) {
        await expectReading('server', parameter, sample);
        await expectReading('mock', parameter, sample);
      }
    }, 300_000);

    it(`${name}: generated texts (fast-check) likewise`, async () => {
      await fc.assert(
        fc.asyncProperty(generatedOf(parameter.kind).filter((sample) => sendable(parameter, sample)), async (sample) => {
          await expectReading('server', parameter, sample);
          await expectReading('mock', parameter, sample);
        }),
        { numRuns: Math.max(10, Math.ceil(GENERATED_RUNS / PARAMETERS.length)) },
      );
    }, 300_000);
  }

  it('when the bundles are read, then there are text query parameters to send empty', () => {
    expect(TEXT_QUERY_PARAMETERS.map((parameter) => `${parameter.operationId} ${parameter.name}`)).toEqual(expect.arrayContaining(['listOrders search_input', 'listTeams search_query']));
  });

  for (const parameter of TEXT_QUERY_PARAMETERS) {
    const key = `${parameter.api} ${parameter.operationId} ${parameter.name}`;
    it(`${key} (text${parameter.array ? '[]' : ''}): an empty value gets a 422 at the parameter on the server exactly when it does on the mock, never a 5xx`, async () => {
      const at = async (side: 'server' | 'mock') => {
        const answer = await send(side, parameter, '');
        const where = `${side}: ${parameter.method} ${parameter.template} ?${parameter.name}= -> ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, where).toBeLessThan(500);
        const items = answer.status === 422 ? (JSON.parse(answer.text) as { detail: { loc: unknown[] }[] }).detail : [];
        return { refused: items.some((item) => item.loc[0] === 'query' && item.loc[1] === parameter.name), where };
      };
      const [server, mock] = [await at('server'), await at('mock')];
      // No difference is left (mocks/README.md): the mock applies the server's rule for empty values.
      expect(server.refused, `${server.where}\n${mock.where}`).toBe(mock.refused);
    }, 60_000);
  }
});
