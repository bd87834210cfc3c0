/**
 * Prism reports request violations as `{path: ['request'?, part, ...], code, message}`
 * with a sentence-like message ("Request body property insured must have required
 * property 'dob'"). This turns them into our 422 items:
 * `{loc: ['body', 'insured', 'dob'], msg: 'Field required', type: 'missing'}`.
 */
import {
  type PatternMessages,
  type RequestPart,
  type ValidationErrorItem,
  type Violation,
  toValidationErrorItem,
  withoutNullableNoise,
} from '../server/shared/error-shape.js';
import {
  CONTENT_TYPE_VIOLATION_CODE,
  EXTRA_KEY_SUFFIXES,
  prismMessagePrefix,
  REQUIRED_PROPERTY,
  SECURITY_VIOLATION_CODE,
} from './prism-internals.js';

/** A validation as `prism.request` returns it in `validations.input`. */
export interface PrismValidation {
  path?: readonly string[];
  code?: string | number;
  message: string;
  /** DiagnosticSeverity: 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
}

const PARTS: ReadonlySet<string> = new Set<RequestPart>(['body', 'query', 'path', 'header']);

export const isError = (validation: PrismValidation) => validation.severity === 0;
export const isSecurityViolation = (validation: PrismValidation) => validation.code === SECURITY_VIOLATION_CODE;
export const isContentTypeViolation = (validation: PrismValidation) => validation.code === CONTENT_TYPE_VIOLATION_CODE;

/**
 * The violation behind one Prism validation (security violations excluded: they are a 401):
 * Prism's prefix cut, the missing or unknown key taken from the message (an unknown key's
 * suffix cut too). The message formats are Prism's, kept in prism-internals.ts.
 */
export function toViolation(validation: PrismValidation): Violation {
  const [first, ...rest] = validation.path ?? [];
  const part: RequestPart = first !== undefined && PARTS.has(first) ? (first as RequestPart) : 'body';
  const segments = first !== undefined && PARTS.has(first) ? rest : (validation.path ?? []);
  const path = segments.map(unescapeSegment);
  const keyword = isContentTypeViolation(validation) ? 'content_type' : String(validation.code ?? '');
  const message = stripPrismPrefix(validation.message, part, segments);
  const violation: Violation = { part, path, keyword, message };
  const extraKey = EXTRA_KEY_SUFFIXES.get(keyword);
  const property = keyword === 'required' ? REQUIRED_PROPERTY.exec(message)?.[1] : extraKey?.exec(message)?.[1];
  if (property !== undefined) violation.property = property;
  if (extraKey !== undefined) violation.message = message.replace(extraKey, '');
  return violation;
}

/**
 * Our 422 items for Prism's error validations, in order, without `anyOf`-null noise, each
 * once: a request schema that closes a shared one (`allOf` of it, with its nested objects'
 * closed schemas beside) checks those nested objects twice, so their violations come twice.
 * A broken pattern with a rule in words (`x-pattern-message`) says the rule, as on the server.
 */
export function toValidationErrorItems(validations: readonly PrismValidation[], messages?: PatternMessages): ValidationErrorItem[] {
  const violations = validations.filter((validation) => isError(validation) && !isSecurityViolation(validation)).map(toViolation);
  const seen = new Set<string>();
  return withoutNullableNoise(violations)
    .map((violation) => toValidationErrorItem(violation, messages))
    .filter((item) => {
      const id = JSON.stringify(item);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/** Prism's message is "Request <part> <property|parameter> <a.b> <ajv message>"; keep the ajv message. */
function stripPrismPrefix(message: string, part: RequestPart, segments: readonly string[]): string {
  const prefix = prismMessagePrefix(part, segments);
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/** Prism splits ajv's JSON pointer without unescaping it; array indexes become numbers. */
function unescapeSegment(segment: string): string | number {
  if (/^(0|[1-9][0-9]*)$/.test(segment)) return Number(segment);
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
