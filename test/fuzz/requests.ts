/**
 * Arbitrary HTTP requests to one operation of a bundle, from its parameters and
 * request body: mostly well-formed, with valid keys, and otherwise broken in every
 * way a client can break them (see SchemaArbitraries for values; here: malformed
 * JSON, wrong content types, empty and oversized bodies, bad or unencoded path
 * segments, odd query shapes, another method, no key or the wrong key).
 */
import fc from 'fast-check';
import { prepareForRuntimeValidation } from '../../server/shared/runtime-spec.js';
import type { ApiName, OperationRef } from '../../scripts/conformance/openapi.js';
import { type Mutated, type Schema, SchemaArbitraries, type SchemaArbitrariesOptions } from './arbitraries.js';
import { HTTP_METHODS, MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

export interface FuzzRequest {
  api: ApiName;
  operationId: string;
  method: string;
  /** Path and query as sent (already encoded). */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What was made invalid on purpose (empty for a well-formed request). */
  mutations: string[];
}

/** Credentials a request may carry, by name (the header each goes in is decided per API). */
export interface FuzzCredentials {
  /** The API's own valid credential (team key on the team API, management key on the management API). */
  valid: string;
  /** A key of the other kind (management key on the team API, team key on the management API). */
  otherKind: string;
  /** A key that was revoked. */
  revoked: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Methods sent to an operation of another method (OPTIONS, HEAD and TRACE have answers of their own). */
const METHODS = HTTP_METHODS.filter((method) => !['options', 'head', 'trace'].includes(method)).map((method) => method.toUpperCase());
const KEY_HEADERS: Record<ApiName, string> = { team: TEAM_API_KEY_HEADER, management: MANAGEMENT_KEY_HEADER };

/** Weird path segments that are not values of any schema. */
const WEIRD_SEGMENTS = ['', '.', '..', '%', '%zz', '%2F', '%00', 'a%2Fb', '%E2%82', '~', 'null', 'undefined', '-1', '1e309', 'ä', '%F0%9F%98%80', 'x'.repeat(3000)];

/**
 * Number-like and boolean-like text, as an independent tester sends it to any parameter:
 * non-finite and out-of-range numbers, other bases and notations, spaces, signs, leading zeros,
 * the ways other languages write booleans, and empty text. Each is either read by the API's
 * rule for parameter values or a 422 (test/fuzz/parameter-values.test.ts checks which).
 */
export const NUMBER_LIKE_TEXTS = [
  'Infinity', '-Infinity', 'NaN', 'nan', 'inf', '1e400', '-1e400', '1e2', '0x10', '0b1', '1_000', ' 5', '5 ', '+5', '05', '-0', '5.0', '5.', '.5',
  '9007199254740993', '-9007199254740993', '1'.repeat(40), '', ' ', 'True', 'FALSE', 'yes', 'off', 't', '2', '\u00a05', '\u0665',
] as const;

const MALFORMED_BODIES = ['{', '{"a":', '[1,', 'nul', 'undefined', "{'single': 'quotes'}", '{"a":1}garbage', '\u0000', '\uFEFF{}', '{"a":"\\ud800"}', '{"__proto__": {"polluted": true}}', '[]', '"just a string"', '42', 'null', 'true', ''];

/** Content types other than JSON, and JSON in charsets the server does not read. */
const OTHER_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/vnd.api+json', '*/*', 'application/jsonx'];

export class RequestArbitraries {
  private readonly document: Json;

  constructor(
    private readonly api: ApiName,
    bundle: Json,
    private readonly credentials: FuzzCredentials,
    private readonly schemaOptions: SchemaArbitrariesOptions = {},
  ) {
    this.document = prepareForRuntimeValidation(bundle);
  }

  /** Requests to `operation`; `pools` override the default pools for this operation. */
  forOperation(operation: OperationRef, pools: SchemaArbitrariesOptions['pools'] = this.schemaOptions.pools): fc.Arbitrary<FuzzRequest> {
    const schemas = new SchemaArbitraries(this.document, { ...this.schemaOptions, pools });
    const pathItem = this.resolve((this.document.paths as Json)[operation.path]) ?? {};
    const definition = this.resolve(pathItem[operation.method]) ?? {};
    const parameters = [...asArray(pathItem.parameters), ...asArray(definition.parameters)].map((parameter) => this.resolve(parameter) as unknown as Parameter);
    const body = this.bodySchema(definition);
    const isPublic = Array.isArray(definition.security) && definition.security.length === 0;

    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const headerParameters = parameters.filter((parameter) => parameter.in === 'header');

    const path = fc.tuple(...pathParameters.map((parameter) => this.pathValue(schemas, parameter))).map((values) => {
      let rendered = operation.path;
      const mutations: string[] = [];
      pathParameters.forEach((parameter, index) => {
        const { segment, mutation } = values[index]!;
        rendered = rendered.replace(`{${parameter.name}}`, segment);
        if (mutation) mutations.push(`path ${parameter.name}: ${mutation}`);
      });
      return { rendered, mutations };
    });

    const query = fc
      .tuple(
        fc.tuple(...queryParameters.map((parameter) => this.queryValue(schemas, parameter))),
        fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom('unknown_param', 'page[size]', '__proto__', 'size'), fc.string({ maxLength: 6 })) }),
      )
      .map(([values, extra]) => {
        const pairs: [string, string][] = [];
        const mutations: string[] = [];
        queryParameters.forEach((parameter, index) => {
          const { pairs: parameterPairs, mutation } = values[index]!;
          pairs.push(...parameterPairs);
          if (mutation) mutations.push(`query ${parameter.name}: ${mutation}`);
        });
        if (extra) {
          pairs.push(extra);
          mutations.push(`extra query ${extra[0]}`);
        }
        return { pairs, mutations };
      });

    const headers = fc.tuple(...headerParameters.map((parameter) => this.headerValue(schemas, parameter))).map((values) => {
      const result: Record<string, string> = {};
      headerParameters.forEach((parameter, index) => {
        const value = values[index];
        if (value !== undefined) result[parameter.name] = value;
      });
      return result;
    });

    const method = fc.oneof({ weight: 30, arbitrary: fc.constant(operation.method.toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });

    return fc
      .record({ method, path, query, headers, auth: this.auth(isPublic), body: this.body(schemas, body) })
      .map(({ method: verb, path: builtPath, query: builtQuery, headers: parameterHeaders, auth, body: builtBody }) => {
        const search = builtQuery.pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
        const request: FuzzRequest = {
          api: this.api,
          operationId: operation.operationId,
          method: verb,
          url: `${builtPath.rendered}${search ? `?${search}` : ''}`,
          headers: { ...parameterHeaders, ...auth.headers, ...builtBody.headers },
          mutations: [...builtPath.mutations, ...builtQuery.mutations, ...auth.mutations, ...builtBody.mutations],
        };
        if (verb !== operation.method.toUpperCase()) request.mutations.push(`method ${verb}`);
        // fetch cannot send a body with GET.
        if (builtBody.body !== undefined && verb !== 'GET') request.body = builtBody.body;
        return request;
      });
  }

  private resolve(value: unknown): Json | undefined {
    let current = value;
    while (isObject(current) && typeof current.$ref === 'string') {
      let node: unknown = this.document;
      for (const raw of current.$ref.slice(2).split('/')) node = isObject(node) ? node[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      current = node;
    }
    return isObject(current) ? current : undefined;
  }

  private bodySchema(definition: Json): Schema | undefined {
    const requestBody = this.resolve(definition.requestBody);
    const content = requestBody && isObject(requestBody.content) ? requestBody.content['application/json'] : undefined;
    return isObject(content) ? (content.schema as Schema | undefined) : undefined;
  }

  private pathValue(schemas: SchemaArbitraries, parameter: Parameter): fc.Arbitrary<{ segment: string; mutation?: string }> {
    const schema = parameter.schema ?? true;
    const encode = (value: unknown) => encodeURIComponent(scalarText(value));
    const options: { weight: number; arbitrary: fc.Arbitrary<{ segment: string; mutation?: string }> }[] = [
      { weight: 16, arbitrary: schemas.valid(schema, parameter.name).map((value) => ({ segment: encode(value) })) },
      { weight: 1, arbitrary: fc.constantFrom(...WEIRD_SEGMENTS).map((segment) => ({ segment, mutation: `segment ${JSON.stringify(segment.slice(0, 20))}` })) },
      { weight: 1, arbitrary: schemas.valid(schema, parameter.name).map((value) => ({ segment: scalarText(value).replace(/[\s#]/g, ''), mutation: 'not percent-encoded' })) },
    ];
    const invalid = schemas.invalid(schema, parameter.name);
    if (invalid) options.push({ weight: 3, arbitrary: invalid.map(({ value, mutation }) => ({ segment: encode(value), mutation })) });
    options.push({ weight: 1, arbitrary: fc.constantFrom(...NUMBER_LIKE_TEXTS).map((text) => ({ segment: encodeURIComponent(text), mutation: `number-like ${JSON.stringify(text)}` })) });
    return fc.oneof(...options);
  }

  private queryValue(schemas: SchemaArbitraries, parameter: Parameter): fc.Arbitrary<{ pairs: [string, string][]; mutation?: string }> {
    const schema = parameter.schema ?? true;
    const toPairs = (value: unknown): [string, string][] => {
      if (Array.isArray(value)) return value.map((item) => [parameter.name, scalarText(item)]);
      if (isObject(value)) return Object.entries(value).map(([key, item]) => [`${parameter.name}[${key}]`, scalarText(item)]);
      return [[parameter.name, scalarText(value)]];
    };
    const options: { weight: number; arbitrary: fc.Arbitrary<{ pairs: [string, string][]; mutation?: string }> }[] = [
      { weight: parameter.required ? 1 : 5, arbitrary: fc.constant({ pairs: [], ...(parameter.required && { mutation: 'missing' }) }) },
      { weight: 10, arbitrary: schemas.valid(schema, parameter.name).map((value) => ({ pairs: toPairs(value) })) },
    ];
    const invalid = schemas.invalid(schema, parameter.name);
    if (invalid) options.push({ weight: 3, arbitrary: invalid.map(({ value, mutation }: Mutated) => ({ pairs: toPairs(value), mutation })) });
    options.push({ weight: 1, arbitrary: schemas.valid(schema, parameter.name).map((value) => ({ pairs: [...toPairs(value), ...toPairs(value)], mutation: 'repeated' })) });
    options.push({ weight: 2, arbitrary: fc.constantFrom(...NUMBER_LIKE_TEXTS).map((text) => ({ pairs: [[parameter.name, text] as [string, string]], mutation: `number-like ${JSON.stringify(text)}` })) });
    return fc.oneof(...options);
  }

  private headerValue(schemas: SchemaArbitraries, parameter: Parameter): fc.Arbitrary<string | undefined> {
    const schema = parameter.schema ?? true;
    const printable = (value: unknown) => scalarText(value).replace(/[^\x20-\x7e]/g, '');
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 6, arbitrary: schemas.valid(schema, parameter.name).map(printable) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(printable) },
      { weight: 1, arbitrary: fc.constantFrom(...NUMBER_LIKE_TEXTS).map(printable) },
    );
  }

  /** Mostly the API's valid credential; sometimes none, an unknown, a revoked or the other kind of key. */
  private auth(isPublic: boolean): fc.Arbitrary<Auth> {
    const header = KEY_HEADERS[this.api];
    const otherHeader = KEY_HEADERS[this.api === 'team' ? 'management' : 'team'];
    const { valid, otherKind, revoked } = this.credentials;
    const options: Weighted<Auth>[] = [
      { weight: isPublic ? 4 : 40, arbitrary: fc.constant({ headers: { [header]: valid }, mutations: [] }) },
      { weight: isPublic ? 20 : 2, arbitrary: fc.constant({ headers: {}, mutations: isPublic ? [] : ['no key'] }) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map((key) => ({ headers: { [header]: `sk_us_${key.replace(/[^\x21-\x7e]/g, 'x')}` }, mutations: ['unknown key'] })) },
      { weight: 1, arbitrary: fc.constant({ headers: { [header]: revoked }, mutations: ['revoked key'] }) },
      { weight: 1, arbitrary: fc.constant({ headers: { [header]: otherKind }, mutations: ['key of the other API'] }) },
      { weight: 1, arbitrary: fc.constant({ headers: { [otherHeader]: otherKind }, mutations: ["the other API's key in its own header"] }) },
      { weight: 1, arbitrary: fc.constant({ headers: { [header]: ` ${valid} ` }, mutations: ['key padded with spaces'] }) },
    ];
    return fc.oneof(...options);
  }

  private body(schemas: SchemaArbitraries, schema: Schema | undefined): fc.Arbitrary<Body> {
    const json = { 'content-type': 'application/json' };
    if (schema === undefined) {
      const options: Weighted<Body>[] = [
        { weight: 12, arbitrary: fc.constant({ headers: {}, mutations: [] }) },
        { weight: 1, arbitrary: schemas.anyJson().map((value) => ({ body: JSON.stringify(value), headers: json, mutations: ['a body the operation does not take'] })) },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_BODIES).map((body) => ({ body, headers: json, mutations: ['a malformed body the operation does not take'] })) },
      ];
      return fc.oneof(...options);
    }
    const options: Weighted<Body>[] = [
      { weight: 100, arbitrary: schemas.valid(schema).map((value) => ({ body: JSON.stringify(value), headers: json, mutations: [] })) },
      { weight: 10, arbitrary: fc.constantFrom(...MALFORMED_BODIES).map((body) => ({ body, headers: json, mutations: [`malformed JSON ${JSON.stringify(body.slice(0, 20))}`] })) },
      { weight: 10, arbitrary: fc.tuple(schemas.valid(schema), fc.constantFrom(...OTHER_CONTENT_TYPES)).map(([value, type]) => ({ body: JSON.stringify(value), headers: { 'content-type': type }, mutations: [`content-type ${type}`] })) },
      { weight: 10, arbitrary: schemas.valid(schema).map((value) => ({ body: JSON.stringify(value), headers: {}, mutations: ['no content-type'] })) },
      { weight: 10, arbitrary: fc.constant({ headers: json, mutations: ['no body'] }) },
      { weight: 3, arbitrary: fc.constantFrom(1.1, 8.1).map((mib) => ({ body: JSON.stringify({ padding: 'x'.repeat(Math.round(mib * 1024 * 1024)) }), headers: json, mutations: [`a ${mib} MiB body`] })) },
    ];
    const invalid = schemas.invalid(schema);
    if (invalid) options.push({ weight: 60, arbitrary: invalid.map(({ value, mutation }) => ({ body: JSON.stringify(value) ?? 'null', headers: json, mutations: [`body ${mutation}`] })) });
    const huge = schemas.huge(schema);
    if (huge) options.push({ weight: 3, arbitrary: huge.map(({ value, mutation }) => ({ body: JSON.stringify(value), headers: json, mutations: [`huge array ${mutation}`] })) });
    return fc.oneof(...options);
  }
}

interface Weighted<T> {
  weight: number;
  arbitrary: fc.Arbitrary<T>;
}

interface Auth {
  headers: Record<string, string>;
  mutations: string[];
}

interface Body {
  body?: string;
  headers: Record<string, string>;
  mutations: string[];
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** How a value travels in a path segment, a query or a header: strings as they are, the rest as JSON. */
function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** A request as one line (bodies cut), for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}...` : value}`)
    .join(', ');
  const body = request.body === undefined ? 'no body' : request.body.length > 600 ? `${request.body.slice(0, 600)}... (${request.body.length} characters)` : request.body;
  const url = request.url.length > 400 ? `${request.url.slice(0, 400)}...` : request.url;
  return `${request.method} ${url} [${headers}] ${body}${request.mutations.length ? ` (mutations: ${request.mutations.join('; ')})` : ''}`;
}
