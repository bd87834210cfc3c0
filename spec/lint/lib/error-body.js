import { hasType, isObject } from './openapi.js';

/**
 * FastAPI-style error bodies: `{"detail": "..."}`, or for validation errors
 * `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}`.
 *
 * `expected` is `'string'`, `'validation'` or `'any'` (either of the two).
 * Returns a sentence describing what is wrong, or `undefined` when the schema fits.
 */
export function detailProblem(schema, expected) {
  if (!isObject(schema)) return 'has no schema';
  if (!hasType(schema, 'object')) return 'must be an object';
  const detail = isObject(schema.properties) ? schema.properties.detail : undefined;
  if (!isObject(detail)) return 'must have a `detail` property';
  if (!(Array.isArray(schema.required) && schema.required.includes('detail'))) return 'must list `detail` in `required`';
  const isString = hasType(detail, 'string');
  const isValidation = hasType(detail, 'array') && isValidationError(detail.items);
  if (expected === 'string' && !isString) return '`detail` must be a string';
  if (expected === 'validation' && !isValidation) return '`detail` must be an array of `{loc, msg, type}` items (HTTPValidationError)';
  if (expected === 'any' && !isString && !isValidation) return '`detail` must be a string or an array of `{loc, msg, type}` items';
  return undefined;
}

const VALIDATION_ERROR_FIELDS = ['loc', 'msg', 'type'];

function isValidationError(items) {
  return (
    isObject(items) &&
    isObject(items.properties) &&
    Array.isArray(items.required) &&
    VALIDATION_ERROR_FIELDS.every((field) => field in items.properties && items.required.includes(field))
  );
}
