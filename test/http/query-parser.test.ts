import express, { type Request } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseQueriesOnce, queryParser } from '../../server/http/query-parser.js';

const expressParser = express().set('query parser', 'extended').get('query parser fn') as (text: string | null | undefined) => Record<string, unknown>;

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

describe('queryParser', () => {
  it.each(QUERIES)('when the query is %j, then it reads as Express reads it', (text) => {
    expect(queryParser()(text)).toEqual(expressParser(text));
  });

  it('when the query string is absent, then it is handed to Express as it is', () => {
    expect(queryParser()(null)).toEqual(expressParser(null));
  });
});

describe('parseQueriesOnce', () => {
  /** GET /?name=glucose (twice, one request after the other) through an app with parseQueriesOnce, its handler running `handle`; with the parses counted. */
  async function served(handle: (req: Request) => unknown) {
    let parses = 0;
    const app = express().set('query parser', (text: string) => {
      parses += 1;
      return queryParser()(text);
    });
    parseQueriesOnce(app);
    app.get('/', (req, res) => {
      res.json(handle(req) ?? {});
    });
    const answers = [await request(app).get('/?name=glucose'), await request(app).get('/?name=insulin')];
    return { bodies: answers.map((answer) => answer.body as unknown), parses };
  }

  it('when a request never reads its query, then the string is never parsed', async () => {
    expect((await served(() => undefined)).parses).toBe(0);
  });

  it('when a request reads its query several times, then the string is parsed once and a change to the query stays', async () => {
    const answer = await served((req) => {
      (req.query as Record<string, unknown>).page = 2;
      const first = req.query;
      req.query = { ...first, replaced: 'yes' };
      return { first, second: req.query };
    });
    expect(answer.bodies).toEqual(['glucose', 'insulin'].map((name) => ({ first: { name, page: 2 }, second: { name, page: 2, replaced: 'yes' } })));
    expect(answer.parses).toBe(2);
  });

  it("when a request is handled, then its query is the app's getter: no request gets a property descriptor of its own", async () => {
    const answer = await served((req) => ({ own: Object.getOwnPropertyDescriptor(req, 'query') ?? null, query: req.query, stillOwn: Object.getOwnPropertyDescriptor(req, 'query') ?? null }));
    expect(answer.bodies).toEqual([{ own: null, query: { name: 'glucose' }, stillOwn: null }, { own: null, query: { name: 'insulin' }, stillOwn: null }]);
  });
});

describe('queryParser and the parameters qs drops', () => {
  it.each([
    ['__proto__=x', '__proto__', 'x'],
    ['__proto__[a]=x', '__proto__', 'x'],
    ['%5F%5Fproto%5F%5F=x', '__proto__', 'x'],
    ['=x', '', 'x'],
  ])('when the query is %j, then the result keeps %j as an own parameter (so it is refused as unknown)', (text, name, value) => {
    const parse = queryParser();
    for (const query of [parse(text), parse(text)]) {
      expect(Object.keys(query)).toContain(name);
      expect(Object.getOwnPropertyDescriptor(query, name)?.value).toBe(value);
      expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    }
  });

  it('when __proto__ is sent twice beside a known parameter, then both values are kept and the other parameter too', () => {
    const query = queryParser()('name=a&__proto__=x&__proto__=y');
    expect(query.name).toBe('a');
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toEqual(['x', 'y']);
  });
});
