import { describe, expect, it } from 'vitest';
import { mergeItems, parameterRules, readParameterText, readParameters, type ParameterRule } from '../../server/shared/parameter-values.js';

const integer = { kind: 'integer', minimum: 1, maximum: 100 } as const;
const number = { kind: 'number', minimum: 0, maximum: 60 } as const;
const boolean = { kind: 'boolean' } as const;

describe('readParameterText: the rule for numeric and boolean parameter text', () => {
  it('when an integer is written as the family writes it, then it is read as its plain value', () => {
    const read = (text: string) => readParameterText({ kind: 'integer' }, text);
    for (const [text, plain] of [
      ['5', '5'],
      [' 5', '5'],
      ['5 ', '5'],
      ['\t5\n', '5'],
      ['+5', '5'],
      ['05', '5'],
      ['-0', '0'],
      ['1_000', '1000'],
      ['5.0', '5'],
      ['-00042_000', '-42000'],
      ['9007199254740991', '9007199254740991'],
    ]) {
      expect(read(text!), text).toEqual({ ok: true, text: plain });
    }
  });

  it('when an integer is written otherwise (another base, an exponent, a fraction, non-finite, Unicode digits or spaces), then it is refused as not an integer', () => {
    for (const text of ['0x10', '0b1', '1e2', '5.', '5.5', 'Infinity', '-Infinity', 'NaN', '1e400', '', ' ', '1__0', '_1', '1_', '++5', '+-5', '\u00a05', '\u0665', '5\u0000']) {
      expect(readParameterText({ kind: 'integer' }, text), JSON.stringify(text)).toEqual({ ok: false, msg: 'must be integer', type: 'type_error' });
    }
  });

  it('when an integer is out of its bounds, or beyond 2^53 - 1 without a bound, then it is refused with the bound, compared exactly', () => {
    expect(readParameterText(integer, '0')).toEqual({ ok: false, msg: 'must be >= 1', type: 'greater_than_equal' });
    expect(readParameterText(integer, '101')).toEqual({ ok: false, msg: 'must be <= 100', type: 'less_than_equal' });
    expect(readParameterText({ kind: 'integer', maximum: 9007199254740992 }, '9007199254740993')).toEqual({ ok: false, msg: 'must be <= 9007199254740991', type: 'less_than_equal' });
    expect(readParameterText({ kind: 'integer' }, '9007199254740992')).toEqual({ ok: false, msg: 'must be <= 9007199254740991', type: 'less_than_equal' });
    expect(readParameterText({ kind: 'integer' }, '-9007199254740992')).toEqual({ ok: false, msg: 'must be >= -9007199254740991', type: 'greater_than_equal' });
    expect(readParameterText({ kind: 'integer', exclusiveMinimum: 0 }, '0')).toEqual({ ok: false, msg: 'must be > 0', type: 'greater_than' });
  });

  it('when a number is written with a fraction or exponent, then it is read; non-finite ones are refused as not finite', () => {
    expect(readParameterText(number, '2.5')).toEqual({ ok: true, text: '2.5' });
    expect(readParameterText(number, '.5')).toEqual({ ok: true, text: '0.5' });
    expect(readParameterText(number, '5.')).toEqual({ ok: true, text: '5' });
    expect(readParameterText(number, '1e1')).toEqual({ ok: true, text: '10' });
    expect(readParameterText(number, '-0')).toEqual({ ok: true, text: '0' });
    for (const text of ['inf', 'Infinity', '-INFINITY', 'NaN', ' nan ', '1e400']) {
      expect(readParameterText(number, text), text).toEqual({ ok: false, msg: 'must be a finite number', type: 'finite_number' });
    }
    expect(readParameterText(number, '0x10')).toEqual({ ok: false, msg: 'must be number', type: 'type_error' });
    expect(readParameterText(number, '61')).toEqual({ ok: false, msg: 'must be <= 60', type: 'less_than_equal' });
  });

  it('when a boolean is written as the family accepts it, in any case, then it is true or false; anything else is refused', () => {
    for (const text of ['true', 'True', 'TRUE', 't', 'yes', 'Y', 'on', '1']) expect(readParameterText(boolean, text), text).toEqual({ ok: true, text: 'true' });
    for (const text of ['false', 'False', 'f', 'NO', 'n', 'off', '0']) expect(readParameterText(boolean, text), text).toEqual({ ok: true, text: 'false' });
    for (const text of ['', ' true', 'true ', 'truee', '2', 'null', '01']) expect(readParameterText(boolean, text), JSON.stringify(text)).toEqual({ ok: false, msg: 'must be boolean', type: 'type_error' });
  });
});

