/**
 * A JSON Schema (OpenAPI 3.0/3.1) flattened into what the comparison needs:
 * $refs resolved, allOf merged, `nullable`/`{type: null}` variants folded into
 * the type set, and the location of every part kept as a JSON pointer.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** Appends reference tokens to a JSON pointer. */
export const pointerTo = (pointer: string, ...tokens: (string | number)[]) => pointer + tokens.map((t) => `/${escapeToken(String(t))}`).join('');

/** Follows a local `$ref` (`#/components/...`) to its target and JSON pointer. */
export function resolveRef(document: JsonObject, ref: string): { node: Json | undefined; pointer: string } {
  if (!ref.startsWith('#')) throw new Error(`Only local $refs are supported in a bundle, found "${ref}"`);
  const pointer = decodeURIComponent(ref.slice(1));
  let node: Json | undefined = document;
  for (const token of pointer.split('/').slice(1).map(unescapeToken)) {
    node = Array.isArray(node) ? node[Number(token)] : isObject(node) ? node[token] : undefined;
  }
  return { node, pointer };
}

/** A schema (or parameter, response, ...) after following its $refs. */
export interface Located {
  node: Json | undefined;
  pointer: string;
}

/** Follows $refs until a node without one (cycles end at the first repeat). */
export function deref(document: JsonObject, node: Json | undefined, pointer: string): Located {
  const seen = new Set<string>();
  let current: Located = { node, pointer };
  while (isObject(current.node) && typeof current.node.$ref === 'string' && !seen.has(current.node.$ref)) {
    seen.add(current.node.$ref);
    current = resolveRef(document, current.node.$ref);
  }
  return current;
}

export interface Bound {
  value: number;
  exclusive: boolean;
}

export interface Shape {
  /** Where the schema is used: the location that held it, before its $refs were followed. */
  site: string;
  /** Where the schema is defined (after $refs). */
  pointer: string;
  /**
   * Where its constraints (enum, bounds, format) are defined: the same, except for
   * `anyOf: [{$ref: X}, {type: null}]`, whose constraints are X's.
   */
  definedAt: string;
  /** Possible JSON types, `null` included; undefined means any. */
  types: Set<string> | undefined;
  enum: Json[] | undefined;
  nonExhaustive: boolean;
  format: string | undefined;
  properties: Map<string, Located>;
  required: Set<string>;
  /** false: no other properties allowed; a schema: the type of the other properties. */
  additionalProperties: Located | false | undefined;
  items: Located | undefined;
  /** anyOf/oneOf alternatives that could not be folded into one shape. */
  variants: Located[];
  lower: Bound | undefined;
  upper: Bound | undefined;
  minLength: number | undefined;
  maxLength: number | undefined;
  minItems: number | undefined;
  maxItems: number | undefined;
  pattern: string | undefined;
  uniqueItems: boolean;
}

const emptyShape = (pointer: string): Shape => ({
  site: pointer,
  pointer,
  definedAt: pointer,
  types: undefined,
  enum: undefined,
  nonExhaustive: false,
  format: undefined,
  properties: new Map(),
  required: new Set(),
  additionalProperties: undefined,
  items: undefined,
  variants: [],
  lower: undefined,
  upper: undefined,
  minLength: undefined,
  maxLength: undefined,
  minItems: undefined,
  maxItems: undefined,
  pattern: undefined,
  uniqueItems: false,
});

const jsonType = (value: Json): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value === 'object' ? 'object' : typeof value);

const num = (value: Json | undefined) => (typeof value === 'number' ? value : undefined);
const max = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const min = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/** The stricter of two lower bounds (or of two upper bounds, with `direction` -1). */
function stricter(a: Bound | undefined, b: Bound | undefined, direction: 1 | -1): Bound | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.value === b.value) return { value: a.value, exclusive: a.exclusive || b.exclusive };
  return (a.value - b.value) * direction > 0 ? a : b;
}

function bound(inclusive: Json | undefined, exclusive: Json | undefined, flag: Json | undefined, direction: 1 | -1): Bound | undefined {
  const a = num(inclusive) === undefined ? undefined : { value: num(inclusive)!, exclusive: flag === true };
  const b = num(exclusive) === undefined ? undefined : { value: num(exclusive)!, exclusive: true };
  return stricter(a, b, direction);
}

const intersectTypes = (a: Set<string> | undefined, b: Set<string> | undefined) => {
  if (!a) return b;
  if (!b) return a;
  const covers = (set: Set<string>, t: string) => set.has(t) || (t === 'integer' && set.has('number'));
  return new Set([...a].filter((t) => covers(b, t)).concat([...b].filter((t) => t === 'integer' && a.has('number'))));
};

/** allOf: every part applies, so properties add up and bounds take the stricter value. */
function merge(into: Shape, part: Shape): Shape {
  return {
    site: into.site,
    pointer: into.pointer,
    definedAt: into.definedAt,
    types: intersectTypes(into.types, part.types),
    enum: into.enum ?? part.enum,
    nonExhaustive: into.nonExhaustive || part.nonExhaustive,
    format: into.format ?? part.format,
    properties: new Map([...into.properties, ...part.properties]),
    required: new Set([...into.required, ...part.required]),
    additionalProperties: into.additionalProperties ?? part.additionalProperties,
    items: into.items ?? part.items,
    variants: [...into.variants, ...part.variants],
    lower: stricter(into.lower, part.lower, 1),
    upper: stricter(into.upper, part.upper, -1),
    minLength: max(into.minLength, part.minLength),
    maxLength: min(into.maxLength, part.maxLength),
    minItems: max(into.minItems, part.minItems),
    maxItems: min(into.maxItems, part.maxItems),
    pattern: into.pattern ?? part.pattern,
    uniqueItems: into.uniqueItems || part.uniqueItems,
  };
}

