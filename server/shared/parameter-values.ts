import type { ValidationErrorItem } from './error-shape.js';
import { HTTP_METHODS } from './wire.js';

/**
 * How the text of a numeric or boolean parameter (query, path, header) is read, the server's
 * and the mock's one rule (both call readParameters before their validator runs). The API
 * family's servers read parameters with pydantic's lax rules; these follow them, minus what
 * would let a value through silently altered or out of range:
 *
 * - integer: optional ASCII whitespace (space, tab, LF, VT, FF, CR) around an optional sign
 *   and decimal digits, single underscores between digits allowed, and an optional fraction
 *   of zeros: `5`, ` 5`, `5 `, `+5`, `05`, `-0` (0), `1_000`, `5.0`. Not `0x10`, `1e2`,
 *   `5.`, `5.5`, `Infinity`, `NaN`, `1__0`, `_1`, an empty value or Unicode spaces.
 * - number: the same around decimal digits with an optional fraction and exponent (`2.5`,
 *   `.5`, `5.`, `1e1`); `inf`, `Infinity`, `NaN` (any case) and values beyond the float range
 *   (`1e400`) are refused as not finite (the family takes them and fails later).
 * - boolean: `true`, `t`, `yes`, `y`, `on`, `1` and `false`, `f`, `no`, `n`, `off`, `0`, in
 *   any case, nothing around them.
 * - the value is then held to the schema's `minimum`, `maximum`, `exclusiveMinimum` and
 *   `exclusiveMaximum`, compared exactly (`9007199254740993` is greater than
 *   `9007199254740992`); an integer beyond ±9007199254740991 (2^53 - 1) is refused even where
 *   the schema names no bound, as no JSON number of a client holds it exactly.
 *
 * A value read is put back as its plain decimal text (`" +05 "` -> `"5"`, `"Yes"` -> `"true"`),
 * which the validators behind then coerce and check as usual; a value refused is a 422 item at
 * its location, and the validators' own reports of that location are dropped (mergeItems).
 */

export type ScalarKind = 'integer' | 'number' | 'boolean';
export type ParameterLocation = 'query' | 'path' | 'header';

/** A numeric or boolean parameter of an operation (a scalar, or an array of scalars). */
export interface ParameterRule {
  readonly in: ParameterLocation;
  /** The name as sent; header names in lower case. */
  readonly name: string;
  readonly kind: ScalarKind;
  readonly array: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}

/** The ASCII whitespace allowed around a number (never inside it), as a character class every regex dialect reads the same. */
const SPACE = '[\\t\\n\\x0B\\f\\r ]*';
const DIGITS = '[0-9](?:_?[0-9])*';
export const INTEGER_TEXT = new RegExp(`^${SPACE}([+-]?)(${DIGITS})(?:\\.0+)?${SPACE}$`);
export const NUMBER_TEXT = new RegExp(`^${SPACE}([+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?)${SPACE}$`);
const NON_FINITE_TEXT = new RegExp(`^${SPACE}[+-]?(?:inf|infinity|nan)${SPACE}$`, 'i');
const TRUE_TEXT = /^(?:true|t|yes|y|on|1)$/i;
const FALSE_TEXT = /^(?:false|f|no|n|off|0)$/i;

/** The largest integer every client's JSON number holds exactly. */
export const LARGEST_SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

export type ReadValue = { ok: true; text: string } | { ok: false; msg: string; type: string };

const refused = (msg: string, type: string): ReadValue => ({ ok: false, msg, type });

/** The text of one value of a parameter: its plain text, or why it is refused. */
export function readParameterText(rule: Omit<ParameterRule, 'in' | 'name' | 'array'>, text: string): ReadValue {
  if (rule.kind === 'boolean') {
    if (TRUE_TEXT.test(text)) return { ok: true, text: 'true' };
    if (FALSE_TEXT.test(text)) return { ok: true, text: 'false' };
    return refused('must be boolean', 'type_error');
  }
  if (rule.kind === 'integer') {
    const match = INTEGER_TEXT.exec(text);
    if (!match) return refused('must be integer', 'type_error');
    const value = BigInt(`${match[1]}${match[2]!.replace(/_/g, '')}`);
    const outside = integerOutside(rule, value);
    return outside ?? { ok: true, text: value.toString() };
  }
  if (NON_FINITE_TEXT.test(text)) return refused('must be a finite number', 'finite_number');
  const match = NUMBER_TEXT.exec(text);
  if (!match) return refused('must be number', 'type_error');
  const value = Number(match[1]!.replace(/_/g, ''));
  if (!Number.isFinite(value)) return refused('must be a finite number', 'finite_number');
  const outside = numberOutside(rule, value);
  // `-0` is 0 (String(-0) is "0").
  return outside ?? { ok: true, text: String(value) };
}

