import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

export interface Migration {
  version: number;
  /** File name, e.g. `001_initial.sql`. */
  name: string;
  sql: string;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_NAME = /^(\d+)_[a-z0-9_]+\.sql$/;

/**
 * Key of the transaction-level advisory lock every migration step takes: two processes
 * starting at once on one PostgreSQL database apply each migration exactly once.
 */
const MIGRATION_LOCK_KEY = 7_310_436_918_271_001;

/** Reads `NNN_name.sql` files in version order. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql'));
  const migrations: Migration[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (!match) throw new Error(`Migration file ${name} must be named NNN_lower_snake_name.sql`);
    migrations.push({ version: Number(match[1]), name, sql: await fs.readFile(`${dir}/${name}`, 'utf8') });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i += 1) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Migrations ${migrations[i - 1]!.name} and ${migrations[i]!.name} share version ${migrations[i]!.version}`);
    }
  }
  return migrations;
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

/**
 * Applies pending migrations in order, each in its own transaction, and records them in
 * `schema_migrations`. Safe to run at every start, and concurrently from several processes
 * on PostgreSQL (each step holds an advisory lock and re-checks what is applied).
 * Fails when an applied migration file was edited afterwards.
 */
export async function migrate(
  db: Database,
  options: { migrations?: Migration[] } = {},
): Promise<{ applied: string[] }> {
  const migrations = options.migrations ?? (await loadMigrations());

  const alreadyApplied = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        checksum   text NOT NULL,
        applied_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    return tx.query<AppliedRow>('SELECT version, name, checksum FROM schema_migrations');
  });
  const known = new Map(alreadyApplied.map((row) => [row.version, row]));
  for (const migration of migrations) {
    const row = known.get(migration.version);
    if (row && row.checksum !== checksum(migration.sql)) {
      throw new Error(
        `Migration ${migration.name} was changed after it was applied (as ${row.name}). ` +
          'Add a new migration instead of editing an applied one.',
      );
    }
  }

  const applied: string[] = [];
  for (const migration of migrations) {
    if (known.has(migration.version)) continue;
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      const done = await tx.one('SELECT 1 AS done FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done) return false; // another process got there first
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        checksum(migration.sql),
      ]);
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return { applied };
}
