/**
 * A mock of one API document: Prism (as a library) routes, checks security,
 * validates the request and picks the response, and this thin node:http layer
 * reads the request and renders Prism's outcome in the API's own error shape.
 *
 *   valid request        -> the success response's first named example (Prism's static mode;
 *                           `Prefer: code=<status>` / `Prefer: example=<name>` pick another one),
 *                           or, without `Prefer: example=`, the example a path value names: a
 *                           path parameter whose value is the name of one of that response's
 *                           examples picks it (`GET /v2/timeseries/{user_id}/blood_pressure/grouped`
 *                           answers the `blood_pressure` example, not the first, heart rate)
 *   missing key header   -> 401 {"detail": <the 401 response's `missing_key` example>}
 *   invalid request      -> 422 {"detail": [{loc, msg, type}, ...]} listing every violation
 *   malformed JSON body  -> 422 {"detail": [{loc: ["body"], type: "json_invalid", ...}]}
 *   unknown route        -> 404 {"detail": "Not Found"}; known route, other method -> 405 with Allow
 *
 * As the server does (with the same modules): the most specific path template decides the
 * route, HEAD on a GET operation is that GET without a body, an unknown query parameter is
 * a 422, and so is text that is not Unicode (a body that is not UTF-8, NUL, unpaired surrogates).
 */
import { isUtf8 } from 'node:buffer';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { createLogger } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec, type IHttpConfig, type IHttpRequest } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { detailBody, invalidJsonBody, patternMessages, validationErrorBody, type ValidationErrorItem } from '../server/shared/error-shape.js';
import { answerClientErrors } from '../server/shared/client-errors.js';
import { holdIdleConnections } from '../server/shared/keep-alive.js';
import type { OpenApiDocument } from '../server/shared/documents.js';
import { emptyValueRules, mergeItems, parameterRules, readParameters, type ParameterRule } from '../server/shared/parameter-values.js';
import { EmptyValues } from './empty-values.js';
import { pathRoutes } from '../server/shared/routes.js';
import { prepareForRuntimeValidation } from '../server/shared/runtime-spec.js';
import { undecodableBodyItem, unstorableTextItems } from '../server/shared/text-input.js';
import {
  getHttpConfigFromRequest,
  METHOD_NOT_MATCHED_ERROR,
  NOT_FOUND_ERROR,
  prismRoute,
  type RequestPreferences,
  type Route,
} from './prism-internals.js';
import { isContentTypeViolation, isError, isSecurityViolation, toValidationErrorItems, type PrismValidation } from './prism-violations.js';

/** Every operation accepts bodies up to this size (the server: 1 MiB, 8 MiB for the bulk pull). */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const FALLBACK_MISSING_KEY_DETAIL = 'Not authenticated';

export interface MockServerOptions {
  /** Short name used in logs, e.g. `team`. */
  name: string;
  /** Print Prism's logs and one line per request. */
  log?: boolean;
  /** Where logs go; defaults to stdout. */
  write?: (line: string) => void;
}

export interface MockServer {
  server: Server;
  /** Number of operations Prism loaded from the document. */
  operations: number;
}

/** How the mock runs Prism: static examples, requests, responses and security checked (the tests check Prism's internals with the same). */
export const PRISM_CONFIG: Readonly<IHttpConfig> = Object.freeze({
  mock: { dynamic: false },
  validateRequest: true,
  validateResponse: true,
  checkSecurity: true,
  errors: false,
  upstreamProxy: undefined,
  isProxy: false,
});

