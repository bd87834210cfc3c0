import { describe, expect, it } from 'vitest';
import { validatorItems } from '../../server/http/error-middleware.js';

/** The loc of the one item a lone validator error at `path` becomes. */
const toLoc = (path: string) => validatorItems([{ path, message: 'must be string', errorCode: 'type.openapi.validation' }])[0]!.loc;

describe('validator errors to 422 items', () => {
  it('when the path names a request part, then loc starts with the FastAPI part name', () => {
    expect(toLoc('/body/insured/dob')).toEqual(['body', 'insured', 'dob']);
    expect(toLoc('/params/user_id')).toEqual(['path', 'user_id']);
    expect(toLoc('/query/size')).toEqual(['query', 'size']);
    expect(toLoc('/headers/x-vital-link-token')).toEqual(['header', 'x-vital-link-token']);
    expect(toLoc('/body/user_ids/3')).toEqual(['body', 'user_ids', 3]);
  });
  it('when a required property is missing, then the item says Field required with type missing', () => {
    expect(validatorItems([{ path: '/body/member_id', message: "must have required property 'member_id'", errorCode: 'required.openapi.validation' }])).toEqual([
      { loc: ['body', 'member_id'], msg: 'Field required', type: 'missing' },
    ]);
  });
  it('when a nullable anyOf fails on its object branch, then only the real violation is kept', () => {
    const items = validatorItems([
      { path: '/body/guarantor/first_name', message: "must have required property 'first_name'", errorCode: 'required.openapi.validation' },
      { path: '/body/guarantor', message: 'must be null', errorCode: 'type.openapi.validation' },
      { path: '/body/guarantor', message: 'must match a schema in anyOf', errorCode: 'anyOf.openapi.validation' },
    ]);
    expect(items).toEqual([{ loc: ['body', 'guarantor', 'first_name'], msg: 'Field required', type: 'missing' }]);
  });
  it('when nothing else explains the anyOf failure, then its own items are kept', () => {
    const items = validatorItems([
      { path: '/query/lab_id', message: 'must be null', errorCode: 'type.openapi.validation' },
      { path: '/query/lab_id', message: 'must match a schema in anyOf', errorCode: 'anyOf.openapi.validation' },
    ]);
    expect(items).toEqual([
      { loc: ['query', 'lab_id'], msg: 'must be null', type: 'type_error' },
      { loc: ['query', 'lab_id'], msg: 'must match a schema in anyOf', type: 'value_error' },
    ]);
  });
});
