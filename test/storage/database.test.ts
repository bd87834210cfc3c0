import fc from 'fast-check';
import { Mutex } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { fairTurns, openDatabase, timestampTextToIso } from '../../server/storage/database.js';
import { isUniqueViolation } from './stored-state.js';
import { engineCases, ISO_TIMESTAMP, SETUP_TIMEOUT_MS, useTestDatabase } from './helpers.js';
import { pgliteInitdbImage } from './pglite-image.js';

describe('timestampTextToIso', () => {
  it('when given PostgreSQL text output in any offset, then returns the UTC ISO form', () => {
    expect(timestampTextToIso('2026-11-22 09:15:00+00')).toBe('2026-11-22T09:15:00.000Z');
    expect(timestampTextToIso('2026-11-22 09:15:00.123+00')).toBe('2026-11-22T09:15:00.123Z');
    expect(timestampTextToIso('2026-11-22 09:15:00.123456+00')).toBe('2026-11-22T09:15:00.123Z');
    expect(timestampTextToIso('2026-11-22 10:15:00.5+01')).toBe('2026-11-22T09:15:00.500Z');
    expect(timestampTextToIso('2026-11-22 03:45:00-05:30')).toBe('2026-11-22T09:15:00.000Z');
    expect(timestampTextToIso('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  it('when given any UTC text PostgreSQL prints (years 1000 to 9999, 0 to 6 digits of fraction), then it is the ISO text of that instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 999 }), (at, digits, micros) => {
        const iso = at.toISOString();
        const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.slice(0, digits);
        const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${digits === 0 ? '' : `.${fraction}`}+00`;
        const ms = digits === 0 ? '000' : fraction.slice(0, 3).padEnd(3, '0');
        expect(timestampTextToIso(text)).toBe(`${iso.slice(0, 19)}.${ms}Z`);
      }),
    );
  });

  it('when given infinity, then passes it through', () => {
    expect(timestampTextToIso('infinity')).toBe('infinity');
  });
});

describe('openDatabase', () => {
  it('when PostgreSQL is unreachable, then opening fails at once', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });

  it('when initialData is given for anything but an in-memory PGlite, then opening refuses it and opens nothing', async () => {
    const initialData = new Blob([]);
    for (const options of [{ dataDir: '/nonexistent/pglite' }, { databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/none' }, { memory: true, databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/none' }]) {
      await expect(openDatabase({ ...options, initialData })).rejects.toThrow('initialData is for an in-memory PGlite (memory: true) only');
    }
  });

  it('when PGlite is opened, by initdb or from a kept image of it, then its shared_buffers is the small default or the one asked for', async () => {
    for (const [asked, expected, initialData] of [[undefined, '32MB', undefined], ['8MB', '8MB', await pgliteInitdbImage()]] as const) {
      const db = await openDatabase({ memory: true, sharedBuffers: asked, initialData });
      try {
        expect(await db.one('SHOW shared_buffers')).toEqual({ shared_buffers: expected });
      } finally {
        await db.close();
      }
    }
  }, SETUP_TIMEOUT_MS);
});

/** Marks `name` in `order` on the next turn of the event loop, as a socket read would run. */
const onNextTurn = (order: string[], name: string) => setImmediate(() => order.push(name));

describe('fairTurns (the transactions\' turns on PGlite\'s one connection)', () => {
  it('when work is asked for, then it runs on a later turn of the event loop, after what was due on this one', async () => {
    const order: string[] = [];
    const take = fairTurns(new Mutex());
    onNextTurn(order, 'io');
    await take(async () => order.push('work'));
    expect(order).toEqual(['io', 'work']);
  });

  it('when work waited for the connection, then the event loop takes a turn before it runs, where a bare mutex hands it on in the same turn', async () => {
    const run = async (take: <T>(work: () => Promise<T>) => Promise<T>) => {
      const order: string[] = [];
      const first = take(async () => {
        order.push('first');
        onNextTurn(order, 'io');
      });
      const second = take(async () => order.push('second'));
      await Promise.all([first, second]);
      return order;
    };
    expect(await run(fairTurns(new Mutex()))).toEqual(['first', 'io', 'second']);
    const bare = new Mutex();
    expect(await run((work) => bare.runExclusive(work))).toEqual(['first', 'second']);
  });

  it('when transactions and a statement queue on a PGlite database, then the event loop takes a turn before each transaction, not before the statement, and each sees the writes of those before it', async () => {
    const db = await openDatabase({ memory: true });
    try {
      await db.query('CREATE TABLE turns (n int)');
      const order: string[] = [];
      const done = await Promise.all([
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO turns VALUES (1)');
          order.push('tx 1');
          onNextTurn(order, 'io after tx 1');
          return 1;
        }),
        db.query<{ count: string }>('SELECT count(*)::text AS count FROM turns').then((rows) => {
          order.push(`read ${rows[0]?.count}`);
          return 2;
        }),
        db.transaction(async (tx) => {
          order.push('tx 2');
          await tx.query('INSERT INTO turns VALUES (2)');
          return 3;
        }),
      ]);
      expect(done).toEqual([1, 2, 3]);
      expect(order).toEqual(['tx 1', 'read 1', 'io after tx 1', 'tx 2']);
      expect(await db.one('SELECT count(*)::int AS n FROM turns')).toEqual({ n: 2 });
    } finally {
      await db.close();
    }
  }, SETUP_TIMEOUT_MS);
});

describe.each(engineCases)('database on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('queries and transactions', () => {
    const ctx = useTestDatabase(engine);

    it('when selecting typed values, then both engines return the same JS types', async () => {
      const row = await ctx.db.one(
        `SELECT 5::bigint AS big, count(*) AS counted, 1.5::numeric AS num, 7::int AS small,
                '2026-11-22'::date AS day,
                '2026-11-22T09:15:00.123Z'::timestamptz AS at,
                '2026-11-22 09:15:00.123'::timestamp AS local_at,
                '{"a": [1, {"b": null}]}'::jsonb AS doc,
                true AS flag, NULL::text AS nothing,
                gen_random_uuid() AS id
         FROM (VALUES (1), (2)) v(x)`,
      );
      expect(row).toMatchObject({
        big: 5,
        counted: 2,
        num: 1.5,
        small: 7,
        day: '2026-11-22',
        at: '2026-11-22T09:15:00.123Z',
        local_at: '2026-11-22T09:15:00.123Z',
        doc: { a: [1, { b: null }] },
        flag: true,
        nothing: null,
      });
      expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ctx.db.kind).toBe(engine.kind);
    });

    it('when reading now() and a date param, then timestamps are ISO strings and dates stay YYYY-MM-DD', async () => {
      const row = await ctx.db.one<{ now: string; day: string; ts: string }>(
        'SELECT now() AS now, $1::date AS day, $2::timestamptz AS ts',
        ['2026-02-28', '2026-11-22T23:59:59.999+02:00'],
      );
      expect(row?.now).toMatch(ISO_TIMESTAMP);
      expect(row?.day).toBe('2026-02-28');
      expect(row?.ts).toBe('2026-11-22T21:59:59.999Z');
    });

    it('when nothing matches, then one() returns null and query() an empty array', async () => {
      expect(await ctx.db.one('SELECT 1 AS x WHERE false')).toBeNull();
      expect(await ctx.db.query('SELECT 1 AS x WHERE false')).toEqual([]);
    });

    it('when the transaction body resolves, then its writes are committed', async () => {
      await ctx.db.exec('CREATE TABLE IF NOT EXISTS tx_probe (id int PRIMARY KEY, n int NOT NULL)');
      const result = await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe (id, n) VALUES (1, 0)');
        return 'done';
      });
      expect(result).toBe('done');
      expect(await ctx.db.one('SELECT n FROM tx_probe WHERE id = 1')).toEqual({ n: 0 });
    });

    it('when the transaction body throws, then its writes are rolled back and the error surfaces', async () => {
      await expect(
        ctx.db.transaction(async (tx) => {
          await tx.query('INSERT INTO tx_probe (id, n) VALUES (2, 0)');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await ctx.db.one('SELECT n FROM tx_probe WHERE id = 2')).toBeNull();
    });

    it('when a transaction handle is used after the transaction ended, then it throws', async () => {
      let leaked: Parameters<Parameters<typeof ctx.db.transaction>[0]>[0] | undefined;
      await ctx.db.transaction(async (tx) => {
        leaked = tx;
      });
      await expect(leaked!.query('SELECT 1')).rejects.toThrow(/finished|closed/i);
    });

    it('when a unique constraint is violated, then the error has SQLSTATE 23505 and the constraint name', async () => {
      await ctx.db.exec('CREATE TABLE IF NOT EXISTS unique_probe (k text CONSTRAINT unique_probe_k_key UNIQUE)');
      await ctx.db.query(`INSERT INTO unique_probe (k) VALUES ('a')`);
      const error = await ctx.db.query(`INSERT INTO unique_probe (k) VALUES ('a')`).catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'unique_probe_k_key')).toBe(true);
      expect(isUniqueViolation(error, 'other')).toBe(false);
      expect(isUniqueViolation(new Error('x'))).toBe(false);
    });

    it(
      'when two transactions read-modify-write one row concurrently, then both increments land',
      async () => {
        await ctx.db.query('INSERT INTO tx_probe (id, n) VALUES (10, 0)');
        const order: string[] = [];
        const increment = (name: string) =>
          ctx.db.transaction(async (tx) => {
            const row = await tx.one<{ n: number }>('SELECT n FROM tx_probe WHERE id = 10 FOR UPDATE');
            order.push(`${name} read ${row!.n}`);
            await new Promise((resolve) => setTimeout(resolve, 100));
            await tx.query('UPDATE tx_probe SET n = $1 WHERE id = 10', [row!.n + 1]);
            order.push(`${name} wrote ${row!.n + 1}`);
          });
        await Promise.all([increment('a'), increment('b')]);
        expect(await ctx.db.one('SELECT n FROM tx_probe WHERE id = 10')).toEqual({ n: 2 });
        // Serialized: the second one read after the first one wrote.
        expect(order.map((step) => step.slice(2))).toEqual(['read 0', 'wrote 1', 'read 1', 'wrote 2']);
      },
      SETUP_TIMEOUT_MS,
    );

    it('when a query runs while a transaction is open, then it does not see or join the uncommitted work', async () => {
      await ctx.db.query('INSERT INTO tx_probe (id, n) VALUES (20, 0)');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let updated!: () => void;
      const didUpdate = new Promise<void>((resolve) => {
        updated = resolve;
      });
      const failing = ctx.db
        .transaction(async (tx) => {
          await tx.query('UPDATE tx_probe SET n = 99 WHERE id = 20');
          updated();
          await gate;
          throw new Error('roll back');
        })
        .catch(() => 'rolled back');
      await didUpdate;
      const outside = ctx.db.one<{ n: number }>('SELECT n FROM tx_probe WHERE id = 20');
      release();
      expect(await failing).toBe('rolled back');
      expect(await outside).toEqual({ n: 0 });
      expect(await ctx.db.one('SELECT n FROM tx_probe WHERE id = 20')).toEqual({ n: 0 });
    });

    it('when a statement runs again, then it runs prepared; when its table changed its columns, then it still answers, with the new columns', async () => {
      const table = `prepared_probe_${Math.random().toString(36).slice(2, 10)}`;
      await ctx.db.exec(`CREATE TABLE ${table} (id integer PRIMARY KEY)`);
      await ctx.db.query(`INSERT INTO ${table} (id) VALUES (1)`);
      const read = `SELECT * FROM ${table}`;
      expect(await ctx.db.query(read)).toEqual([{ id: 1 }]);
      // Prepared on the connection that ran it: a transaction holds one connection, so it is seen there.
      const seen = await ctx.db.transaction(async (tx) => {
        await tx.query(read);
        return tx.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE statement = $1`, [read]);
      });
      expect(seen.map((row) => row.statement)).toEqual([read]);
      await ctx.db.exec(`ALTER TABLE ${table} ADD COLUMN label text NOT NULL DEFAULT 'new'`);
      for (let i = 0; i < 12; i++) expect(await ctx.db.query(read)).toEqual([{ id: 1, label: 'new' }]);
    });
  });
});
