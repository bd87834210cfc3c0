/**
 * Adjusts a bundled OpenAPI 3.1 document for runtime request validators
 * (Prism in the mock, express-openapi-validator in the server).
 *
 * The documents describe optional query and header parameters the way the
 * interface does, as nullable: `anyOf: [{type: array, ...}, {type: 'null'}]` or
 * `type: [X, 'null']`. On the wire such a parameter is either absent or a
 * string, never null, and validators that see the nullable union stop treating
 * it as an array or coerce it badly: `?lab_id=7` or `?region=us` is rejected.
 * So for every query and header parameter the null alternative is dropped.
 * Nothing else in the document changes, and the input is not modified.
 */
import { HTTP_METHODS } from './wire.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const ADJUSTED_LOCATIONS: ReadonlySet<string> = new Set(['query', 'header']);

export function prepareForRuntimeValidation<T>(document: T): T {
  const copy = structuredClone(document) as unknown;
  if (!isObject(copy)) return copy as T;
  const root = copy;
  const done = new Set<JsonObject>();

  const adjustParameter = (entry: Json | undefined) => {
    const parameter = resolve(root, entry);
    if (!parameter || done.has(parameter)) return;
    done.add(parameter);
    if (typeof parameter.in !== 'string' || !ADJUSTED_LOCATIONS.has(parameter.in)) return;
    const schema = parameter.schema;
    if (!isObject(schema)) return;
    if (typeof schema.$ref === 'string') {
      // A shared schema may be used by bodies too: adjust an inline copy, never the component.
      const target = resolve(root, schema);
      if (target && isNullable(target)) parameter.schema = withoutNull(structuredClone(target));
      return;
    }
    parameter.schema = withoutNull(schema);
  };

  const adjustParameters = (list: Json | undefined) => {
    if (Array.isArray(list)) list.forEach(adjustParameter);
  };

  const adjustPathItems = (items: Json | undefined) => {
    if (!isObject(items)) return;
    for (const entry of Object.values(items)) {
      const pathItem = resolve(root, entry);
      if (!pathItem) continue;
      adjustParameters(pathItem.parameters);
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) adjustParameters(operation.parameters);
      }
    }
  };

  adjustPathItems(root.paths);
  adjustPathItems(root.webhooks);
  const components = root.components;
  if (isObject(components)) {
    if (isObject(components.parameters)) Object.values(components.parameters).forEach(adjustParameter);
    adjustPathItems(components.pathItems);
  }
  return root as T;
}

function isObject(value: Json | undefined | unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNullSchema = (schema: Json | undefined) => isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/** Whether the schema is `anyOf`/`oneOf` of one schema and `{type: 'null'}`, or has `type: [X, 'null']`. */
function isNullable(schema: JsonObject): boolean {
  return nullableUnion(schema) !== undefined || (Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length > 1);
}

function nullableUnion(schema: JsonObject): { keyword: 'anyOf' | 'oneOf'; other: JsonObject } | undefined {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[keyword];
    if (!Array.isArray(alternatives) || alternatives.length !== 2) continue;
    const others = alternatives.filter((alternative) => !isNullSchema(alternative));
    const other = others[0];
    if (others.length === 1 && isObject(other)) return { keyword, other };
  }
  return undefined;
}

/** The schema without its null alternative; keywords beside `anyOf` (description, default, ...) are kept. */
function withoutNull(schema: JsonObject): JsonObject {
  const union = nullableUnion(schema);
  if (union) {
    const { [union.keyword]: _dropped, ...siblings } = schema;
    return withoutNull({ ...siblings, ...union.other });
  }
  if (Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length > 1) {
    const types = schema.type.filter((type) => type !== 'null');
    const narrowed: JsonObject = { ...schema, type: types.length === 1 ? (types[0] as Json) : types };
    // `enum: [a, b, null]` beside `type: [string, 'null']`: the null member goes with the null type.
    if (Array.isArray(schema.enum)) narrowed.enum = schema.enum.filter((value) => value !== null);
    return narrowed;
  }
  return schema;
}

/** Follows local `$ref`s (`#/components/parameters/...`, or any JSON pointer into the document). */
function resolve(root: JsonObject, value: Json | undefined, seen = new Set<string>()): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#') || seen.has(ref)) return undefined;
  seen.add(ref);
  let target: Json | undefined = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(target)) target = target[Number(segment)];
    else if (isObject(target)) target = target[segment];
    else return undefined;
  }
  return resolve(root, target, seen);
}
