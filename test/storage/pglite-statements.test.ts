import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/storage/database.js';
import { PgliteStatements } from '../../server/storage/pglite-statements.js';
import { SETUP_TIMEOUT_MS } from './helpers.js';
import { pgliteInitdbImage } from './pglite-image.js';

describe('PgliteStatements', () => {
  let pg: PGlite;
  beforeEach(async () => {
    pg = await PGlite.create({ loadDataDir: await pgliteInitdbImage() });
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    await pg.close();
  });

  it('when a statement runs again with other values, then it is prepared once and each run gets its own rows', async () => {
    const statements = new PgliteStatements(pg);
    const sql = 'SELECT $1::int + 1 AS next, $2::text AS label';
    expect(await statements.run(sql, [41, 'a'])).toEqual([{ next: 42, label: 'a' }]);
    expect(await statements.run(sql, ['7', null])).toEqual([{ next: 8, label: null }]);
    expect(await statements.run(sql, [0, undefined])).toEqual([{ next: 1, label: null }]);
    expect(statements.size).toBe(1);
    const prepared = await pg.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');
    expect(prepared.rows).toEqual([{ name: 's1', statement: sql }]);
  });

  it('when a statement runs again, then it is parsed once: every later run is one bind-execute-sync call into PGlite', async () => {
    const statements = new PgliteStatements(pg);
    const sent = vi.spyOn(pg, 'execProtocolRawStream');
    // The first byte of each frontend message is its type: P(arse), B(ind), E(xecute), D(escribe), S(ync).
    const types = () => sent.mock.calls.map(([message]) => messageTypes(message));
    await statements.run('SELECT $1::int AS n', [1]);
    expect(types()).toEqual([['P', 'D', 'S'], ['B', 'E', 'S']]);
    sent.mockClear();
    for (const n of [2, 3]) expect(await statements.run('SELECT $1::int AS n', [n])).toEqual([{ n }]);
    expect(types()).toEqual([['B', 'E', 'S'], ['B', 'E', 'S']]);
    sent.mockRestore();
  });

  it('when rows come back, then every field reads as PGlite reads it: nulls, parsed types, multi-byte text, and values larger than one chunk of output', async () => {
    const statements = new PgliteStatements(pg);
    const chunks: number[] = [];
    const raw = pg.execProtocolRawStream.bind(pg);
    const spy = vi.spyOn(pg, 'execProtocolRawStream').mockImplementation((message, options) =>
      raw(message, { ...options, onRawData: (chunk: Uint8Array) => (chunks.push(chunk.length), options.onRawData(chunk)) }));
    const big = 'é€😀'.repeat(40_000); // 360,000 bytes of UTF-8
    const sql = `SELECT n, CASE WHEN n % 2 = 0 THEN NULL ELSE $1::text END AS t, $2::jsonb AS doc, n > 1 AS more, now() - now() AS none FROM generate_series(1, 3) n`;
    const rows = await statements.run<Record<string, unknown>>(sql, [big, { a: ['ü', null] }]);
    expect(rows).toEqual([
      { n: 1, t: big, doc: { a: ['ü', null] }, more: false, none: '00:00:00' },
      { n: 2, t: null, doc: { a: ['ü', null] }, more: true, none: '00:00:00' },
      { n: 3, t: big, doc: { a: ['ü', null] }, more: true, none: '00:00:00' },
    ]);
    // The same rows as PGlite's own query reads them.
    expect(rows).toEqual((await pg.query(sql, [big, { a: ['ü', null] }])).rows);
    // The answer came in several chunks: rows were cut between them and put together.
    expect(chunks.length).toBeGreaterThan(1);
    spy.mockRestore();
  });

  it('when a text begins with a byte order mark, then it reads back as written, mark included', async () => {
    const statements = new PgliteStatements(pg);
    const texts = ['\uFEFFabc', '\uFEFF', 'a\uFEFF', '\uFEFF\uFEFFé'];
    const rows = await statements.run<{ t: string }>(`SELECT t FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`, [texts]);
    expect(rows.map((row) => row.t)).toEqual(texts);
  });

  it('when a statement fails after some rows, then the run throws the error, not the rows, and the next run works', async () => {
    const statements = new PgliteStatements(pg);
    const sql = 'SELECT 10 / (3 - n) AS q FROM generate_series(1, 5) n';
    await expect(statements.run(sql, [])).rejects.toMatchObject({ code: '22012', query: sql });
    expect(await statements.run('SELECT $1::int AS n', [5])).toEqual([{ n: 5 }]);
  });

  it('when values need PGlite serializers (jsonb, arrays, dates), then they reach the statement as query would send them', async () => {
    const statements = new PgliteStatements(pg);
    const rows = await statements.run<{ doc: unknown; ids: unknown; day: string }>(
      'SELECT $1::jsonb AS doc, $2::int[] AS ids, $3::date::text AS day',
      [{ a: [1, { b: 'x' }] }, [1, 2, 3], '2026-11-22'],
    );
    expect(rows).toEqual([{ doc: { a: [1, { b: 'x' }] }, ids: [1, 2, 3], day: '2026-11-22' }]);
  });

  it('when a statement writes, then it returns its RETURNING rows, or none without RETURNING', async () => {
    const statements = new PgliteStatements(pg);
    await statements.run('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)', []);
    expect(await statements.run('INSERT INTO notes (body) VALUES ($1) RETURNING id, body', ['one'])).toEqual([{ id: 1, body: 'one' }]);
    expect(await statements.run('INSERT INTO notes (body) VALUES ($1)', ['two'])).toEqual([]);
    expect(await statements.run('SELECT count(*)::int AS n FROM notes', [])).toEqual([{ n: 2 }]);
  });

  it('when a run fails, then the error carries SQLSTATE and the statement, and the next run works', async () => {
    const statements = new PgliteStatements(pg);
    const sql = 'SELECT $1::int AS n';
    await expect(statements.run(sql, ['not a number'])).rejects.toMatchObject({ code: '22P02', query: sql, params: ['not a number'] });
    expect(await statements.run(sql, [5])).toEqual([{ n: 5 }]);
    await expect(statements.run('SELECT * FROM no_such_table', [])).rejects.toMatchObject({ code: '42P01' });
    expect(statements.size).toBe(1);
    expect(await statements.run('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });

  it('when the table a statement reads gets another column, then the statement is prepared anew and returns it', async () => {
    const statements = new PgliteStatements(pg);
    await pg.exec("CREATE TABLE t (a int); INSERT INTO t VALUES (1)");
    expect(await statements.run('SELECT * FROM t', [])).toEqual([{ a: 1 }]);
    await pg.exec("ALTER TABLE t ADD COLUMN b text DEFAULT 'x'");
    expect(await statements.run('SELECT * FROM t', [])).toEqual([{ a: 1, b: 'x' }]);
  });

  it('when a temporary table is dropped and created anew between runs, then the statement reads the new one', async () => {
    const statements = new PgliteStatements(pg);
    for (const value of [1, 2]) {
      await pg.transaction(async (tx) => {
        await tx.exec('CREATE TEMPORARY TABLE staged (v int) ON COMMIT DROP');
        await tx.query('INSERT INTO staged VALUES ($1)', [value]);
        expect(await pg.runExclusive(() => statements.run('SELECT v FROM staged', []))).toEqual([{ v: value }]);
      });
    }
    expect(statements.size).toBe(1);
  });

  it('when the limit is reached, then further statements run unnamed and are not kept', async () => {
    const statements = new PgliteStatements(pg, 2);
    for (const n of [1, 2, 3, 4]) expect(await statements.run(`SELECT ${n} AS n`, [])).toEqual([{ n }]);
    expect(await statements.run('SELECT 1 AS n', [])).toEqual([{ n: 1 }]);
    expect(statements.size).toBe(2);
    expect((await pg.query('SELECT name FROM pg_prepared_statements ORDER BY name')).rows).toEqual([{ name: 's1' }, { name: 's2' }]);
  });
});

/** The types of the frontend messages in one buffer (type byte, then a 4-byte length that counts itself). */
function messageTypes(message: Uint8Array): string[] {
  const types: string[] = [];
  for (let offset = 0; offset < message.length; ) {
    types.push(String.fromCharCode(message[offset]!));
    offset += 1 + new DataView(message.buffer, message.byteOffset + offset + 1, 4).getInt32(0);
  }
  return types;
}

describe('PGlite database: prepared statements and COPY through the Queryable', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase({ memory: true, initialData: await pgliteInitdbImage() });
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    await db.close();
  });

  it('when queries run inside and outside transactions, then they see the same prepared statements and their own snapshots', async () => {
    await db.exec('CREATE TABLE items (id int PRIMARY KEY)');
    const count = 'SELECT count(*)::int AS n FROM items';
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items VALUES ($1)', [1]);
      expect(await tx.one(count)).toEqual({ n: 1 });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES ($1)', [2]);
        await tx.query('INSERT INTO items VALUES ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.one(count)).toEqual({ n: 1 });
  });

  it('when rows are copied from bytes (a whole buffer or a view), then they are stored in order; a target that is not a table (and columns) is refused', async () => {
    if (!db.copyText) throw new Error('PGlite has copyText');
    await db.exec('CREATE TABLE staged (ord int, id uuid)');
    const ids = ['0b6f6c2e-6f54-4e0b-9b0e-3f1f6f9d2a01', '0b6f6c2e-6f54-4e0b-9b0e-3f1f6f9d2a02'];
    await db.copyText('staged (ord, id)', Buffer.from(ids.map((id, i) => `${i + 1}\t${id}\n`).join('')));
    expect(await db.query('SELECT ord, id FROM staged ORDER BY ord')).toEqual(ids.map((id, i) => ({ ord: i + 1, id })));
    // A view into a larger buffer: only the view is read.
    const third = '0b6f6c2e-6f54-4e0b-9b0e-3f1f6f9d2a03';
    await db.copyText('staged (ord, id)', Buffer.from(`3\t${third}\n`));
    const larger = Buffer.from(`xx4\t${ids[0]}\nyy`);
    await db.copyText('staged (ord, id)', larger.subarray(2, larger.length - 2));
    expect(await db.query('SELECT ord, id FROM staged WHERE ord > 2 ORDER BY ord')).toEqual([{ ord: 3, id: third }, { ord: 4, id: ids[0] }]);
    await expect(db.copyText('staged; DROP TABLE staged', new Uint8Array())).rejects.toThrow(/Not a COPY target/);
    expect(await db.one('SELECT count(*)::int AS n FROM staged')).toEqual({ n: 4 });
  });
});