describe('readParameters and mergeItems', () => {
  const rules: ParameterRule[] = [
    { in: 'query', name: 'size', kind: 'integer', array: false, minimum: 1, maximum: 100 },
    { in: 'query', name: 'ids', kind: 'integer', array: true, minimum: 1 },
    { in: 'path', name: 'lab_id', kind: 'integer', array: false },
    { in: 'header', name: 'x-count', kind: 'integer', array: false },
  ];

  it('when values are read, then each is replaced by its plain text; refused ones stay and are reported at their place', () => {
    const values = { query: { size: ' 05', ids: ['1', 'x', '0x1'], other: 'Infinity' }, path: { lab_id: '+7' }, header: { 'x-count': 'NaN' } };
    const { items } = readParameters(rules, values);
    expect(values).toEqual({ query: { size: '5', ids: ['1', 'x', '0x1'], other: 'Infinity' }, path: { lab_id: '7' }, header: { 'x-count': 'NaN' } });
    expect(items.map((item) => item.loc)).toEqual([
      ['query', 'ids', 1],
      ['query', 'ids', 2],
      ['header', 'x-count'],
    ]);
  });

  it('when a single value is sent for an array parameter and refused, then it is reported at index 0', () => {
    expect(readParameters(rules, { query: { ids: 'Infinity' }, path: {}, header: {} }).items[0]!.loc).toEqual(['query', 'ids', 0]);
  });

  it("when the validator reported the places ours name, then only ours are kept there, first", () => {
    const ours = [{ loc: ['query', 'size'], msg: 'must be integer', type: 'type_error' }];
    const theirs = [
      { loc: ['query', 'size'], msg: 'must be <= 100', type: 'less_than_equal' },
      { loc: ['query', 'page'], msg: 'must be >= 1', type: 'greater_than_equal' },
    ];
    expect(mergeItems(ours, theirs)).toEqual([ours[0], theirs[1]]);
  });
});

describe('parameterRules', () => {
  it('when a document has numeric and boolean parameters (shared, referenced, arrays, nullable arrays), then each is a rule with its bounds', () => {
    const document = {
      paths: {
        '/things/{id}': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          get: {
            operationId: 'listThings',
            parameters: [
              { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
              { name: 'ids', in: 'query', schema: { type: ['array'], items: { type: 'integer', minimum: 1 } } },
              { name: 'flag', in: 'query', schema: { $ref: '#/components/schemas/Flag' } },
              { name: 'X-Limit', in: 'header', schema: { type: 'number', exclusiveMaximum: 5 } },
              { name: 'name', in: 'query', schema: { type: 'string' } },
            ],
          },
        },
      },
      components: { parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } } }, schemas: { Flag: { type: 'boolean' } } },
    };
    expect(parameterRules(document).get('listThings')).toEqual([
      { in: 'path', name: 'id', kind: 'integer', array: false },
      { in: 'query', name: 'size', kind: 'integer', array: false, minimum: 1, maximum: 50 },
      { in: 'query', name: 'ids', kind: 'integer', array: true, minimum: 1 },
      { in: 'query', name: 'flag', kind: 'boolean', array: false },
      { in: 'header', name: 'x-limit', kind: 'number', array: false, exclusiveMaximum: 5 },
    ]);
  });
});
