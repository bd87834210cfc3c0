import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/storage/database.js';
import { loadMigrations, migrate, type Migration } from '../../server/storage/migrate.js';
import { engineCases, openFreshDatabase, SETUP_TIMEOUT_MS, type TestDatabase } from './helpers.js';

describe('loadMigrations', () => {
  it('when reading the shipped migrations, then they are numbered NNN_name.sql in order', async () => {
    const migrations = await loadMigrations();
    expect(migrations[0]?.name).toBe('001_initial.sql');
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('when a directory has a misnamed or duplicate file, then loading fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.writeFileSync(path.join(dir, '001_a.sql'), 'SELECT 1');
      fs.writeFileSync(path.join(dir, '10_b.sql'), 'SELECT 1');
      expect((await loadMigrations(dir)).map((m) => m.name)).toEqual(['001_a.sql', '10_b.sql']);
      fs.writeFileSync(path.join(dir, '001_c.sql'), 'SELECT 1');
      await expect(loadMigrations(dir)).rejects.toThrow(/share version 1/);
      fs.rmSync(path.join(dir, '001_c.sql'));
      fs.writeFileSync(path.join(dir, 'Bad Name.sql'), 'SELECT 1');
      await expect(loadMigrations(dir)).rejects.toThrow(/must be named/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migrate on a file-backed PGlite data directory', () => {
  it(
    'when the process restarts on the same directory, then nothing is applied twice and data survives',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-restart-'));
      try {
        const first = await openDatabase({ dataDir: dir });
        try {
          expect((await migrate(first)).applied.length).toBeGreaterThan(0);
          await first.query(`INSERT INTO orgs (name) VALUES ('kept')`);
        } finally {
          await first.close();
        }
        const second = await openDatabase({ dataDir: dir });
        try {
          expect((await migrate(second)).applied).toEqual([]);
          expect(await second.one('SELECT name FROM orgs')).toEqual({ name: 'kept' });
        } finally {
          await second.close();
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    SETUP_TIMEOUT_MS,
  );
});

describe.each(engineCases)('migrate on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('runs', () => {
    let test: TestDatabase | undefined;
    afterEach(async () => {
      await test?.close();
      test = undefined;
    }, SETUP_TIMEOUT_MS);

    it(
      'when run on an empty database and again, then every migration is applied once and recorded',
      async () => {
        test = await openFreshDatabase(engine);
        const first = await migrate(test.db);
        expect(first.applied[0]).toBe('001_initial.sql');
        const second = await migrate(test.db);
        expect(second.applied).toEqual([]);
        const recorded = await test.db.query<{ version: number; name: string; applied_at: string }>(
          'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
        );
        expect(recorded.map((r) => r.name)).toEqual(first.applied);
        const tables = await test.db.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables
           WHERE table_schema = current_schema() ORDER BY table_name`,
        );
        expect(tables.map((t) => t.table_name)).toEqual(
          expect.arrayContaining([
            'bulk_ops',
            'bulk_triggers',
            'connections',
            'insurances',
            'link_codes',
            'link_tokens',
            'management_keys',
            'orgs',
            'schema_migrations',
            'sign_in_tokens',
            'team_api_keys',
            'team_pull_preferences',
            'teams',
            'user_infos',
            'users',
          ]),
        );
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when a later migration is added, then only it is applied, and a failing one leaves nothing behind',
      async () => {
        test = await openFreshDatabase(engine);
        const base: Migration[] = [{ version: 1, name: '001_a.sql', sql: 'CREATE TABLE a (x int);' }];
        expect((await migrate(test.db, { migrations: base })).applied).toEqual(['001_a.sql']);
        const more: Migration[] = [
          ...base,
          { version: 2, name: '002_b.sql', sql: 'CREATE TABLE b (x int); INSERT INTO a VALUES (1);' },
        ];
        expect((await migrate(test.db, { migrations: more })).applied).toEqual(['002_b.sql']);
        const failing: Migration[] = [
          ...more,
          { version: 3, name: '003_c.sql', sql: 'CREATE TABLE c (x int); SELECT no_such_function();' },
        ];
        await expect(migrate(test.db, { migrations: failing })).rejects.toThrow(/no_such_function/);
        expect(await test.db.one(`SELECT to_regclass('c') AS c`)).toEqual({ c: null });
        expect(await test.db.one('SELECT max(version) AS v FROM schema_migrations')).toEqual({ v: 2 });
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when an applied migration was edited, then migrate refuses to run',
      async () => {
        test = await openFreshDatabase(engine);
        await migrate(test.db, { migrations: [{ version: 1, name: '001_a.sql', sql: 'CREATE TABLE a (x int);' }] });
        await expect(
          migrate(test.db, { migrations: [{ version: 1, name: '001_a.sql', sql: 'CREATE TABLE a (y int);' }] }),
        ).rejects.toThrow(/001_a\.sql was changed after it was applied/);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when several migrate calls race on one database, then each migration is applied exactly once',
      async () => {
        test = await openFreshDatabase(engine);
        // PostgreSQL: separate pools, i.e. what two processes starting at once do.
        const dbs = engine.kind === 'postgres' ? [test.db, await test.openAnother(), await test.openAnother()] : [test.db, test.db, test.db];
        const results = await Promise.all(dbs.map((db) => migrate(db)));
        const applied = results.flatMap((r) => r.applied);
        const all = (await loadMigrations()).map((m) => m.name);
        expect([...applied].sort()).toEqual(all);
        expect(await test.db.one('SELECT count(*) AS n FROM schema_migrations')).toEqual({ n: all.length });
      },
      SETUP_TIMEOUT_MS,
    );
  });
});