/** Compared exactly: a bound that is a whole number as a BigInt, any other bound as a number. */
function compare(value: bigint, bound: number): number {
  if (Number.isInteger(bound)) {
    const exact = BigInt(bound);
    return value < exact ? -1 : value > exact ? 1 : 0;
  }
  const approximate = Number(value);
  return approximate < bound ? -1 : approximate > bound ? 1 : 0;
}

function integerOutside(rule: Omit<ParameterRule, 'in' | 'name' | 'array'>, value: bigint): ReadValue | undefined {
  const minimum = rule.minimum ?? -LARGEST_SAFE_INTEGER;
  const maximum = rule.maximum ?? LARGEST_SAFE_INTEGER;
  if (compare(value, Math.max(minimum, -LARGEST_SAFE_INTEGER)) < 0) return refused(`must be >= ${Math.max(minimum, -LARGEST_SAFE_INTEGER)}`, 'greater_than_equal');
  if (compare(value, Math.min(maximum, LARGEST_SAFE_INTEGER)) > 0) return refused(`must be <= ${Math.min(maximum, LARGEST_SAFE_INTEGER)}`, 'less_than_equal');
  if (rule.exclusiveMinimum !== undefined && compare(value, rule.exclusiveMinimum) <= 0) return refused(`must be > ${rule.exclusiveMinimum}`, 'greater_than');
  if (rule.exclusiveMaximum !== undefined && compare(value, rule.exclusiveMaximum) >= 0) return refused(`must be < ${rule.exclusiveMaximum}`, 'less_than');
  return undefined;
}

function numberOutside(rule: Omit<ParameterRule, 'in' | 'name' | 'array'>, value: number): ReadValue | undefined {
  if (rule.minimum !== undefined && value < rule.minimum) return refused(`must be >= ${rule.minimum}`, 'greater_than_equal');
  if (rule.maximum !== undefined && value > rule.maximum) return refused(`must be <= ${rule.maximum}`, 'less_than_equal');
  if (rule.exclusiveMinimum !== undefined && value <= rule.exclusiveMinimum) return refused(`must be > ${rule.exclusiveMinimum}`, 'greater_than');
  if (rule.exclusiveMaximum !== undefined && value >= rule.exclusiveMaximum) return refused(`must be < ${rule.exclusiveMaximum}`, 'less_than');
  return undefined;
}

/** The request's parameters by location, changed in place: each value read is replaced by its plain text. */
export interface ParameterValues {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  header: Record<string, unknown>;
}

/** Where a refused value is (`['query', 'size']`, `['query', 'marker_ids', 1]`), and why. */
export interface ReadOutcome {
  readonly items: ValidationErrorItem[];
}

/**
 * Reads every numeric and boolean parameter of an operation: a value read is replaced by its
 * plain text in `values`, a refused one is left as it was and reported. Values that are not
 * text (a nested query object) are left to the validator.
 */
export function readParameters(rules: readonly ParameterRule[], values: ParameterValues): ReadOutcome {
  const items: ValidationErrorItem[] = [];
  for (const rule of rules) {
    const holder = values[rule.in];
    if (!Object.hasOwn(holder, rule.name)) continue;
    const value = holder[rule.name];
    if (typeof value === 'string') {
      const read = readParameterText(rule, value);
      if (read.ok) holder[rule.name] = read.text;
      else items.push({ loc: rule.array ? [rule.in, rule.name, 0] : [rule.in, rule.name], msg: read.msg, type: read.type });
    } else if (Array.isArray(value) && rule.array) {
      const texts = value.slice();
      value.forEach((entry, index) => {
        if (typeof entry !== 'string') return;
        const read = readParameterText(rule, entry);
        if (read.ok) texts[index] = read.text;
        else items.push({ loc: [rule.in, rule.name, index], msg: read.msg, type: read.type });
      });
      holder[rule.name] = texts;
    }
  }
  return { items };
}

/**
 * The 422 items of a request with refused parameters: ours first, then the validator's,
 * without its reports of the places ours name (the validator saw the refused text too, and
 * read it its own way).
 */
