/**
 * The official TypeScript SDK of the API family (`@tryvital/vital-node`), set up as its users
 * set it up, against one of our deployments (the reference server or the mock).
 *
 * The SDK parses every 2xx body with its own serializers before handing it back
 * (`parseOrThrow`, unknown keys passed through, unknown enum values and union members
 * allowed): a reply it cannot parse is a rejected promise, which fails the test. On top of
 * that, `expectStrictParse` parses the same bytes again with enum values and union members
 * held to the SDK's lists, so a slug or status the SDK does not know is caught as well.
 * Validation is never skipped.
 */
import { serialization as serializers, VitalClient, VitalError } from '@tryvital/vital-node';
import { expect } from 'vitest';
import type { OpenApiDocument } from '../../server/shared/documents.js';
import { listOperations } from '../../server/shared/operations.js';

export { serializers, VitalClient, VitalError };

/** One request the SDK made and the reply it got, as bytes on the wire. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The JSON the SDK sent, when the request had a body. */
  requestBody?: string;
  status: number;
  body: string;
}

export interface SdkUnderTest {
  /** The client as users construct it: `new VitalClient({ apiKey, baseUrl })`. */
  client: VitalClient;
  /** A client constructed without an API key (the link widget holds only a link token). */
  keyless: VitalClient;
  /** Every exchange so far, oldest first. */
  exchanges: Exchange[];
  /** The last exchange. */
  last(): Exchange;
}

/**
 * `maxRetries: 0` so that a failure shows at once instead of after the SDK's backoff; the
 * SDK's own `fetch` is wrapped only to keep a copy of each reply's bytes.
 */
export function sdkFor(baseUrl: string, apiKey: string, log?: Exchange[]): SdkUnderTest {
  const exchanges: Exchange[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const exchange: Exchange = {
      method: init?.method ?? 'GET',
      url,
      requestHeaders: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' && { requestBody: init.body }),
      status: response.status,
      body: await response.clone().text(),
    };
    exchanges.push(exchange);
    log?.push(exchange);
    return response;
  };
  const options = { baseUrl, maxRetries: 0, timeoutInSeconds: 30, fetch: recordingFetch };
  return {
    client: new VitalClient({ ...options, apiKey }),
    keyless: new VitalClient(options),
    exchanges,
    last() {
      const exchange = exchanges.at(-1);
      if (!exchange) throw new Error('The SDK made no request yet');
      return exchange;
    },
  };
}

interface Parser {
  parse(
    raw: unknown,
    options?: { unrecognizedObjectKeys?: 'fail' | 'passthrough' | 'strip'; allowUnrecognizedEnumValues?: boolean; allowUnrecognizedUnionMembers?: boolean; skipValidation?: boolean },
  ): { ok: true; value: unknown } | { ok: false; errors: { path: string[]; message: string }[] };
}

/**
 * Parses the last reply's bytes with the SDK serializer of the call's response type, stricter
 * than the SDK's default: enum values and union members must be ones the SDK knows.
 */
export function expectStrictParse(sdk: SdkUnderTest, serializer: Parser): void {
  const exchange = sdk.last();
  const result = serializer.parse(JSON.parse(exchange.body), {
    unrecognizedObjectKeys: 'passthrough',
    allowUnrecognizedEnumValues: false,
    allowUnrecognizedUnionMembers: false,
    skipValidation: false,
  });
  expect(result.ok ? [] : result.errors, `${exchange.method} ${exchange.url}: ${exchange.body.slice(0, 500)}`).toEqual([]);
}

/** One `vitals.*` method of the SDK: the timeseries resource its path names, and the serializer of its reply. */
export interface VitalsMethod {
  name: string;
  resource: string;
  grouped: boolean;
  serializer: Parser;
}

const TIMESERIES_PATH = /\/v2\/timeseries\/[^/]+\/(.+?)(\/grouped)?$/;

/**
 * Every `vitals.*` method of the SDK, with the resource it reads, asked of the SDK itself: each
 * method is called once with a `fetch` that only records the URL (and answers nothing the
 * SDK can parse, so the call's own error is ignored). The serializer is the one the method
 * parses with: `serialization.Grouped<Name>Response` (matched without case: `afibBurdenGrouped`
 * parses `GroupedAFibBurdenResponse`) or `serialization.vitals.<method>.Response`.
 */
export async function vitalsMethods(): Promise<VitalsMethod[]> {
  let url = '';
  const recordOnly: typeof fetch = async (input) => {
    url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new VitalClient({ apiKey: 'sk_us_dry_run', baseUrl: 'http://sdk.invalid', maxRetries: 0, fetch: recordOnly });
  const vitals = client.vitals as unknown as Record<string, (userId: string, request: object) => Promise<unknown>>;
  const prototype = Object.getPrototypeOf(client.vitals) as Record<string, unknown>;
  const names = Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor' && !name.startsWith('_') && typeof prototype[name] === 'function');
  const groupedSerializers = new Map(Object.entries(serializers).map(([key, value]) => [key.toLowerCase(), value as Parser]));
  const plainSerializers = (serializers as unknown as { vitals: Record<string, { Response: Parser }> }).vitals;
  const methods: VitalsMethod[] = [];
  for (const name of names) {
    url = '';
    await vitals[name]!('00000000-0000-4000-8000-000000000000', { startDate: '2026-11-21' }).catch(() => undefined);
    const match = url === '' ? null : TIMESERIES_PATH.exec(new URL(url).pathname);
    if (!match) throw new Error(`vitals.${name} called ${url}, not a timeseries read`);
    const grouped = match[2] !== undefined;
    const serializer = grouped ? groupedSerializers.get(`grouped${name.replace(/Grouped$/, '')}response`.toLowerCase()) : plainSerializers[name]?.Response;
    if (!serializer) throw new Error(`No SDK serializer found for vitals.${name}`);
    methods.push({ name, resource: decodeURIComponent(match[1]!), grouped, serializer });
  }
  return methods;
}

/**
 * The team API operations the exchanges reached with a 2xx, by operationId: each exchange is
 * matched to the document's operation by method and path template.
 */
export function operationsReached(document: OpenApiDocument, exchanges: readonly Exchange[]): Set<string> {
  // Literal paths before templated ones, as a router matches them (/v2/user/metrics is not /v2/user/{user_id}).
  const templated = (path: string) => (path.match(/\{/g) ?? []).length;
  const routes = listOperations(document)
    .map(({ operationId, method, path }) => ({
      operationId,
      method: method.toUpperCase(),
      templated: templated(path),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    }))
    .sort((a, b) => a.templated - b.templated);
  const reached = new Set<string>();
  for (const exchange of exchanges) {
    if (exchange.status < 200 || exchange.status >= 300) continue;
    const path = new URL(exchange.url).pathname;
    const route = routes.find((candidate) => candidate.method === exchange.method && candidate.pattern.test(path));
    if (route) reached.add(route.operationId);
  }
  return reached;
}

/** The error a rejected SDK call threw, for calls that must fail. */
export async function sdkError(call: Promise<unknown>): Promise<VitalError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof VitalError) return error;
    throw error;
  }
  throw new Error('The SDK call succeeded; it was expected to fail');
}
