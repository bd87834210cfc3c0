import { describe, expect, it } from 'vitest';
import {
  detailBody,
  invalidJsonBody,
  patternMessages,
  pointerToPath,
  toValidationErrorItem,
  validationErrorBody,
  violationType,
  withoutNullableNoise,
  type Violation,
} from '../../server/shared/error-shape.js';

describe('violationType', () => {
  it.each([
    ['required', 'missing'],
    ['type', 'type_error'],
    ['enum', 'enum'],
    ['format', 'format'],
    ['pattern', 'pattern'],
    ['minLength', 'too_short'],
    ['minItems', 'too_short'],
    ['maxLength', 'too_long'],
    ['maxItems', 'too_long'],
    ['minimum', 'greater_than_equal'],
    ['exclusiveMinimum', 'greater_than'],
    ['maximum', 'less_than_equal'],
    ['exclusiveMaximum', 'less_than'],
    ['uniqueItems', 'unique_items'],
    ['additionalProperties', 'extra_forbidden'],
  ])('when the keyword is %s, then the type is %s', (keyword, type) => {
    expect(violationType(keyword)).toBe(type);
  });

  it.each(['multipleOf', 'anyOf', 'not', '', 'toString', '__proto__'])('when the keyword is %j, then the type is value_error', (keyword) => {
    expect(violationType(keyword)).toBe('value_error');
  });
});

describe('toValidationErrorItem', () => {
  it('when a required property is missing, then loc ends with it and msg is FastAPI\'s', () => {
    const violation: Violation = { part: 'body', path: ['insured'], keyword: 'required', message: "must have required property 'dob'", property: 'dob' };
    expect(toValidationErrorItem(violation)).toEqual({ loc: ['body', 'insured', 'dob'], msg: 'Field required', type: 'missing' });
  });

  it('when a query value is out of range, then the validator message is kept', () => {
    expect(toValidationErrorItem({ part: 'query', path: ['size'], keyword: 'maximum', message: 'must be <= 100' })).toEqual({
      loc: ['query', 'size'],
      msg: 'must be <= 100',
      type: 'less_than_equal',
    });
  });

  it('when an extra property is sent, then loc names it and the type is extra_forbidden', () => {
    expect(toValidationErrorItem({ part: 'body', path: [], keyword: 'additionalProperties', message: 'must NOT have additional properties', property: 'x' })).toEqual({
      loc: ['body', 'x'],
      msg: 'Extra inputs are not permitted',
      type: 'extra_forbidden',
    });
  });
});

describe('withoutNullableNoise', () => {
  const at = (path: (string | number)[], keyword: string, message: string): Violation => ({ part: 'body', path, keyword, message });

  it('when a nullable value is wrong, then "must be null" and the anyOf violation are dropped', () => {
    const violations = [at(['race'], 'enum', 'must be equal to one of the allowed values'), at(['race'], 'type', 'must be null'), at(['race'], 'anyOf', 'must match a schema in anyOf')];
    expect(withoutNullableNoise(violations)).toEqual([violations[0]]);
  });

  it('when a nullable object has a nested violation, then the noise at the object is dropped', () => {
    const violations = [at(['guarantor', 'first_name'], 'type', 'must be string'), at(['guarantor'], 'type', 'must be null'), at(['guarantor'], 'anyOf', 'must match a schema in anyOf')];
    expect(withoutNullableNoise(violations)).toEqual([violations[0]]);
  });

  it('when nothing else explains the value, then the anyOf violation is kept', () => {
    const violations = [at(['a'], 'anyOf', 'must match a schema in anyOf'), at(['ab'], 'type', 'must be string')];
    expect(withoutNullableNoise(violations)).toEqual(violations);
  });
});

describe('pointerToPath', () => {
  it('when a pointer has indexes and escapes, then indexes are numbers and escapes are undone', () => {
    expect(pointerToPath('/user_ids/1/a~1b/c~0d')).toEqual(['user_ids', 1, 'a/b', 'c~d']);
    expect(pointerToPath('')).toEqual([]);
  });
});

describe('bodies', () => {
  it('when items are given, then the 422 body lists them under detail', () => {
    const items = [{ loc: ['path', 'user_id'], msg: 'must match format "uuid"', type: 'format' }];
    expect(validationErrorBody(items)).toEqual({ detail: items });
  });

  it('when a message is given, then the body is {detail: message}', () => {
    expect(detailBody('Not Found')).toEqual({ detail: 'Not Found' });
  });

  it('when JSON is malformed, then the 422 body has loc ["body"] and type json_invalid', () => {
    expect(invalidJsonBody('Unexpected token')).toEqual({ detail: [{ loc: ['body'], msg: 'JSON decode error: Unexpected token', type: 'json_invalid' }] });
  });
});

describe('patternMessages (x-pattern-message)', () => {
  const document = {
    components: { schemas: {
      Name: { type: 'string', pattern: '^[A-Z]+$', 'x-pattern-message': 'must be capital letters' },
      Code: { type: 'string', pattern: '^[0-9]+$' },
    } },
  };

  it('when a value breaks a pattern that has an x-pattern-message, then the 422 msg is that message', () => {
    const messages = patternMessages(document);
    expect(toValidationErrorItem({ part: 'body', path: ['name'], keyword: 'pattern', message: 'must match pattern "^[A-Z]+$"' }, messages)).toEqual({
      loc: ['body', 'name'],
      msg: 'must be capital letters',
      type: 'pattern',
    });
  });

  it('when the pattern has no x-pattern-message, then the validator message is kept', () => {
    expect(toValidationErrorItem({ part: 'body', path: ['code'], keyword: 'pattern', message: 'must match pattern "^[0-9]+$"' }, patternMessages(document)).msg).toBe('must match pattern "^[0-9]+$"');
  });

  it('when one pattern has two different messages, then the document is refused', () => {
    const twice = { a: { pattern: 'x', 'x-pattern-message': 'one' }, b: { pattern: 'x', 'x-pattern-message': 'two' } };
    expect(() => patternMessages(twice)).toThrow(/x-pattern-message/);
  });
});