const isNullSchema = (node: Json | undefined) =>
  isObject(node) && (node.type === 'null' || (Array.isArray(node.type) && node.type.length === 1 && node.type[0] === 'null') || (Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null));

/** A shape with no structure of its own (no properties, items or variants): alternatives of those can be unioned. */
const isScalar = (shape: Shape) => shape.properties.size === 0 && !shape.items && shape.variants.length === 0 && !isObject(shape.additionalProperties);

/** Flattens a schema; `seen` breaks $ref cycles. */
export function shapeOf(document: JsonObject, located: Located, seen: ReadonlySet<string> = new Set()): Shape {
  const { node, pointer } = deref(document, located.node, located.pointer);
  if (seen.has(pointer)) return emptyShape(pointer);
  const inside = new Set(seen).add(pointer);
  if (node === false) return { ...emptyShape(pointer), types: new Set() };
  if (!isObject(node)) return emptyShape(pointer);

  let shape = emptyShape(pointer);
  if (typeof node.type === 'string') shape.types = new Set([node.type]);
  else if (Array.isArray(node.type)) shape.types = new Set(node.type.filter((t): t is string => typeof t === 'string'));
  if (Array.isArray(node.enum)) shape.enum = node.enum;
  if ('const' in node) shape.enum = [node.const ?? null];
  shape.nonExhaustive = node['x-non-exhaustive'] === true;
  if (typeof node.format === 'string') shape.format = node.format;
  if (isObject(node.properties)) {
    for (const name of Object.keys(node.properties)) shape.properties.set(name, { node: node.properties[name], pointer: pointerTo(pointer, 'properties', name) });
  }
  if (Array.isArray(node.required)) shape.required = new Set(node.required.filter((r): r is string => typeof r === 'string'));
  if (node.additionalProperties === false) shape.additionalProperties = false;
  else if (isObject(node.additionalProperties)) shape.additionalProperties = { node: node.additionalProperties, pointer: pointerTo(pointer, 'additionalProperties') };
  if (isObject(node.items)) shape.items = { node: node.items, pointer: pointerTo(pointer, 'items') };
  shape.lower = bound(node.minimum, typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : undefined, node.exclusiveMinimum, 1);
  shape.upper = bound(node.maximum, typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : undefined, node.exclusiveMaximum, -1);
  shape.minLength = num(node.minLength);
  shape.maxLength = num(node.maxLength);
  shape.minItems = num(node.minItems);
  shape.maxItems = num(node.maxItems);
  if (typeof node.pattern === 'string') shape.pattern = node.pattern;
  shape.uniqueItems = node.uniqueItems === true;
  if (node.nullable === true && shape.types) shape.types.add('null');

  // A schema without `type` still says what it holds through its other keywords.
  if (!shape.types) {
    if (shape.enum) shape.types = new Set(shape.enum.map(jsonType));
    else if (shape.properties.size > 0 || shape.additionalProperties !== undefined) shape.types = new Set(['object']);
    else if (shape.items) shape.types = new Set(['array']);
  }

  if (Array.isArray(node.allOf)) {
    for (const [i, part] of node.allOf.entries()) shape = merge(shape, shapeOf(document, { node: part, pointer: pointerTo(pointer, 'allOf', i) }, inside));
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = node[keyword];
    if (!Array.isArray(alternatives)) continue;
    const located = alternatives.map((alternative, i) => ({ node: alternative, pointer: pointerTo(pointer, keyword, i) }));
    const nullable = located.some((alternative) => isNullSchema(deref(document, alternative.node, alternative.pointer).node));
    const others = located.filter((alternative) => !isNullSchema(deref(document, alternative.node, alternative.pointer).node));
    const shapes = others.map((alternative) => shapeOf(document, alternative, inside));
    let union: Shape;
    if (shapes.length === 1) {
      union = shapes[0]!;
    } else if (shapes.length > 1 && shapes.every(isScalar)) {
      union = { ...emptyShape(pointer), variants: [] };
      union.types = shapes.some((s) => !s.types) ? undefined : new Set(shapes.flatMap((s) => [...s.types!]));
      union.enum = shapes.every((s) => s.enum) ? shapes.flatMap((s) => s.enum!) : undefined;
      union.nonExhaustive = shapes.some((s) => s.nonExhaustive);
    } else {
      union = { ...emptyShape(pointer), variants: others };
      union.types = shapes.some((s) => !s.types) ? undefined : new Set(shapes.flatMap((s) => [...s.types!]));
    }
    if (nullable) union.types = union.types ? new Set([...union.types, 'null']) : undefined;
    if (shapes.length === 0) union.types = nullable ? new Set(['null']) : union.types;
    // The alternatives describe the value; the schema's own keywords (a description, a default) apply on top.
    const own = shape;
    const definedAt = shapes.length === 1 ? union.definedAt : pointer;
    shape = { ...merge(union, own), pointer, definedAt, types: own.types ? intersectTypes(own.types, union.types) : union.types };
  }
  return { ...shape, site: located.pointer };
}

/** Whether a type set contains a type (an integer is a number). Undefined means any type. */
export const coversType = (types: Set<string> | undefined, type: string) => !types || types.has(type) || (type === 'integer' && types.has('number'));

export const sameJson = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);
