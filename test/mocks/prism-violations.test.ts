import { describe, expect, it } from 'vitest';
import { toValidationErrorItems, toViolation } from '../../mocks/prism-violations.js';

const error = (path: string[] | undefined, code: string | number, message: string) => ({ ...(path && { path }), code, message, severity: 0 });

describe('toViolation', () => {
  it('when a nested required property is missing, then the property is taken from the message', () => {
    expect(toViolation(error(['body', 'insured'], 'required', "Request body property insured must have required property 'dob'"))).toEqual({
      part: 'body',
      path: ['insured'],
      keyword: 'required',
      message: "must have required property 'dob'",
      property: 'dob',
    });
  });

  it('when a query parameter is out of range, then Prism\'s prefix is stripped', () => {
    expect(toViolation(error(['query', 'size'], 'maximum', 'Request query parameter size must be <= 100'))).toEqual({
      part: 'query',
      path: ['size'],
      keyword: 'maximum',
      message: 'must be <= 100',
    });
  });

  it('when the path has array indexes and escaped segments, then indexes are numbers and escapes are undone', () => {
    expect(toViolation(error(['body', 'user_ids', '1'], 'format', 'Request body property user_ids.1 must match format "uuid"'))).toMatchObject({
      path: ['user_ids', 1],
      message: 'must match format "uuid"',
    });
    expect(toViolation(error(['body', 'a~1b'], 'type', 'x')).path).toEqual(['a/b']);
  });

  it('when an additional property is found, then it is named in the violation', () => {
    expect(toViolation(error(['body'], 'additionalProperties', "Request body must NOT have additional properties; found 'extra'"))).toEqual({
      part: 'body',
      path: [],
      keyword: 'additionalProperties',
      message: 'must NOT have additional properties',
      property: 'extra',
    });
  });

  it('when an unevaluated property is found (a request schema that closes a shared one), then it is named in the violation', () => {
    expect(toViolation(error(['body', 'patient_details'], 'unevaluatedProperties', "Request body property patient_details must NOT have unevaluated properties: 'middle_name'"))).toEqual({
      part: 'body',
      path: ['patient_details'],
      keyword: 'unevaluatedProperties',
      message: 'must NOT have unevaluated properties',
      property: 'middle_name',
    });
  });
});

describe('toValidationErrorItems', () => {
  it('when extra keys are found by additionalProperties and unevaluatedProperties, then each is one extra_forbidden item in Pydantic\'s words', () => {
    const items = toValidationErrorItems([
      error(['body'], 'additionalProperties', "Request body must NOT have additional properties; found 'priorty'"),
      error(['body', 'order_set'], 'additionalProperties', "Request body property order_set must NOT have additional properties; found 'addon'"),
      error(['body', 'patient_details'], 'unevaluatedProperties', "Request body property patient_details must NOT have unevaluated properties: 'middle_name'"),
    ]);
    expect(items).toEqual([
      { loc: ['body', 'priorty'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      { loc: ['body', 'order_set', 'addon'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      { loc: ['body', 'patient_details', 'middle_name'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });

  it('when a nested object is checked twice (by a shared schema and the request schema that closes it), then each violation is listed once', () => {
    const missing = error(['body', 'insured', 'address'], 'required', "Request body property insured.address must have required property 'zip'");
    expect(toValidationErrorItems([missing, missing])).toEqual([{ loc: ['body', 'insured', 'address', 'zip'], msg: 'Field required', type: 'missing' }]);
  });

  it('when Prism reports a missing body, a header, warnings and a security violation, then only the errors become items', () => {
    const items = toValidationErrorItems([
      error(undefined, 'required', 'Body parameter is required'),
      error(['header', 'x-vital-link-token'], 'type', 'Request header parameter x-vital-link-token must be string'),
      { path: ['query', 'old'], code: 'deprecated', message: 'Query param old is deprecated', severity: 1 },
      { code: 401, message: 'Invalid security scheme used', severity: 0 },
    ]);
    expect(items).toEqual([
      { loc: ['body'], msg: 'Field required', type: 'missing' },
      { loc: ['header', 'x-vital-link-token'], msg: 'must be string', type: 'type_error' },
    ]);
  });

  it('when a nullable enum has a wrong value, then only the enum violation is listed', () => {
    const items = toValidationErrorItems([
      error(['body', 'race'], 'enum', 'Request body property race must be equal to one of the allowed values: asian, other'),
      error(['body', 'race'], 'type', 'Request body property race must be null'),
      error(['body', 'race'], 'anyOf', 'Request body property race must match a schema in anyOf'),
    ]);
    expect(items).toEqual([{ loc: ['body', 'race'], msg: 'must be equal to one of the allowed values: asian, other', type: 'enum' }]);
  });
});
