import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/storage/database.js';
import { loadMigrations, migrate, type Migration } from '../../server/storage/migrate.js';
import { listOrders } from '../../server/storage/repositories/lab-order-list.js';
import { findOrder, insertOrders, transitionOrder } from '../../server/storage/repositories/lab-orders.js';
import { findLabTests } from '../../server/storage/repositories/lab-tests.js';
import { engineCases, openFreshDatabase, seedTeam, SETUP_TIMEOUT_MS, type TestDatabase } from './helpers.js';

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
      'when orders and their events were stored before migration 019, then each order holds its events, oldest first, and new events get higher ids',
      async () => {
        test = await openFreshDatabase(engine);
        const all = await loadMigrations();
        await migrate(test.db, { migrations: all.filter((m) => m.version <= 18) });
        const { team } = await seedTeam(test.db);
        const user = (await test.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'before-019') RETURNING id`, [team.id]))!;
        const [withEvents, withoutEvents] = [randomUUID(), randomUUID()];
        for (const id of [withEvents, withoutEvents]) {
          await test.db.query(
            `INSERT INTO lab_orders (id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, sample_id, body, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'walk_in_test', 'cancelled.walk_in_test.cancelled', 'cancelled', 'maria lopez', $5, '{}', '2026-11-20T10:00:00Z', '2026-11-20T10:05:00Z')`,
            [id, team.id, user.id, randomUUID(), `SB-${id}`],
          );
        }
        // Inserted newest first: the order of the ids, not of the rows, is the events' order.
        const statuses = ['cancelled.walk_in_test.cancelled', 'received.walk_in_test.requisition_created', 'received.walk_in_test.ordered'];
        const ids: number[] = [];
        for (const [i, status] of statuses.entries()) {
          const row = await test.db.one<{ id: string }>(
            `INSERT INTO lab_order_events (id, order_id, status, status_detail, created_at) OVERRIDING SYSTEM VALUE
             VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [30 - i * 10, withEvents, status, i === 0 ? 'by the team' : null, `2026-11-20T10:0${5 - i * 2}:00.123+01:00`],
          );
          ids.push(Number(row!.id));
        }
        // An id the identity handed out (drawn ahead and never used): later ids are above it too.
        await test.db.query(`SELECT setval(pg_get_serial_sequence('lab_order_events', 'id'), 40)`);

        // Up to 081: the events as migration 019 moved them (migration 082, below, then moves the words to the notes).
        expect((await migrate(test.db, { migrations: all.filter((m) => m.version <= 81) })).applied).toEqual(all.filter((m) => m.version > 18 && m.version <= 81).map((m) => m.name));
        const events = async (id: string) => (await findOrder(test!.db, team.id, id))!.events;
        expect(await events(withEvents)).toEqual([
          { id: 10, created_at: '2026-11-20T09:01:00.123Z', status: 'received.walk_in_test.ordered', status_detail: null },
          { id: 20, created_at: '2026-11-20T09:03:00.123Z', status: 'received.walk_in_test.requisition_created', status_detail: null },
          { id: 30, created_at: '2026-11-20T09:05:00.123Z', status: 'cancelled.walk_in_test.cancelled', status_detail: 'by the team' },
        ]);
        expect(await events(withoutEvents)).toEqual([]);
        expect(await test.db.one(`SELECT to_regclass('lab_order_events') AS events`)).toEqual({ events: null });
        expect((await migrate(test.db)).applied).toEqual(all.filter((m) => m.version > 81).map((m) => m.name));

        const [created] = await insertOrders(test.db, [{
          id: randomUUID(), team_id: team.id, user_id: user.id, lab_test_id: randomUUID(), method: 'walk_in_test', status: 'received.walk_in_test.ordered',
          low_status: 'ordered', patient_name: 'maria lopez', sample_id: 'SB-after-019', activate_by: null, receiver_name: 'maria lopez', body: {}, at: new Date().toISOString(),
        }]);
        expect(created!.events[0]!.id).toBeGreaterThan(40);
        const moved = await transitionOrder(test.db, {
          team_id: team.id, order_id: created!.id, from: 'received.walk_in_test.ordered', to: 'cancelled.walk_in_test.cancelled', low_status: 'cancelled',
          status_detail: null, at: '2026-11-27T15:00:00.5Z',
        });
        expect(moved!.events).toEqual([
          created!.events[0],
          { id: expect.any(Number), created_at: '2026-11-27T15:00:00.500Z', status: 'cancelled.walk_in_test.cancelled', status_detail: null },
        ]);
        expect(moved!.events[1]!.id).toBeGreaterThan(created!.events[0]!.id);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when orders were stored before migrations 021 and 022, then their activate_by and shipping recipient come from their body, and the list filters by both',
      async () => {
        test = await openFreshDatabase(engine);
        const all = await loadMigrations();
        await migrate(test.db, { migrations: all.filter((m) => m.version <= 20) });
        const { team } = await seedTeam(test.db);
        const user = (await test.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'before-021') RETURNING id`, [team.id]))!;
        const store = async (createdAt: string, body: object) => {
          const id = randomUUID();
          await test!.db.query(
            `INSERT INTO lab_orders (id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, sample_id, body, created_at, updated_at, events)
             VALUES ($1, $2, $3, $4, 'testkit', 'received.testkit.ordered', 'ordered', 'maria lopez', $5, $6::json, $7, $7, '[]')`,
            [id, team.id, user.id, randomUUID(), `SB-${id}`, JSON.stringify(body), createdAt],
          );
          return id;
        };
        const held = await store('2026-11-20T10:00:00Z', { activate_by: '2040-06-16', patient_address: { receiver_name: 'Carmen RUIZ', first_line: '1 Main St.' } });
        const plain = await store('2026-11-20T11:00:00Z', { activate_by: null, patient_address: { receiver_name: null, first_line: '1 Main St.' } });

        await migrate(test.db);
        const columns = await test.db.query<{ id: string; activate_by: string | null; receiver_name: string }>(`SELECT id, activate_by::text, receiver_name FROM lab_orders ORDER BY created_at`);
        expect(columns).toEqual([{ id: held, activate_by: '2040-06-16', receiver_name: 'carmen ruiz' }, { id: plain, activate_by: null, receiver_name: 'maria lopez' }]);
        const filter = { search_input: null, created_from: null, created_to: null, updated_from: null, updated_to: null, low_statuses: null, methods: null, is_critical: null, interpretation: null, user_id: null, patient_name: null, receiver_name: null, order_ids: null, activation: null };
        const ids = async (changes: object) => (await listOrders(test!.db, team.id, { ...filter, ...changes }, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 })).orders.map((order) => order.id);
        expect(await ids({ activation: { type: 'scheduled', today: '2040-06-15' } })).toEqual([held]);
        expect(await ids({ activation: { type: 'current', today: '2040-06-15' } })).toEqual([plain]);
        expect(await ids({ receiver_name: 'ruiz' })).toEqual([held]);
        expect(await ids({ receiver_name: 'lopez' })).toEqual([plain]);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when lab tests were stored before migration 023, then their updated_at is their created_at',
      async () => {
        test = await openFreshDatabase(engine);
        const all = await loadMigrations();
        await migrate(test.db, { migrations: all.filter((m) => m.version <= 22) });
        const { team } = await seedTeam(test.db);
        await test.db.query(
          `INSERT INTO lab_tests (team_id, slug, name, description, method, lab_id, marker_ids, created_at) VALUES ($1, 'd', 'D', '', 'walk_in_test', 1, '{1065}', '2026-11-20T10:00:00.123Z')`,
          [team.id],
        );
        await migrate(test.db);
        expect(await findLabTests(test.db, team.id, [(await test.db.one<{ id: string }>(`SELECT id FROM lab_tests WHERE team_id = $1`, [team.id]))!.id])).toEqual([
          expect.objectContaining({ created_at: '2026-11-20T10:00:00.123Z', updated_at: '2026-11-20T10:00:00.123Z' }),
        ]);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when order events were stored with words as status_detail before migration 082, then the words move to the notes, one line each after what they held, and the details become null; codes stay',
      async () => {
        test = await openFreshDatabase(engine);
        const all = await loadMigrations();
        await migrate(test.db, { migrations: all.filter((m) => m.version <= 81) });
        const { team } = await seedTeam(test.db);
        const user = (await test.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'before-082') RETURNING id`, [team.id]))!;
        const event = (id: number, status: string, detail: string | null) => ({ id, created_at: `2026-11-20T10:0${id}:00.000Z`, status, status_detail: detail });
        const store = async (body: object, events: object[]) => {
          const id = randomUUID();
          await test!.db.query(
            `INSERT INTO lab_orders (id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, receiver_name, sample_id, body, created_at, updated_at, events, transaction_id)
             VALUES ($1, $2, $3, $4, 'walk_in_test', 'received.walk_in_test.ordered', 'ordered', 'maria lopez', 'maria lopez', $5, $6::json, '2026-11-20T10:00:00Z', '2026-11-20T10:09:00Z', $7::json, $8)`,
            [id, team.id, user.id, randomUUID(), `SB-${id}`, JSON.stringify(body), JSON.stringify(events), randomUUID()],
          );
          return id;
        };
        const worded = await store({ notes: '' }, [
          event(1, 'received.walk_in_test.ordered', null),
          event(2, 'collecting_sample.walk_in_test.appointment_scheduled', 'Appointment booked: 9:00.'),
          event(3, 'cancelled.walk_in_test.cancelled', 'Cancelled by the team.'),
        ]);
        const noted = await store({ notes: 'Earlier note.' }, [event(1, 'failed.walk_in_test.sample_error', 'sample_hemolyzed'), event(2, 'collecting_sample.walk_in_test.redraw_available', 'Redraw offered.')]);
        const coded = await store({ notes: '' }, [event(1, 'failed.walk_in_test.sample_error', 'sample_contaminated')]);

        await migrate(test.db);
        const read = async (id: string) => (await findOrder(test!.db, team.id, id))!;
        const a = await read(worded);
        expect(a.events.map((e) => e.status_detail)).toEqual([null, null, null]);
        expect(a.events.map((e) => e.id)).toEqual([1, 2, 3]);
        expect(a.body.notes).toBe('Appointment booked: 9:00.\nCancelled by the team.');
        expect(a.updated_at).toBe('2026-11-20T10:09:00.000Z');
        const b = await read(noted);
        expect(b.events.map((e) => e.status_detail)).toEqual(['sample_hemolyzed', null]);
        expect(b.body.notes).toBe('Earlier note.\nRedraw offered.');
        const c = await read(coded);
        expect(c.events).toEqual([event(1, 'failed.walk_in_test.sample_error', 'sample_contaminated')]);
        expect(c.body.notes).toBe('');
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
