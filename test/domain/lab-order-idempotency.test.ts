import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyHash, canonicalJson, earlierBodyHash } from '../../server/domain/lab-orders/idempotency.js';

describe('the body an idempotency key is compared by', () => {
  it('when two bodies differ only in key order or spacing, then their hashes are equal', () => {
    expect(bodyHash(JSON.parse('{"a": 1, "b": {"c": [1, 2], "d": "x"}}'))).toBe(bodyHash(JSON.parse('{"b":{"d":"x","c":[1,2]},"a":1}')));
  });

  it('when a member is null in one body and left out of the other, at any depth, then the bodies are the same request', () => {
    expect(canonicalJson({ a: 1, b: null, c: { d: null, e: 'x' } })).toBe('{"a":1,"c":{"e":"x"}}');
    expect(bodyHash({ user_id: 'u', passthrough: null, order_set: { lab_test_ids: ['t'], lab_account_id: null } })).toBe(bodyHash({ user_id: 'u', order_set: { lab_test_ids: ['t'] } }));
  });

  it('when null is an item of a list, or a value is not null, then it counts', () => {
    expect(canonicalJson([null, 1])).toBe('[null,1]');
    expect(bodyHash({ a: [] })).not.toBe(bodyHash({}));
    expect(bodyHash({ a: false })).not.toBe(bodyHash({}));
    expect(bodyHash({ a: '' })).not.toBe(bodyHash({}));
  });

  it('when a body has null members, then its earlier hash is the one keys were stored with before (null members kept, keys sorted); without any, there is none', () => {
    const body = { user_id: 'u', passthrough: null, order_set: { lab_test_ids: ['t', null], lab_account_id: null } };
    // The rule of keys stored before 2026-11-28, written out: sorted keys, null members kept.
    const before = createHash('sha256').update('{"order_set":{"lab_account_id":null,"lab_test_ids":["t",null]},"passthrough":null,"user_id":"u"}').digest('hex');
    expect(earlierBodyHash(body)).toBe(before);
    expect(earlierBodyHash(body)).not.toBe(bodyHash(body));
    expect(earlierBodyHash({ user_id: 'u', order_set: { lab_test_ids: ['t', null] } })).toBeNull();
  });
});
