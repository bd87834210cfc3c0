/**
 * What the contract suite reads from the bundled documents (generated/<api>/openapi.json):
 * the operations, their documented responses and first named examples, and a
 * validator of response bodies against the documented schemas (Ajv, JSON Schema
 * 2020-12, `$ref`s resolved into `#/components/...` of the same document).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { HTTP_METHODS } from '../../server/shared/wire.js';

export type ApiName = 'team' | 'management';
export const API_NAMES: readonly ApiName[] = ['team', 'management'];

type JsonObject = Record<string, unknown>;

export interface OperationRef {
  api: ApiName;
  operationId: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
}

export interface DocumentedResponse {
  status: string;
  /** JSON pointer (`#/paths/...`) to the application/json schema, if any. */
  schemaPointer?: string;
  /** Named examples of the application/json content, in document order. */
  examples: { name: string; value: unknown }[];
  /** The media types of its content (`application/json`, `application/pdf`...). */
  mediaTypes: string[];
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export function readBundle(api: ApiName): JsonObject {
  const url = new URL(`../../generated/${api}/openapi.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as JsonObject;
}

export class ContractDocuments {
  readonly operations: readonly OperationRef[];
  private readonly bundles: Record<ApiName, JsonObject>;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(bundles: Record<ApiName, JsonObject> = { team: readBundle('team'), management: readBundle('management') }) {
    this.bundles = bundles;
    this.operations = API_NAMES.flatMap((api) => listOperations(api, bundles[api]));
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (ajvFormats.default as unknown as (ajv: Ajv2020) => void)(this.ajv);
    for (const api of API_NAMES) this.ajv.addSchema(bundles[api], api);
  }

  operation(api: ApiName, operationId: string): OperationRef {
    const found = this.operations.find((operation) => operation.api === api && operation.operationId === operationId);
    if (!found) throw new Error(`The ${api} document has no operation ${operationId}.`);
    return found;
  }

  /** The documented response of an operation for a status; throws when the status is not documented. */
  response(api: ApiName, operationId: string, status: number | string): DocumentedResponse {
    const { path, method } = this.operation(api, operationId);
    let pointer = `#/paths/${escapePointer(path)}/${method}/responses/${status}`;
    let response = this.resolvePointer(api, pointer);
    if (response === undefined) throw new Error(`${api} ${operationId} documents no ${status} response.`);
    while (isObject(response) && typeof response.$ref === 'string') {
      pointer = response.$ref;
      response = this.resolvePointer(api, pointer);
    }
    const content = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
    const examples = isObject(content) && isObject(content.examples) ? Object.entries(content.examples) : [];
    return {
      status: String(status),
      mediaTypes: isObject(response) && isObject(response.content) ? Object.keys(response.content) : [],
      ...(isObject(content) && content.schema !== undefined && { schemaPointer: `${pointer}/content/application~1json/schema` }),
      examples: examples.map(([name, example]) => {
        const resolved = this.resolveRefs(api, example);
        return { name, value: isObject(resolved) ? resolved.value : undefined };
      }),
    };
  }

  /** Documented 2xx statuses, lowest first (the mock answers the lowest, as Prism does). */
  successStatuses(api: ApiName, operationId: string): number[] {
    const { path, method } = this.operation(api, operationId);
    const responses = this.resolvePointer(api, `#/paths/${escapePointer(path)}/${method}/responses`);
    return Object.keys(isObject(responses) ? responses : {})
      .filter((status) => /^2\d\d$/.test(status))
      .map(Number)
      .sort((a, b) => a - b);
  }

  /** The first named example of a documented response. */
  firstExample(api: ApiName, operationId: string, status: number | string): unknown {
    const example = this.response(api, operationId, status).examples[0];
    if (!example) throw new Error(`${api} ${operationId} ${status} has no named example.`);
    return example.value;
  }

  /** Violations of a body against the documented response schema (empty when valid). */
  validateResponse(api: ApiName, operationId: string, status: number, body: unknown): string[] {
    const { schemaPointer } = this.response(api, operationId, status);
    if (!schemaPointer) return body === undefined || body === null || body === '' ? [] : [`${api} ${operationId} ${status} documents no JSON body`];
    const ref = `${api}${schemaPointer}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map(describeError);
  }

  /** A node itself, or what its `$ref` chain ends at (a shared example in `#/components/examples/...`). */
  private resolveRefs(api: ApiName, node: unknown): unknown {
    let resolved = node;
    while (isObject(resolved) && typeof resolved.$ref === 'string') resolved = this.resolvePointer(api, resolved.$ref);
    return resolved;
  }

  private resolvePointer(api: ApiName, pointer: string): unknown {
    let node: unknown = this.bundles[api];
    for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
      const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
    }
    return node;
  }
}

function listOperations(api: ApiName, bundle: JsonObject): OperationRef[] {
  const paths = isObject(bundle.paths) ? bundle.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      return isObject(operation) && typeof operation.operationId === 'string' ? [{ api, operationId: operation.operationId, method, path }] : [];
    }),
  );
}

const describeError = (error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;
