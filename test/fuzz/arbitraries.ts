/**
 * JSON Schema (2020-12, the subset the bundles use) -> fast-check arbitraries, of
 * values that keep a schema and of values that break it.
 *
 *   const schemas = new SchemaArbitraries(bundle, { pools });
 *   schemas.valid({ $ref: '#/components/schemas/CreateUserRequest' })     // Arbitrary<unknown>
 *   schemas.invalid({ $ref: '#/components/schemas/CreateUserRequest' })   // Arbitrary<Mutated>
 *
 * Covered: type (and arrays of types), enum, const, format (uuid, date, date-time,
 * email, uri), pattern (fc.stringMatching; lookaheads are dropped for generation and
 * the result filtered by the real pattern), minimum/maximum (and exclusive),
 * minLength/maxLength, minItems/maxItems/uniqueItems, required, properties,
 * additionalProperties, unevaluatedProperties (false: as a closed object once `allOf`
 * is merged), anyOf/oneOf/allOf and local $refs.
 *
 * Invalid values say what was broken (`mutation`): a wrong type, a value out of range,
 * a string too long or too short, a bad format, an unknown enum member, a missing or
 * extra property, an array over maxItems (up to 100001 items), a repeated item, or a
 * nested one of those. `huge` makes valid values with one array of thousands of items.
 *
 * Pools steer some values to ids that exist (`user_id` -> the seeded users, ...): a
 * named property or parameter with a pool takes one of its values three times in four.
 */
import fc from 'fast-check';

export type Schema = boolean | SchemaObject;
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema;
  unevaluatedProperties?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  example?: unknown;
  [keyword: string]: unknown;
}

export interface Mutated {
  value: unknown;
  /** What makes it invalid, e.g. `insured.dob: format date`. */
  mutation: string;
}

export interface SchemaArbitrariesOptions {
  /** Values to prefer for properties and parameters of these names (existing ids, tokens...). */
  pools?: Readonly<Record<string, readonly unknown[]>>;
  /** Longest valid string generated when a schema allows longer (default 24). */
  maxStringLength?: number;
  /** Most items in a valid array when a schema allows more (default 4). */
  maxArrayLength?: number;
  /** Deepest nesting of free-form JSON values (default 2). */
  maxDepth?: number;
}

const JSON_TYPES = ['string', 'integer', 'number', 'boolean', 'null', 'array', 'object'] as const;
type JsonType = (typeof JSON_TYPES)[number];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Characters that break naive code: quotes, backslashes, separators, NUL, accents, CJK, an emoji, RTL. */
const NASTY_CHARACTERS = ['"', "'", '\\', '/', '%', '?', '#', '&', '=', '+', ' ', '\t', '\n', '\u0000', 'é', 'ß', '中', '😀', '\u202e', '’', '<', '>', '{', '}', '$'];

/** Strings with the JSON type of a string but the wrong format. */
const BAD_FORMATS: Readonly<Record<string, readonly string[]>> = {
  uuid: ['not-a-uuid', '00000000-0000-0000-0000-00000000000g', '6b1c5c1e0cbb4c589c7b2c1d0e8f7a10', '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a1', '{6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10}', '', ' ', '../../etc/passwd'],
  date: ['1986-02-30', '2026-13-01', '86-04-21', '2026-1-1', '2026-01-01T00:00:00Z', 'yesterday', '', '0000-00-00', '99999-01-01'],
  'date-time': ['2026-01-01', '2026-01-01T25:00:00Z', '2026-01-01T00:00:00', 'now', '2026-02-30T00:00:00Z', '', '2026-01-01T00:00:00+25:00', '1e10'],
  email: ['no-at-sign', 'a@', '@example.com', 'a b@example.com', 'a@@example.com', 'a@example..com', ''],
  uri: ['not a uri', '://missing-scheme', 'http://exa mple.com', '', 'javascript', '%%%'],
};