/** Builds (without listening) the mock of a bundled OpenAPI document. */
export async function createMockServer(document: object, options: MockServerOptions): Promise<MockServer> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const prepared = prepareForRuntimeValidation(document);
  const operations = await getHttpOperationsFromSpec(withJsonSchema2020(prepared));
  if (operations.length === 0) throw new Error(`The ${options.name} document has no operations.`);
  const routes = pathRoutes(prepared as OpenApiDocument);
  const queryNames = queryParameterNames(prepared as OpenApiDocument);
  const operationsById = new Map(operations.map((operation) => [operation.iid, operation]));
  const ruleMessages = patternMessages(prepared);
  const valueRules = parameterRules(prepared);
  const emptyRules = emptyValueRules(prepared);
  const emptyValues = new EmptyValues(ruleMessages);

  const logger = createPrismLogger(options.name, options.log === true, write);
  const matched = new WeakMap<IHttpRequest, IHttpOperation>();
  const route: Route = (routeOptions) => {
    const result = prismRoute(routeOptions);
    if (result._tag === 'Right') matched.set(routeOptions.input, result.right);
    return result;
  };
  const prism = createInstance(PRISM_CONFIG, { logger, route: route as never });

  async function answer(request: IncomingMessage): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://mock.local');
    // Routing first, as on the server: another method of a path is a 405 whatever the request holds.
    const route = routes.match(url.pathname);
    const method = request.method === 'HEAD' && route?.operations.has('GET') ? 'GET' : (request.method ?? 'GET');
    if (route && !route.operations.has(method)) return { ...json(405, detailBody('Method Not Allowed')), headers: { 'content-type': 'application/json', allow: route.allow } };
    const operationId = route?.operations.get(method);
    const headers = flattenHeaders(request);
    const read = await readBody(request);
    if (read.kind === 'too_large') return json(413, detailBody(`Request body too large; the limit is ${BODY_LIMIT_BYTES / 1024 / 1024} MiB.`));
    const parsed = parseBody(read.raw, headers['content-type']);
    const input: IHttpRequest = {
      method: method.toLowerCase() as IHttpRequest['method'],
      // The server answers a trailing slash (`/v2/providers/`) like the path without it.
      url: { path: url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname, query: queryValues(url.searchParams) },
      headers,
      body: parsed.kind === 'json' || parsed.kind === 'text' ? parsed.value : null,
    };

    // Numeric and boolean parameters are read by the server's rule (server/shared/parameter-values.ts):
    // Prism's coercion would take `0x10` as 16 and ` 5` as 5 its own way.
    const rules = operationId === undefined ? undefined : valueRules.get(operationId);
    // Then empty query values (Prism takes them as absent), but where the rule above refused one already.
    const refusedValues = mergeItems(
      rules && route ? readRequestParameters(rules, input, route.template) : [],
      emptyValues.items(operationId === undefined ? undefined : emptyRules.get(operationId), url.searchParams),
    );

    const preferences = getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') {
      return json(422, validationErrorBody([{ loc: ['header', 'prefer'], msg: preferences.left.detail ?? preferences.left.message, type: 'value_error' }]));
    }
    const named = exampleNamedByPath(operationId === undefined ? undefined : operationsById.get(operationId), route?.template, input.url.path, preferences.right);
    const mock: IHttpConfig['mock'] = { ...PRISM_CONFIG.mock, ...definedOnly(preferences.right), ...(named !== undefined && { exampleKey: named }) };
    const outcome = await prism.request(input, operations, { ...PRISM_CONFIG, mock })();
    if (outcome._tag === 'Left') return fromPrismError(outcome.left as Error & { status?: number; detail?: string });

    const { output, validations } = outcome.right;
    const operation = matched.get(input);
    const errors = (validations.input as PrismValidation[]).filter(isError);
    if (options.log) {
      for (const violation of validations.output as PrismValidation[]) write(`[${options.name}] response violation: ${violation.message}`);
    }
    if (errors.some(isSecurityViolation)) return json(401, detailBody(missingKeyDetail(operation)));
    const expectsBody = operation?.request?.body !== undefined;
    if (parsed.kind === 'invalid_json' && expectsBody) return json(422, invalidJsonBody(parsed.message));
    if (parsed.kind === 'not_utf8' && expectsBody) return json(422, validationErrorBody([undecodableBodyItem('utf-8')]));
    // A stray body on an operation without one is ignored, as FastAPI does.
    const relevant = errors.filter((violation) => !(isContentTypeViolation(violation) && !expectsBody));
    const unknown = unknownQueryItems(url.searchParams, operationId === undefined ? undefined : queryNames.get(operationId));
    if (relevant.length > 0 || unknown.length > 0 || refusedValues.length > 0) {
      return json(422, validationErrorBody(mergeItems(refusedValues, [...unknown, ...toValidationErrorItems(relevant, ruleMessages)])));
    }
    // A multipart upload (the lab report) carries a file's bytes, not text: its form fields are the schema's (a uuid, a boolean).
    const multipart = /^multipart\/form-data\b/i.test(String(headers['content-type'] ?? ''));
    const unstorable = unstorableTextItems({ url: request.url ?? '/', path: url.pathname, query: input.url.query, body: expectsBody && !multipart ? input.body : undefined });
    if (unstorable.length > 0) return json(422, validationErrorBody(unstorable));
    if (errors.length > 0) {
      // Only the ignored stray body was wrong: answer as if it had not been sent.
      const retried = await prism.request({ ...input, body: null, headers: withoutBodyHeaders(headers) }, operations, { ...PRISM_CONFIG, mock })();
      if (retried._tag === 'Right') return fromOutput(retried.right.output);
    }
    return fromOutput(output);
  }

  const server = createServer((request, response) => {
    const started = performance.now();
    if (isPreflight(request)) {
      setCorsHeaders(request, response);
      response.writeHead(204, { 'Access-Control-Allow-Methods': request.headers['access-control-request-method'] ?? '*', Vary: 'origin' }).end();
      return;
    }
    answer(request)
      .catch((error: unknown): Reply => {
        write(`[${options.name}] mock error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return json(500, detailBody('Internal server error.'));
      })
      .then((reply) => {
        setCorsHeaders(request, response);
        for (const [name, value] of Object.entries(reply.headers)) response.setHeader(name, value);
        response.writeHead(reply.status);
        response.end(reply.body);
        if (options.log) write(`[${options.name}] ${request.method} ${request.url} -> ${reply.status} (${(performance.now() - started).toFixed(0)} ms)`);
      });
  });
  // The parser's own errors (a control character in a header, headers over 16 KiB) in the server's shape, as the server answers them.
  answerClientErrors(server);
  holdIdleConnections(server);
  return { server, operations: operations.length };
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

const json = (status: number, body: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function fromOutput(output: { statusCode: number; headers?: Record<string, unknown>; body?: unknown }): Reply {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(output.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  const contentType = headers['content-type'];
  if (output.body === undefined) return { status: output.statusCode, headers };
  const body = typeof output.body === 'string' && !(contentType ?? '').includes('json') ? output.body : JSON.stringify(output.body);
  return { status: output.statusCode, headers: { 'content-type': 'application/json', ...headers }, body };
}

/**
 * The document with `jsonSchemaDialect` set to JSON Schema 2020-12 (the dialect of OpenAPI
 * 3.1's schemas) unless it names one. Prism picks its validator by the schemas' `$schema`,
 * which it takes from `jsonSchemaDialect`; without one it validates as draft-07, which
 * ignores `unevaluatedProperties` (the request schemas that compose others refuse keys they
 * do not declare with it) and would take such a key without a word, unlike the server.
 */
function withJsonSchema2020<T extends object>(document: T): T {
  if ('jsonSchemaDialect' in document) return document;
  return { ...document, jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema' };
}

/** Prism's routing errors and mock-configuration errors (`Prefer` for a status or example the operation lacks). */
function fromPrismError(error: Error & { status?: number; detail?: string }): Reply {
  if (METHOD_NOT_MATCHED_ERROR.test(error.name)) return json(405, detailBody('Method Not Allowed'));
  if (NOT_FOUND_ERROR.test(error.name)) return json(404, detailBody('Not Found'));
  return json(error.status ?? 500, detailBody(`Mock: ${error.detail ?? error.message}`));
}

/**
 * The example a path value names, when the request names none itself: the value of the
 * first path parameter (in path order) that equals the name of an example of the response
 * Prism will choose, a success one (the `Prefer: code=` status, else the lowest 2xx), in
 * every media type of it. So a path parameter that selects a kind of body (a timeseries
 * `{resource}`) gets that kind's example instead of the first one; other values, an error
 * status asked for, or `Prefer: dynamic=true` leave Prism's choice as it is.
 */
function exampleNamedByPath(
  operation: IHttpOperation | undefined,
  template: string | undefined,
  path: string,
  preferences: RequestPreferences,
): string | undefined {
  if (operation === undefined || template === undefined || preferences.exampleKey !== undefined || preferences.dynamic === true) return undefined;
  const response = chosenResponse(operation, preferences.code);
  if (response === undefined || !/^2\d\d$/.test(response.code) || (response.contents ?? []).length === 0) return undefined;
  const names = (response.contents ?? []).map((content) => new Set((content.examples ?? []).map((example) => example.key)));
  return pathValues(template, path).find((value) => names.every((keys) => keys.has(value)));
}

/** The response Prism negotiates for a valid request: the status asked for, else the lowest 2xx. */
function chosenResponse(operation: IHttpOperation, code: number | undefined): IHttpOperation['responses'][number] | undefined {
  if (code !== undefined) return operation.responses.find((response) => response.code === String(code));
  return operation.responses
    .filter((response) => /^2\d\d$/.test(response.code))
    .sort((a, b) => Number(a.code) - Number(b.code))[0];
}

/** The decoded values of a path's parameters, in path order (none that cannot be decoded). */
function pathValues(template: string, path: string): string[] {
  const templateSegments = template.split('/');
  const pathSegments = path.split('/');
  return templateSegments.flatMap((segment, index) => {
    if (!/^\{[^}]+\}$/.test(segment)) return [];
    try {
      return [decodeURIComponent(pathSegments[index] ?? '')];
    } catch {
      // A malformed escape (`%FF`) names no example; validation reports it.
      return [];
    }
  });
}

/**
 * Reads the numeric and boolean parameters of the request by the server's rule, in place: a
 * value read is put back as its plain text (in the query, the headers, or its path segment),
 * and the refused ones are returned as 422 items.
 */
function readRequestParameters(rules: readonly ParameterRule[], input: IHttpRequest, template: string): ValidationErrorItem[] {
  const templateSegments = template.split('/');
  const pathSegments = input.url.path.split('/');
  const path: Record<string, unknown> = {};
  templateSegments.forEach((segment, index) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name === undefined || pathSegments[index] === undefined) return;
    try {
      path[name] = decodeURIComponent(pathSegments[index]);
    } catch {
      // A malformed escape (`%FF`): Prism reports it.
    }
  });
  const before = { ...path };
  const query = (input.url.query ?? {}) as Record<string, unknown>;
  const { items } = readParameters(rules, { query, path, header: input.headers as Record<string, unknown> });
  templateSegments.forEach((segment, index) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name !== undefined && path[name] !== before[name]) pathSegments[index] = encodeURIComponent(String(path[name]));
  });
  input.url.path = pathSegments.join('/');
  return items;
}

/** The operation's documented text for a missing key: the 401 example named `missing_key`, else its first example. */
function missingKeyDetail(operation: IHttpOperation | undefined): string {
  const response = operation?.responses.find((candidate) => candidate.code === '401');
  for (const content of response?.contents ?? []) {
    const examples = content.examples ?? [];
    const example = examples.find((candidate) => candidate.key === 'missing_key') ?? examples[0];
    const value = example && 'value' in example ? (example.value as unknown) : undefined;
    if (typeof value === 'object' && value !== null && typeof (value as { detail?: unknown }).detail === 'string') {
      return (value as { detail: string }).detail;
    }
  }
  return FALLBACK_MISSING_KEY_DETAIL;
}

function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'content-length': _length, 'content-type': _type, 'transfer-encoding': _encoding, ...rest } = headers;
  return rest;
}

function queryValues(searchParams: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

type ReadBody = { kind: 'ok'; raw: Buffer } | { kind: 'too_large' };

async function readBody(request: IncomingMessage): Promise<ReadBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > BODY_LIMIT_BYTES) tooLarge = true;
    else chunks.push(buffer);
  }
  return tooLarge ? { kind: 'too_large' } : { kind: 'ok', raw: Buffer.concat(chunks) };
}

type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: string }
  | { kind: 'invalid_json'; message: string }
  | { kind: 'not_utf8' };

/**
 * JSON when the content type says so or is absent (as FastAPI reads it); text otherwise, for
 * Prism to reject. A JSON body that is not UTF-8 is refused, never decoded with U+FFFD.
 */
function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length === 0) return { kind: 'none' };
  const text = raw.toString('utf8');
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== undefined && mediaType !== 'application/json' && !/^application\/[^/]+\+json$/.test(mediaType)) return { kind: 'text', value: text };
  if (!isUtf8(raw)) return { kind: 'not_utf8' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: 'invalid_json', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Prism's own query parameters (`__code`, `__example`, `__dynamic`: the Prefer header's values). */
const PRISM_QUERY_PARAMETERS = new Set(['__code', '__example', '__dynamic']);

/** operationId -> the names of its query parameters (those of its path item included). */
function queryParameterNames(document: OpenApiDocument): Map<string, Set<string>> {
  const components = (document.components as { parameters?: Record<string, unknown> } | undefined)?.parameters ?? {};
  const resolve = (entry: unknown) => {
    const ref = (entry as { $ref?: unknown } | null)?.$ref;
    return (typeof ref === 'string' ? components[ref.replace('#/components/parameters/', '')] : entry) as { name?: string; in?: string } | undefined;
  };
  const names = new Map<string, Set<string>>();
  for (const item of Object.values(document.paths ?? {})) {
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const operation of Object.values(item)) {
      const { operationId, parameters = [] } = (operation ?? {}) as { operationId?: string; parameters?: unknown[] };
      if (typeof operationId !== 'string') continue;
      const query = [...shared, ...parameters].map(resolve).filter((parameter) => parameter?.in === 'query');
      names.set(operationId, new Set(query.map((parameter) => parameter!.name!)));
    }
  }
  return names;
}

/** A 422 item for each query parameter the operation does not take, as the server reports it. */
function unknownQueryItems(searchParams: URLSearchParams, known: Set<string> | undefined): ValidationErrorItem[] {
  if (known === undefined) return [];
  return [...new Set(searchParams.keys())]
    .filter((name) => !known.has(name) && !PRISM_QUERY_PARAMETERS.has(name))
    .map((name) => ({ loc: ['query', name], msg: `Unknown query parameter '${name}'`, type: 'value_error' }));
}

const isPreflight = (request: IncomingMessage) =>
  request.method === 'OPTIONS' && request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined;

function setCorsHeaders(request: IncomingMessage, response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
  response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Access-Control-Expose-Headers', '*');
}

/** Prism's pino logger: silent, or one readable line per log record. */
function createPrismLogger(name: string, enabled: boolean, write: (line: string) => void) {
  if (!enabled) return createLogger(name, { level: 'silent' });
  const stream = new PassThrough();
  createInterface({ input: stream }).on('line', (line) => {
    try {
      const record = JSON.parse(line) as { name?: string; msg?: string };
      write(`[${name}] [${record.name ?? ''}] ${record.msg ?? ''}`);
    } catch {
      write(`[${name}] ${line}`);
    }
  });
  return createLogger(name, { level: 'info' }, stream);
}
