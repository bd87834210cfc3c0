import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database.js';
import { loadMigrations, migrate } from './migrate.js';

/**
 * A PGlite data directory, initialised and migrated when the server is
 * compiled, that a first start copies instead of running initdb (which takes
 * seconds in WebAssembly). Migrations added later still run at start.
 */
export function findPgliteTemplate(): string | undefined {
  for (const up of ['../../pglite-template', '../../dist/pglite-template']) {
    const dir = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(`${dir}/PG_VERSION`)) return dir;
  }
  return undefined;
}

const STAMP = 'migrations.stamp';

/** (Re)creates the template in `dir` unless it already holds exactly the current migrations. */
export async function buildPgliteTemplate(dir: string): Promise<boolean> {
  const hash = createHash('sha256');
  for (const m of await loadMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  const stamp = hash.digest('hex');
  if (existsSync(`${dir}/PG_VERSION`) && (await readFile(`${dir}/${STAMP}`, 'utf8').catch(() => '')) === stamp) return false;
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