/** Lookaheads and lookbehinds, which fc.stringMatching cannot generate. */
const ASSERTIONS = /\(\?<?[=!](?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)/g;

export class SchemaArbitraries {
  private readonly pools: Readonly<Record<string, readonly unknown[]>>;
  private readonly maxStringLength: number;
  private readonly maxArrayLength: number;
  private readonly maxDepth: number;
  private readonly patternCache = new Map<string, fc.Arbitrary<string>>();

  constructor(
    private readonly root: Record<string, unknown>,
    options: SchemaArbitrariesOptions = {},
  ) {
    this.pools = options.pools ?? {};
    this.maxStringLength = options.maxStringLength ?? 24;
    this.maxArrayLength = options.maxArrayLength ?? 4;
    this.maxDepth = options.maxDepth ?? 2;
  }

  /** Follows `$ref`s (`#/components/schemas/X`) to the schema they point at, merging sibling keywords. */
  resolve(schema: Schema): Schema {
    let current = schema;
    const seen = new Set<string>();
    while (isObject(current) && typeof current.$ref === 'string') {
      const { $ref, ...siblings } = current;
      if (seen.has($ref)) throw new Error(`Circular $ref ${$ref}`);
      seen.add($ref);
      const target = this.pointer($ref);
      current = isObject(target) ? { ...target, ...withoutAnnotations(siblings) } : (target as Schema);
    }
    return current;
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
    }
    if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
    return node;
  }

  /** The JSON types a schema allows (all of them when it says nothing). */
  types(schema: Schema): JsonType[] {
    const resolved = this.resolve(schema);
    if (resolved === true || resolved === false) return resolved ? [...JSON_TYPES] : [];
    if (resolved.const !== undefined) return [jsonTypeOf(resolved.const)];
    if (resolved.enum) return [...new Set(resolved.enum.map(jsonTypeOf))];
    const alternatives = resolved.anyOf ?? resolved.oneOf;
    if (alternatives) return [...new Set(alternatives.flatMap((alternative) => this.types(alternative)))];
    if (resolved.allOf) {
      return resolved.allOf.map((part) => this.types(part)).reduce((common, next) => common.filter((type) => next.includes(type) || (type === 'integer' && next.includes('number'))));
    }
    if (resolved.type === undefined) {
      if (resolved.properties || resolved.required) return ['object'];
      if (resolved.items) return ['array'];
      return [...JSON_TYPES];
    }
    const declared = (Array.isArray(resolved.type) ? resolved.type : [resolved.type]) as JsonType[];
    return declared.includes('number') && !declared.includes('integer') ? [...declared, 'integer'] : declared;
  }

  // ---- valid values -----------------------------------------------------------------------------

  /** Values valid against the schema. `name` is the property or parameter name (for pools). */
  valid(schema: Schema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const generated = this.validUnpooled(schema, name, depth);
    const pool = name !== undefined ? this.pools[name] : undefined;
    if (!pool?.length) return generated;
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: generated });
  }

  private validUnpooled(schema: Schema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema);
    if (resolved === true) return this.anyJson(depth);
    if (resolved === false) throw new Error('No value is valid against `false`');
    if (resolved.const !== undefined) return fc.constant(resolved.const);
    if (resolved.enum) return fc.constantFrom(...resolved.enum);
    const alternatives = resolved.anyOf ?? resolved.oneOf;
    if (alternatives) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = resolved;
      return fc.oneof(...alternatives.map((alternative) => this.valid(mergeSchemas(this.resolve(alternative), withoutAnnotations(siblings)), name, depth)));
    }
    if (resolved.allOf) {
      const { allOf, ...siblings } = resolved;
      return this.valid(allOf.map((part) => this.resolve(part)).reduce<Schema>((merged, part) => mergeSchemas(merged, part), withoutAnnotations(siblings)), name, depth);
    }
    const types = this.types(resolved);
    return fc.oneof(...types.map((type) => this.validOfType(resolved, type, name, depth)));
  }

  private validOfType(schema: SchemaObject, type: JsonType, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: bound(schema, 'min', true), max: bound(schema, 'max', true) });
      case 'number':
        return fc.oneof(
          fc.integer({ min: bound(schema, 'min', true), max: bound(schema, 'max', true) }),
          fc.double({ min: bound(schema, 'min', false), max: bound(schema, 'max', false), noNaN: true, noDefaultInfinity: true }).filter((value) => withinExclusive(schema, value)),
        );
      case 'string':
        return this.validString(schema);
      case 'array':
        return this.validArray(schema, name, depth);
      case 'object':
        return this.validObject(schema, depth);
    }
  }

  private validString(schema: SchemaObject): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = schema.maxLength ?? Infinity;
    const lengthOk = (value: string) => codePoints(value) >= minLength && codePoints(value) <= maxLength;
    if (schema.format && VALID_FORMATS[schema.format]) return VALID_FORMATS[schema.format]!().filter(lengthOk);
    if (schema.pattern) return this.matching(schema.pattern).filter(lengthOk);
    const cap = Math.min(maxLength, Math.max(minLength, this.maxStringLength));
    return fc.string({ minLength, maxLength: cap, unit: fc.oneof({ weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) }, { weight: 2, arbitrary: fc.constantFrom(...NASTY_CHARACTERS) }) });
  }

  /** Strings matching a pattern (as Ajv reads it: with the `u` flag). */
  matching(pattern: string): fc.Arbitrary<string> {
    let cached = this.patternCache.get(pattern);
    if (!cached) {
      const regex = new RegExp(pattern, 'u');
      const generable = pattern.replace(ASSERTIONS, '');
      cached = fc.stringMatching(new RegExp(generable, 'u')).filter((value) => regex.test(value));
      this.patternCache.set(pattern, cached);
    }
    return cached;
  }

  /** Items of an array named `name` take the pool `name[]`. */
  private validArray(schema: SchemaObject, name: string | undefined, depth: number): fc.Arbitrary<unknown[]> {
    const minLength = schema.minItems ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? this.maxArrayLength, this.maxArrayLength));
    const items = schema.items === undefined ? this.anyJson(depth + 1) : this.valid(schema.items, name === undefined ? undefined : `${name}[]`, depth + 1);
    return schema.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) }) : fc.array(items, { minLength, maxLength });
  }

  private validObject(schema: SchemaObject, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const entries = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, this.valid(property, key, depth + 1)]));
    const known = fc.record(entries, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    // `unevaluatedProperties: false` here is that of a schema whose allOf was merged in: its parts' properties are known.
    const extraAllowed = !isClosed(schema) && depth < this.maxDepth;
    if (!extraAllowed) return known;
    const extraValue = isObject(schema.additionalProperties) ? this.valid(schema.additionalProperties, undefined, depth + 1) : this.anyJson(depth + 1);
    const extraKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in properties) && key !== '__proto__');
    return fc.tuple(known, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(extraKey, extraValue, { maxKeys: 2 }) })).map(([record, extra]) => ({ ...extra, ...record }));
  }

  /** Any JSON value, nested up to the maximum depth. */
  anyJson(depth = 0): fc.Arbitrary<unknown> {
    const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
    if (depth >= this.maxDepth) return scalar;
    return fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(this.anyJson(depth + 1), { maxLength: 3 }) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), this.anyJson(depth + 1), { maxKeys: 3 }) });
  }

  // ---- invalid values ---------------------------------------------------------------------------

  /** Values that break the schema, saying how; null when nothing can break it (`true`, `{}`). */
  invalid(schema: Schema, name?: string, depth = 0): fc.Arbitrary<Mutated> | null {
    const resolved = this.resolve(schema);
    if (resolved === true) return null;
    if (resolved === false) return this.anyJson(depth).map((value) => ({ value, mutation: 'any value against false' }));
    const candidates: { weight: number; arbitrary: fc.Arbitrary<Mutated> }[] = [];
    const add = (weight: number, arbitrary: fc.Arbitrary<Mutated> | null) => {
      if (arbitrary) candidates.push({ weight, arbitrary });
    };

    const allowed = this.types(resolved);
    const wrongTypes = JSON_TYPES.filter((type) => !allowed.includes(type) && !(type === 'integer' && allowed.includes('number')));
    if (wrongTypes.length > 0 && allowed.length < JSON_TYPES.length) {
      add(3, fc.constantFrom(...wrongTypes).chain((type) => this.valueOfType(type, depth).map((value) => ({ value, mutation: `type ${type} instead of ${allowed.join('|')}` }))));
    }

    if (resolved.enum || resolved.const !== undefined) {
      const members = resolved.enum ?? [resolved.const];
      const strings = members.filter((member): member is string => typeof member === 'string');
      if (strings.length > 0) {
        const unknown = fc.oneof(
          fc.constantFrom(...strings).map((member) => member.toUpperCase()),
          fc.constantFrom(...strings).map((member) => `${member}_unknown`),
          fc.constantFrom('', ' ', 'unknown', '__proto__', 'null'),
        );
        add(4, unknown.filter((value) => !members.includes(value)).map((value) => ({ value, mutation: `unknown enum member ${JSON.stringify(value)}` })));
      }
      return candidates.length ? fc.oneof(...candidates) : null;
    }

    const alternatives = resolved.anyOf ?? resolved.oneOf;
    if (alternatives) {
      // A value that breaks one alternative and is not of a type another alternative takes.
      for (const alternative of alternatives) {
        const broken = this.invalid(alternative, name, depth);
        if (!broken) continue;
        const others = alternatives.filter((other) => other !== alternative).flatMap((other) => this.types(other));
        add(2, broken.filter(({ value }) => !others.includes(jsonTypeOf(value)) && !(jsonTypeOf(value) === 'integer' && others.includes('number'))));
      }
      return candidates.length ? fc.oneof(...candidates) : null;
    }
    if (resolved.allOf) {
      for (const part of resolved.allOf) add(1, this.invalid(part, name, depth));
      // A request schema that closes shared ones (`allOf` + `unevaluatedProperties: false`): a key none of them declares.
      if (resolved.unevaluatedProperties === false) {
        add(1, (this.valid(resolved, name, depth) as fc.Arbitrary<Record<string, unknown>>).map((record) => ({ value: { ...record, unexpected_field: 'x' }, mutation: 'extra property unexpected_field' })));
      }
      return candidates.length ? fc.oneof(...candidates) : null;
    }

    if (allowed.includes('string')) this.invalidStrings(resolved, add);
    if (allowed.includes('integer') || allowed.includes('number')) this.invalidNumbers(resolved, allowed, add);
    if (allowed.includes('array')) this.invalidArrays(resolved, name, depth, add);
    if (allowed.includes('object')) this.invalidObjects(resolved, depth, add);
    return candidates.length ? fc.oneof(...candidates) : null;
  }

  private invalidStrings(schema: SchemaObject, add: (weight: number, arbitrary: fc.Arbitrary<Mutated> | null) => void) {
    const bad = schema.format ? BAD_FORMATS[schema.format] : undefined;
    if (bad) add(4, fc.constantFrom(...bad).filter((value) => codePoints(value) <= (schema.maxLength ?? Infinity)).map((value) => ({ value, mutation: `format ${schema.format}: ${JSON.stringify(value)}` })));
    if (schema.pattern) {
      const regex = new RegExp(schema.pattern, 'u');
      const strings = fc.oneof(fc.constantFrom('<script>', '12345', ' ', 'a\u0000b', '😀', "' OR 1=1 --", 'UPPER.Case', '-leading', 'trailing-', "a''b"), fc.string({ maxLength: 16 }));
      add(3, strings.filter((value) => !regex.test(value) && codePoints(value) >= (schema.minLength ?? 0)).map((value) => ({ value, mutation: `pattern ${schema.pattern}: ${JSON.stringify(value)}` })));
    }
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      add(3, fc.oneof(fc.integer({ min: max + 1, max: max + 40 }), fc.constant(max * 10 + 1000)).map((length) => ({ value: 'x'.repeat(length), mutation: `${length} characters, over maxLength ${max}` })));
    }
    if (schema.minLength !== undefined && schema.minLength > 0) {
      const min = schema.minLength;
      add(2, fc.integer({ min: 0, max: min - 1 }).map((length) => ({ value: 'x'.repeat(length), mutation: `${length} characters, under minLength ${min}` })));
    }
  }

  private invalidNumbers(schema: SchemaObject, allowed: JsonType[], add: (weight: number, arbitrary: fc.Arbitrary<Mutated> | null) => void) {
    const integerOnly = !allowed.includes('number');
    const limits: number[] = [];
    if (schema.minimum !== undefined) limits.push(schema.minimum - 1, schema.minimum - 1e9);
    if (schema.exclusiveMinimum !== undefined) limits.push(schema.exclusiveMinimum);
    if (schema.maximum !== undefined) limits.push(schema.maximum + 1, schema.maximum + 1e9, Number.MAX_SAFE_INTEGER + 2);
    if (schema.exclusiveMaximum !== undefined) limits.push(schema.exclusiveMaximum);
    if (limits.length) add(4, fc.constantFrom(...limits).map((value) => ({ value, mutation: `${value}, out of [${schema.minimum ?? schema.exclusiveMinimum ?? '-inf'}, ${schema.maximum ?? schema.exclusiveMaximum ?? 'inf'}]` })));
    if (integerOnly) add(2, fc.constantFrom(1.5, -0.25, 1e-7).map((value) => ({ value, mutation: `${value}, not an integer` })));
  }

  private invalidArrays(schema: SchemaObject, name: string | undefined, depth: number, add: (weight: number, arbitrary: fc.Arbitrary<Mutated> | null) => void) {
    const item = schema.items === undefined ? this.anyJson(depth + 1) : this.valid(schema.items, name === undefined ? undefined : `${name}[]`, depth + 1);
    if (schema.minItems !== undefined && schema.minItems > 0) {
      add(2, fc.array(item, { maxLength: schema.minItems - 1 }).map((value) => ({ value, mutation: `${value.length} items, under minItems ${schema.minItems}` })));
    }
    if (schema.maxItems !== undefined && schema.maxItems <= 200_000) {
      // Up to a huge array (100001 user ids for the bulk pull): one item repeated.
      const max = schema.maxItems;
      add(max > 1000 ? 1 : 2, item.map((first) => ({ value: Array.from({ length: max + 1 }, () => first), mutation: `${max + 1} items, over maxItems ${max}` })));
    }
    if (schema.uniqueItems) add(2, item.map((first) => ({ value: [first, first], mutation: 'a repeated item' })));
    if (schema.items !== undefined) {
      const broken = this.invalid(schema.items, undefined, depth + 1);
      if (broken) {
        add(3, fc.tuple(fc.array(item, { maxLength: 2 }), broken).map(([valid, { value, mutation }]) => ({ value: [...valid, value], mutation: `[${valid.length}]: ${mutation}` })));
      }
    }
  }

  private invalidObjects(schema: SchemaObject, depth: number, add: (weight: number, arbitrary: fc.Arbitrary<Mutated> | null) => void) {
    const valid = this.validObject({ ...schema, type: 'object' }, depth) as fc.Arbitrary<Record<string, unknown>>;
    for (const key of schema.required ?? []) {
      add(2, valid.map((record) => {
        const { [key]: _dropped, ...rest } = record;
        return { value: rest, mutation: `missing ${key}` };
      }));
    }
    if (isClosed(schema)) {
      add(1, valid.map((record) => ({ value: { ...record, unexpected_field: 'x' }, mutation: 'extra property unexpected_field' })));
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const broken = this.invalid(property, key, depth + 1);
      if (!broken) continue;
      add(2, fc.tuple(valid, broken).map(([record, { value, mutation }]) => ({ value: { ...record, [key]: value }, mutation: `${key}: ${mutation}` })));
    }
  }

  /**
   * Valid values with one array made huge (thousands of items, within any maxItems):
   * the schema allows them, the server must still answer in time and in shape. Null when
   * the schema has no array property.
   */
  huge(schema: Schema): fc.Arbitrary<Mutated> | null {
    const resolved = this.resolve(schema);
    if (resolved === true || resolved === false || !this.types(resolved).includes('object')) return null;
    const arrays = Object.entries(resolved.properties ?? {}).flatMap(([key, property]) => {
      const array = this.resolve(property);
      if (array === true || array === false || !this.types(array).includes('array')) return [];
      const items = array.items === undefined ? true : this.resolve(array.items);
      // Distinct items are generated only for UUIDs (by index); other unique arrays are left alone.
      const isUuid = items !== true && items !== false && items.format === 'uuid';
      if (array.uniqueItems && !isUuid) return [];
      return [{ key, array, items, isUuid }];
    });
    if (arrays.length === 0) return null;
    const record = this.validObject({ ...resolved, type: 'object' }, 0);
    return fc.tuple(record, fc.constantFrom(...arrays), fc.integer({ min: 2_000, max: 20_000 })).chain(([value, { key, array, items, isUuid }, wanted]) => {
      const length = Math.min(array.maxItems ?? Infinity, wanted);
      const item = items === true ? fc.integer() : this.valid(items, `${key}[]`, 1);
      return item.map((first) => ({
        value: { ...value, [key]: Array.from({ length }, (_, index) => (isUuid ? `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}` : first)) },
        mutation: `${key}: ${length} items`,
      }));
    });
  }

  /** Any value of a JSON type. */
  valueOfType(type: JsonType, depth = 0): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('12', 'true', 'null', ''));
      case 'integer':
        return fc.integer({ min: -1000, max: 1000 });
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value));
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.anyJson(depth + 1), { maxLength: 2 });
      case 'object':
        return fc.dictionary(fc.string({ maxLength: 6 }), this.anyJson(depth + 1), { maxKeys: 2 });
    }
  }
}

