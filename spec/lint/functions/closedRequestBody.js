import { createRulesetFunction } from '@stoplight/spectral-core';
import { hasType, isJsonMediaType, isObject } from '../lib/openapi.js';

const OPEN =
  'Request body object schema must refuse the keys it does not declare: `additionalProperties: false` ' +
  '(or, for a schema responses share, `{allOf: [{$ref: Shared}], unevaluatedProperties: false}` in the request)';
const BLIND =
  '`additionalProperties: false` does not see the properties of this schema\'s `allOf`/`anyOf`/`oneOf` parts ' +
  '(it refuses them too): use `unevaluatedProperties: false`';
const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];
// Deeper than any request body: a guard against a schema that contains itself.
const MAX_DEPTH = 64;

/**
 * Given a request media type object: every object its body can hold, nested ones
 * included, refuses keys it does not declare, so that a misspelled key is a `422` rather
 * than silently dropped.
 *
 * Judged per value, as a validator does: every schema that applies to a value (the schema,
 * its `allOf` parts, and one branch of each `anyOf`/`oneOf` at a time) counts, and the value
 * is closed when one of them says `additionalProperties: false` or `unevaluatedProperties:
 * false`. So `{allOf: [{$ref: Shared}], unevaluatedProperties: false}` closes a schema that
 * responses share (and that must stay open there), and a property it declares beside the
 * `allOf` (`address: {$ref: AddressInput}`) closes the value that the shared schema's own
 * `address` leaves open. An explicit map (`additionalProperties` a schema) declares its keys.
 * A branch that cannot be an object (`{type: 'null'}`) holds none. Each open object schema is
 * reported where it is written. Responses and webhook payloads are not checked: clients must
 * tolerate the fields the API adds to them.
 */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function closedRequestBody(media, _options, context) {
    if (!isJsonMediaType(context.path[context.path.length - 1]) || !isObject(media.schema)) return [];
    const results = new Map();
    const report = (path, message) => results.set(JSON.stringify(path), { message, path });

    /** `entries`: the schemas (with their paths) that all apply to one value; `chosen`: the anyOf/oneOf already split. */
    const visitValue = (entries, chosen, depth) => {
      if (depth > MAX_DEPTH) return;
      const applying = [];
      const add = (entry) => {
        // A `$ref` left unresolved (a file Spectral did not inline) is judged in the bundle instead.
        if (!isObject(entry.schema) || typeof entry.schema.$ref === 'string' || applying.some((known) => known.schema === entry.schema)) return;
        applying.push(entry);
        if (Array.isArray(entry.schema.allOf)) entry.schema.allOf.forEach((part, i) => add({ schema: part, path: [...entry.path, 'allOf', i] }));
      };
      entries.forEach(add);

      // One branch of an anyOf/oneOf at a time, each with everything else that applies.
      for (const entry of applying) {
        for (const keyword of ['anyOf', 'oneOf']) {
          const branches = entry.schema[keyword];
          if (!Array.isArray(branches) || chosen.has(`${keyword}\u0000${JSON.stringify(entry.path)}`)) continue;
          const next = new Set(chosen).add(`${keyword}\u0000${JSON.stringify(entry.path)}`);
          branches.forEach((branch, i) => visitValue([...applying, { schema: branch, path: [...entry.path, keyword, i] }], next, depth + 1));
          return;
        }
      }

      for (const { schema, path } of applying) {
        if (schema.additionalProperties === false && declaresInParts(schema)) report(path, BLIND);
      }
      // The JSON types the value can have here: none (an object schema with the `{type: 'null'}` branch of a
      // nullable anyOf) is no value at all; without `object`, it holds no keys.
      let types = null;
      for (const { schema } of applying) {
        if (schema.type === undefined) continue;
        const listed = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
        types = types === null ? listed : new Set([...types].filter((type) => listed.has(type)));
      }
      if (types !== null && types.size === 0) return;
      if (types === null || types.has('object')) {
        const objects = applying.filter(({ schema }) => hasType(schema, 'object') || isObject(schema.properties) || isObject(schema.patternProperties));
        const closed = applying.some(({ schema }) => schema.additionalProperties === false || schema.unevaluatedProperties === false);
        const isMap = applying.some(({ schema }) => isObject(schema.additionalProperties) || isObject(schema.unevaluatedProperties));
        if (!closed && !isMap) for (const { path } of objects) report(path, OPEN);
      }

      // The values inside: a property is the value of every schema here that declares it.
      const byName = new Map();
      for (const { schema, path } of applying) {
        for (const [name, inner] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
          byName.set(name, [...(byName.get(name) ?? []), { schema: inner, path: [...path, 'properties', name] }]);
        }
      }
      for (const inners of byName.values()) visitValue(inners, new Set(), depth + 1);
      const items = applying.filter(({ schema }) => isObject(schema.items)).map(({ schema, path }) => ({ schema: schema.items, path: [...path, 'items'] }));
      if (items.length > 0) visitValue(items, new Set(), depth + 1);
      for (const { schema, path } of applying) {
        if (Array.isArray(schema.prefixItems)) schema.prefixItems.forEach((inner, i) => visitValue([{ schema: inner, path: [...path, 'prefixItems', i] }], new Set(), depth + 1));
        for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
          if (isObject(schema[keyword])) visitValue([{ schema: schema[keyword], path: [...path, keyword] }], new Set(), depth + 1);
        }
        for (const [pattern, inner] of Object.entries(isObject(schema.patternProperties) ? schema.patternProperties : {})) {
          visitValue([{ schema: inner, path: [...path, 'patternProperties', pattern] }], new Set(), depth + 1);
        }
      }
    };

    visitValue([{ schema: media.schema, path: [...context.path, 'schema'] }], new Set(), 0);
    return [...results.values()];
  },
);

/** Whether the parts of a schema (`allOf`/`anyOf`/`oneOf`, through nested `allOf`) declare properties its own `properties` do not. */
function declaresInParts(schema) {
  const own = new Set(Object.keys(isObject(schema.properties) ? schema.properties : {}));
  const declares = (part, depth) =>
    isObject(part) &&
    depth < MAX_DEPTH &&
    (Object.keys(isObject(part.properties) ? part.properties : {}).some((name) => !own.has(name)) ||
      COMPOSITIONS.some((keyword) => Array.isArray(part[keyword]) && part[keyword].some((inner) => declares(inner, depth + 1))));
  return COMPOSITIONS.some((keyword) => Array.isArray(schema[keyword]) && schema[keyword].some((part) => declares(part, 0)));
}
