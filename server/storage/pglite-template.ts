import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database.js';
import { MIGRATIONS_DIR, migrate } from './migrate.js';

/**
 * A PGlite data directory, initialised and migrated when the server is
 * compiled, that a first start copies instead of running initdb (which takes
 * seconds in WebAssembly). A template is used only when it was migrated with
 * exactly the current migration files; otherwise the start runs initdb.
 */
export function findPgliteTemplate(): string | undefined {
  const stamp = migrationsStamp();
  for (const up of ['../../pglite-template', '../../dist/pglite-template']) {
    const dir = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(`${dir}/PG_VERSION`) && readStamp(dir) === stamp) return dir;
  }
  return undefined;
}

const STAMP = 'migrations.stamp';

/** A hash of the migration files (names and contents), in version order. */
function migrationsStamp(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(`${name}\n${readFileSync(`${MIGRATIONS_DIR}/${name}`, 'utf8')}\n`);
  }
  return hash.digest('hex');
}

const readStamp = (dir: string) => {
  try {
    return readFileSync(`${dir}/${STAMP}`, 'utf8');
  } catch {
    return '';
  }
};

/** (Re)creates the template in `dir` unless it already holds exactly the current migrations. */
export async function buildPgliteTemplate(dir: string): Promise<boolean> {
  const stamp = migrationsStamp();
  if (existsSync(`${dir}/PG_VERSION`) && readStamp(dir) === stamp) return false;
  await rm(dir, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: dir, lockDir: `${dir}.lock-dir` });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  await rm(`${dir}.lock-dir`, { recursive: true, force: true });
  await writeFile(`${dir}/${STAMP}`, stamp);
  return true;
}
