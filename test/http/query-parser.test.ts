import express from 'express';
import { describe, expect, it } from 'vitest';
import { memoisedQueryParser } from '../../server/http/query-parser.js';

const expressParser = express().set('query parser', 'extended').get('query parser fn') as (text: string | null | undefined) => Record<string, unknown>;

/** Express's parser, counting its calls. */
function counting() {
  let calls = 0;
  const parse = (text: string | null | undefined) => {
    calls += 1;
    return expressParser(text);
  };
  return { parse, calls: () => calls };
}

const QUERIES = [
  'name=glucose',
  'name=glucose&page=2&size=10',
  'lab_id=1&lab_id=2&lab_id=3',
  'lab_id[]=1&lab_id[]=2',
  'filter[name]=x&filter[code]=y',
  'search_query=R%26D%20(EU)&region=us',
  'name=a+b&name=%E2%9C%93',
  'name=&flag',
  'bad=%E0%A4%A',
  '',
];

describe('memoisedQueryParser', () => {
  it.each(QUERIES)('when the query is %j, then it reads it as Express does, the first time and the next', (text) => {
    const parse = memoisedQueryParser();
    expect(parse(text)).toEqual(expressParser(text));
    expect(parse(text)).toEqual(expressParser(text));
  });

  it('when a request changes its query, then the next request with the same text gets the original values', () => {
    const parse = memoisedQueryParser();
    const first = parse('lab_id=1&lab_id=2&name=x') as { lab_id: unknown[]; name: unknown };
    first.lab_id.push('3');
    first.name = 42;
    (first as Record<string, unknown>).size = 50;
    const second = parse('lab_id=1&lab_id=2&name=x');
    expect(second).toEqual({ lab_id: ['1', '2'], name: 'x' });
    expect(second).not.toBe(first);
    expect((second as { lab_id: unknown[] }).lab_id).not.toBe(first.lab_id);
  });

  it('when the same flat query comes again, then it is parsed once; nested and absent queries are parsed every time', () => {
    const counter = counting();
    const parse = memoisedQueryParser(counter.parse);
    parse('name=glucose');
    parse('name=glucose');
    expect(counter.calls()).toBe(1);
    parse('filter[name]=x');
    parse('filter[name]=x');
    expect(counter.calls()).toBe(3);
    expect(parse(null)).toEqual({});
    expect(parse(undefined)).toEqual({});
    expect(counter.calls()).toBe(5);
  });

  it('when a query string is longer than 2,048 characters, then it is not remembered', () => {
    const counter = counting();
    const parse = memoisedQueryParser(counter.parse);
    const long = `name=${'a'.repeat(2100)}`;
    expect(parse(long)).toEqual({ name: 'a'.repeat(2100) });
    parse(long);
    expect(counter.calls()).toBe(2);
  });

  it('when more than 1,000 query strings have been seen, then the memo starts over and keeps answering', () => {
    const counter = counting();
    const parse = memoisedQueryParser(counter.parse);
    for (let i = 0; i <= 1000; i++) parse(`page=${i}`);
    expect(counter.calls()).toBe(1001);
    expect(parse('page=1000')).toEqual({ page: '1000' });
    expect(counter.calls()).toBe(1001);
    expect(parse('page=0')).toEqual({ page: '0' });
    expect(counter.calls()).toBe(1002);
  });
});

describe('memoisedQueryParser and the parameters qs drops', () => {
  it.each([
    ['__proto__=x', '__proto__', 'x'],
    ['__proto__[a]=x', '__proto__', 'x'],
    ['%5F%5Fproto%5F%5F=x', '__proto__', 'x'],
    ['=x', '', 'x'],
  ])('when the query is %j, then the result keeps %j as an own parameter (so it is refused as unknown)', (text, name, value) => {
    const parse = memoisedQueryParser();
    for (const query of [parse(text), parse(text)]) {
      expect(Object.keys(query)).toContain(name);
      expect(Object.getOwnPropertyDescriptor(query, name)?.value).toBe(value);
      expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    }
  });

  it('when __proto__ is sent twice beside a known parameter, then both values are kept and the other parameter too', () => {
    const query = memoisedQueryParser()('name=a&__proto__=x&__proto__=y');
    expect(query.name).toBe('a');
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toEqual(['x', 'y']);
  });
});
