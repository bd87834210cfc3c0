/**
 * The one place that turns request-validation violations into the API's error
 * shape (FastAPI's), for the mock now and the server later:
 *
 *   422  {"detail": [{"loc": ["body", "insured", "dob"], "msg": "Field required", "type": "missing"}]}
 *   else {"detail": "..."}
 *
 * Violations come from JSON Schema validators (ajv directly, or through Prism
 * or express-openapi-validator); `violationType` maps their keywords to the
 * FastAPI-like `type` values listed in the ValidationError schema.
 */

export interface ValidationErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface ValidationErrorBody {
  detail: ValidationErrorItem[];
}

export interface DetailBody {
  detail: string;
}

/** Where in the request a violation is; the first element of `loc`. */
export type RequestPart = 'body' | 'query' | 'path' | 'header';

/** A violation as validators report it, before it is put in our shape. */
export interface Violation {
  part: RequestPart;
  /** Property names and array indexes from the request part to the offending value. */
  path: readonly (string | number)[];
  /** JSON Schema / ajv keyword (`required`, `format`, ...), or one of our types (`json_invalid`). */
  keyword: string;
  /** The validator's message, e.g. `must match format "uuid"`. */
  message: string;
  /** For `required` and `additionalProperties`: the missing or extra property, appended to `loc`. */
  property?: string;
}

const TYPES: Readonly<Record<string, string>> = {
  required: 'missing',
  type: 'type_error',
  enum: 'enum',
  const: 'enum',
  format: 'format',
  pattern: 'pattern',
  minLength: 'too_short',
  minItems: 'too_short',
  minProperties: 'too_short',
  maxLength: 'too_long',
  maxItems: 'too_long',
  maxProperties: 'too_long',
  minimum: 'greater_than_equal',
  exclusiveMinimum: 'greater_than',
  maximum: 'less_than_equal',
  exclusiveMaximum: 'less_than',
  uniqueItems: 'unique_items',
  additionalProperties: 'extra_forbidden',
  unevaluatedProperties: 'extra_forbidden',
  json_invalid: 'json_invalid',
};

/** FastAPI-like `type` of a violation of a JSON Schema (ajv) keyword; `value_error` for anything else. */
export function violationType(keyword: string): string {
  return Object.hasOwn(TYPES, keyword) ? (TYPES[keyword] as string) : 'value_error';
}

/** The `msg` of a violation: FastAPI's wording where it has a fixed one, the validator's message otherwise. */
export function violationMessage(keyword: string, message: string): string {
  if (keyword === 'required') return 'Field required';
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') return 'Extra inputs are not permitted';
  return message;
}

/**
 * The `msg` of a value that breaks a schema's `pattern`, when the schema states its rule in words
 * (`x-pattern-message`, e.g. PersonName's name rules): keyed by the validators' message for that
 * pattern, `must match pattern "<pattern>"` (ajv's, in the server's validator and in Prism alike).
 */
export type PatternMessages = ReadonlyMap<string, string>;

export const PATTERN_MESSAGE_KEYWORD = 'x-pattern-message';

/** Every `x-pattern-message` of a document, by its pattern's validator message; one pattern with two messages is an error. */
export function patternMessages(document: unknown): PatternMessages {
  const messages = new Map<string, string>();
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node)) {
      const { pattern, [PATTERN_MESSAGE_KEYWORD]: message } = node as Record<string, unknown>;
      if (typeof pattern === 'string' && typeof message === 'string') {
        const key = `must match pattern "${pattern}"`;
        const known = messages.get(key);
        if (known !== undefined && known !== message) throw new Error(`The pattern ${pattern} has two ${PATTERN_MESSAGE_KEYWORD}s: "${known}" and "${message}"`);
        messages.set(key, message);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return messages;
}

export function toValidationErrorItem(violation: Violation, messages?: PatternMessages): ValidationErrorItem {
  const loc: (string | number)[] = [violation.part, ...violation.path];
  if (violation.property !== undefined) loc.push(violation.property);
  const stated = violation.keyword === 'pattern' ? messages?.get(violation.message) : undefined;
  return { loc, msg: stated ?? violationMessage(violation.keyword, violation.message), type: violationType(violation.keyword) };
}

/**
 * Validators that check every branch of `anyOf: [X, {type: 'null'}]` report, besides
 * the real problem with X, "must be null" and "must match a schema in anyOf".
 * Those two are noise when another violation explains the same value; they are
 * dropped then, and kept when they are all there is.
 */
export function withoutNullableNoise<T extends Pick<Violation, 'part' | 'path' | 'keyword' | 'message'>>(violations: readonly T[]): T[] {
  const key = (violation: T) => [violation.part, ...violation.path].join('\u0000');
  const isNoise = (violation: T) =>
    (violation.keyword === 'type' && /must be null$/.test(violation.message)) || violation.keyword === 'anyOf' || violation.keyword === 'oneOf';
  const explained = (noise: T) =>
    violations.some((other) => !isNoise(other) && (key(other) === key(noise) || key(other).startsWith(`${key(noise)}\u0000`)));
  return violations.filter((violation) => !isNoise(violation) || !explained(violation));
}

/** Segments of an ajv `instancePath` (JSON pointer): unescaped, array indexes as numbers. */
export function pointerToPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}

export function validationErrorBody(items: ValidationErrorItem[]): ValidationErrorBody {
  return { detail: items };
}

export function detailBody(detail: string): DetailBody {
  return { detail };
}

/** The 422 body for a request body that is not valid JSON. */
export function invalidJsonBody(message: string): ValidationErrorBody {
  return validationErrorBody([{ loc: ['body'], msg: `JSON decode error: ${message}`, type: 'json_invalid' }]);
}
