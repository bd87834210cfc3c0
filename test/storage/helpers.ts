import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type EngineKind } from '../../server/storage/database.js';
import { migrate } from '../../server/storage/migrate.js';
import { pgliteInitdbImage } from './pglite-image.js';
import type { Region } from '../../server/shared/values.js';
import { createOrg, type OrgRecord } from '../../server/storage/repositories/orgs.js';
import { createTeam, type TeamRecord } from '../../server/storage/repositories/teams.js';

/**
 * The engines every storage test runs on: in-memory PGlite always, PostgreSQL when
 * DATABASE_URL is set (each test file then works in a schema of its own, dropped after).
 */
export interface Engine {
  kind: EngineKind;
  label: string;
  available: boolean;
}

const databaseUrl = process.env.DATABASE_URL || undefined;

export const engines: Engine[] = [
  { kind: 'pglite', label: 'PGlite (in-memory)', available: true },
  {
    kind: 'postgres',
    label: databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PostgreSQL (skipped: DATABASE_URL is unset)',
    available: Boolean(databaseUrl),
  },
];

/** `describe.each(engineCases)('... on %s', (_label, engine) => ...)` prints the label unquoted. */
export const engineCases: [string, Engine][] = engines.map((engine) => [engine.label, engine]);

/** Opening PGlite (WebAssembly) takes seconds on a busy machine. */
export const SETUP_TIMEOUT_MS = 120_000;

export interface TestDatabase {
  db: Database;
  /** PostgreSQL: the schema this database works in. */
  schema: string | null;
  /** Opens another connection pool on the same database/schema (PostgreSQL only). */
  openAnother(): Promise<Database>;
  close(): Promise<void>;
}

/** A fresh, empty (unmigrated) database on the engine. */
export async function openFreshDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine.kind === 'pglite') {
    const db = await openDatabase({ memory: true, initialData: await pgliteInitdbImage() });
    return {
      db,
      schema: null,
      openAnother: () => Promise.reject(new Error('PGlite in memory is a single connection')),
      close: () => db.close(),
    };
  }
  if (!databaseUrl) throw new Error('DATABASE_URL is unset');
  const schema = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const others: Database[] = [];
  const db = await openDatabase({ databaseUrl, schema });
  return {
    db,
    schema,
    async openAnother() {
      const other = await openDatabase({ databaseUrl, schema });
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all([db, ...others].map((d) => d.close()));
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A fresh database on the engine with all migrations applied. */
export async function openMigratedDatabase(engine: Engine): Promise<TestDatabase> {
  const test = await openFreshDatabase(engine);
  try {
    await migrate(test.db);
  } catch (error) {
    await test.close();
    throw error;
  }
  return test;
}

/**
 * Opens a migrated database for the enclosing describe block and closes it after. Tests in
 * the block share it, so each seeds its own org/team (see seedTeam) and never assumes
 * the tables are otherwise empty.
 */
export function useTestDatabase(engine: Engine): { readonly db: Database; readonly test: TestDatabase } {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await openMigratedDatabase(engine);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await test?.close();
  }, SETUP_TIMEOUT_MS);
  return {
    get db() {
      if (!test) throw new Error('The test database is not open yet');
      return test.db;
    },
    get test() {
      if (!test) throw new Error('The test database is not open yet');
      return test;
    },
  };
}

export interface SeededTeam {
  org: OrgRecord;
  team: TeamRecord;
}

/** A new org with one team. */
export async function seedTeam(
  db: Database,
  options: { region?: Region; name?: string; created_on?: string } = {},
): Promise<SeededTeam> {
  const org = await createOrg(db, { name: `Org ${randomUUID().slice(0, 8)}` });
  const team = await createTeam(db, {
    org_id: org.id,
    name: options.name ?? `Team ${randomUUID().slice(0, 8)}`,
    region: options.region ?? 'us',
    ...(options.created_on ? { created_on: options.created_on } : {}),
  });
  return { org, team };
}

export const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A database of its own on the DATABASE_URL server, for tests that run real server
 * processes (which take a whole database, not a schema): `url` names it, `create()`
 * makes it, `drop()` removes it and its DATA_DIR (`dataDir`).
 */
export function throwawayPostgresDatabase(prefix: string, serverUrl: string | undefined) {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '',
    dataDir: `/tmp/${name}`,
    create: () => admin(`CREATE DATABASE ${name}`),
    async drop() {
      await rm(`/tmp/${name}`, { recursive: true, force: true });
      if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
