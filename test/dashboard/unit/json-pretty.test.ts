import { describe, expect, it } from 'vitest';
import { jsonTokens, prettyJson } from '../../../server/dashboard/src/lib/json-pretty.js';

describe('prettyJson', () => {
  it('when given a value, then two-space indented JSON', () => {
    expect(prettyJson({ a: [1, null] })).toBe('{\n  "a": [\n    1,\n    null\n  ]\n}');
  });

  it('when given a string holding JSON, then it is parsed and indented; any other string is kept', () => {
    expect(prettyJson('{"a":true}')).toBe('{\n  "a": true\n}');
    expect(prettyJson('plain text')).toBe('plain text');
  });
});

describe('jsonTokens', () => {
  const payload = { event_type: 'labtest.order.updated', data: { id: 'a"b', n: -1.5e3, ok: false, none: null, list: ['x'] } };

  it('when tokenized, then the texts joined give back the pretty JSON exactly', () => {
    expect(jsonTokens(payload).map((t) => t.text).join('')).toBe(prettyJson(payload));
  });

  it('when tokenized, then keys, strings, numbers, booleans and null are told apart', () => {
    const tokens = jsonTokens(payload).filter((t) => t.kind !== 'space' && t.kind !== 'punct');
    expect(tokens).toEqual([
      { kind: 'key', text: '"event_type"' },
      { kind: 'string', text: '"labtest.order.updated"' },
      { kind: 'key', text: '"data"' },
      { kind: 'key', text: '"id"' },
      { kind: 'string', text: '"a\\"b"' },
      { kind: 'key', text: '"n"' },
      { kind: 'number', text: '-1500' },
      { kind: 'key', text: '"ok"' },
      { kind: 'boolean', text: 'false' },
      { kind: 'key', text: '"none"' },
      { kind: 'null', text: 'null' },
      { kind: 'key', text: '"list"' },
      { kind: 'string', text: '"x"' },
    ]);
  });

  it('when the payload is not JSON, then it is one string token', () => {
    expect(jsonTokens('<html>oops')).toEqual([{ kind: 'string', text: '<html>oops' }]);
  });
});