const VALID_FORMATS: Readonly<Record<string, () => fc.Arbitrary<string>>> = {
  uuid: () => fc.uuid(),
  date: () => fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  'date-time': () =>
    fc
      .tuple(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('Z', '+00:00', '+05:30', '-08:00'))
      .map(([date, zone]) => date.toISOString().replace('Z', zone)),
  email: () => fc.emailAddress(),
  // fc.webUrl is slow to generate (tens of ms); these are URIs all the same.
  uri: () =>
    fc
      .tuple(
        fc.constantFrom('https', 'http', 'myapp'),
        fc.stringMatching(/^[a-z][a-z0-9-]{0,10}(\.[a-z]{2,5}){1,2}$/),
        fc.stringMatching(/^(\/[A-Za-z0-9._~-]{0,8}){0,3}$/),
        fc.option(fc.stringMatching(/^[a-z]{1,5}=[A-Za-z0-9]{0,6}$/), { nil: undefined }),
      )
      .map(([scheme, host, path, query]) => `${scheme}://${host}${path}${query ? `?${query}` : ''}`),
};

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return 'object';
}

/** Length as JSON Schema counts it: code points. */
const codePoints = (value: string) => [...value].length;

const INTEGER_LIMIT = 1_000_000_000;

function bound(schema: SchemaObject, side: 'min' | 'max', integer: boolean): number {
  if (side === 'min') {
    const inclusive = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0) : -INTEGER_LIMIT);
    return integer ? Math.ceil(inclusive) : inclusive;
  }
  const inclusive = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0) : INTEGER_LIMIT);
  return integer ? Math.floor(inclusive) : inclusive;
}

