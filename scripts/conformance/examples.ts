/**
 * The named request examples of the bundled documents: the valid requests of the
 * operation definitions start from them (the spec's examples are ones the server
 * accepts), with unique values substituted where a request must not repeat.
 */
import { type ApiName, readBundle } from './openapi.js';

type JsonObject = Record<string, unknown>;

const bundles = new Map<ApiName, JsonObject>();
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of the named application/json request example of an operation; throws when the document has none by that name. */
export function requestExample(api: ApiName, operationId: string, name: string): JsonObject {
  let bundle = bundles.get(api);
  if (!bundle) {
    bundle = readBundle(api);
    bundles.set(api, bundle);
  }
  for (const item of Object.values(isObject(bundle.paths) ? bundle.paths : {})) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      if (!isObject(operation) || operation.operationId !== operationId) continue;
      const body = isObject(operation.requestBody) ? operation.requestBody : {};
      const content = isObject(body.content) && isObject(body.content['application/json']) ? body.content['application/json'] : {};
      const example = isObject(content.examples) ? content.examples[name] : undefined;
      if (isObject(example) && 'value' in example) return structuredClone(example.value) as JsonObject;
      throw new Error(`${api} ${operationId} has no request example named ${name}.`);
    }
  }
  throw new Error(`The ${api} document has no operation ${operationId}.`);
}