export function mergeItems(ours: readonly ValidationErrorItem[], theirs: readonly ValidationErrorItem[]): ValidationErrorItem[] {
  const places = ours.map((item) => item.loc.slice(0, 2).join('\u0000'));
  return [...ours, ...theirs.filter((item) => !places.includes(item.loc.slice(0, 2).join('\u0000')))];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(root: Json, value: unknown): Json | undefined {
  let at: unknown = value;
  for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < 16; hops++) {
    const ref: string = at.$ref;
    if (!ref.startsWith('#/')) return undefined;
    at = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, segment) => (isObject(node) ? node[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
  }
  return isObject(at) ? at : undefined;
}

/** The scalar kind of a schema (`type: integer`, `type: [integer]`), or undefined. */
function scalarKind(schema: Json | undefined): ScalarKind | undefined {
  const type = Array.isArray(schema?.type) && schema.type.length === 1 ? schema.type[0] : schema?.type;
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : undefined;
}

const bound = (schema: Json, keyword: string) => (typeof schema[keyword] === 'number' ? { [keyword]: schema[keyword] as number } : {});

/**
 * The numeric and boolean parameters of every operation of a document prepared for the
 * validators (prepareForRuntimeValidation: no null alternatives left), by operationId.
 */
export function parameterRules(document: unknown): ReadonlyMap<string, readonly ParameterRule[]> {
  const root = document as Json;
  const rules = new Map<string, ParameterRule[]>();
  for (const { operationId, parameters } of operationParameters(root)) {
    const found: ParameterRule[] = [];
    for (const parameter of parameters) {
      const location = parameter?.in;
      if (!parameter || typeof parameter.name !== 'string' || (location !== 'query' && location !== 'path' && location !== 'header')) continue;
      const schema = resolve(root, parameter.schema);
      const itemsSchema = schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.length === 1 && schema.type[0] === 'array') ? resolve(root, schema?.items) : undefined;
      const scalar = itemsSchema ?? schema;
      const kind = scalarKind(scalar);
      if (!kind || !scalar) continue;
      const name = location === 'header' ? parameter.name.toLowerCase() : parameter.name;
      // An own parameter replaces a path item's one of the same name and place.
      const index = found.findIndex((rule) => rule.in === location && rule.name === name);
      const rule: ParameterRule = {
        in: location,
        name,
        kind,
        array: itemsSchema !== undefined,
        ...bound(scalar, 'minimum'),
        ...bound(scalar, 'maximum'),
        ...bound(scalar, 'exclusiveMinimum'),
        ...bound(scalar, 'exclusiveMaximum'),
      };
      if (index === -1) found.push(rule);
      else found[index] = rule;
    }
    if (found.length > 0) rules.set(operationId, found);
  }
  return rules;
}

/** Every operation of a document with its parameters, resolved: its path item's, then its own. */
function* operationParameters(root: Json): Generator<{ operationId: string; parameters: (Json | undefined)[] }> {
  for (const entry of Object.values(isObject(root.paths) ? root.paths : {})) {
    const item = resolve(root, entry);
    if (!item) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      yield { operationId: operation.operationId, parameters: [...shared, ...own].map((raw) => resolve(root, raw)) };
    }
  }
}

/**
 * An empty query value (`?name=`): an optional text parameter without a format takes it as the
 * empty string (the documents' defaults, `name` defaults to ''), then held to its schema (an enum
 * without '' refuses it); every other parameter refuses it. The documents state this under
 * "Parameter values"; the server's validator and the mock apply it from here.
 */
export function takesEmptyValue(parameter: { required?: unknown; schema?: unknown }): boolean {
  const schema = parameter.schema as { type?: unknown; format?: unknown } | undefined;
  return parameter.required !== true && schema?.type === 'string' && schema.format === undefined;
}

/** A query parameter as the empty-value rule reads it. */
export interface EmptyValueRule {
  name: string;
  /** Whether '' is read as the empty string (then held to `schema`), or refused. */
  takesEmpty: boolean;
  schema: Json | undefined;
}

/** The empty-value rule of every query parameter of every operation of a prepared document, by operationId. */
export function emptyValueRules(document: unknown): ReadonlyMap<string, readonly EmptyValueRule[]> {
  const root = document as Json;
  const rules = new Map<string, EmptyValueRule[]>();
  for (const { operationId, parameters } of operationParameters(root)) {
    // An own parameter replaces a path item's one of the same name.
    const found = new Map<string, EmptyValueRule>();
    for (const parameter of parameters) {
      if (parameter?.in !== 'query' || typeof parameter.name !== 'string') continue;
      found.set(parameter.name, { name: parameter.name, takesEmpty: takesEmptyValue(parameter), schema: resolve(root, parameter.schema) });
    }
    rules.set(operationId, [...found.values()]);
  }
  return rules;
}

/** The 422 item of an empty value a parameter refuses, as the server's validator words it. */
export const emptyValueItem = (name: string): ValidationErrorItem => ({ loc: ['query', name], msg: `Empty value found for query parameter '${name}'`, type: 'value_error' });