const withinExclusive = (schema: SchemaObject, value: number) =>
  (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) && (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum);

const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'deprecated', 'x-non-exhaustive', 'default']);
function withoutAnnotations(schema: Record<string, unknown>): SchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key)));
}

/** Whether an object schema refuses keys it does not declare (its allOf merged in, for `unevaluatedProperties`). */
const isClosed = (schema: SchemaObject) => schema.additionalProperties === false || schema.unevaluatedProperties === false;

/**
 * Both schemas at once (enough for the allOf and sibling keywords the documents use). A
 * property both declare takes both (`allOf`): a request schema's `address` (closed) beside
 * the shared schema's (open) it closes. Either one closed makes the object closed.
 */
function mergeSchemas(a: Schema, b: Schema): Schema {
  if (a === true) return b;
  if (b === true) return a;
  if (a === false || b === false) return false;
  const merged: SchemaObject = { ...a, ...b };
  if (a.properties || b.properties) {
    merged.properties = { ...a.properties, ...b.properties };
    for (const [key, property] of Object.entries(a.properties ?? {})) {
      const other = b.properties?.[key];
      if (other !== undefined && other !== property) merged.properties[key] = { allOf: [property, other] };
    }
  }
  if (a.required || b.required) merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  for (const keyword of ['additionalProperties', 'unevaluatedProperties'] as const) {
    if (a[keyword] === false || b[keyword] === false) merged[keyword] = false;
  }
  return merged;
}
