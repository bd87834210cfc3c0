import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { installedVersion } from '../../server/shared/dependency-version.js';
import { openDatabase } from '../../server/storage/database.js';
import { loadMigrations, migrate } from '../../server/storage/migrate.js';

/**
 * What PGlite's initdb makes, dumped (`dumpDataDir('none')`), for every in-memory test database
 * to start from (`openDatabase({ memory: true, initialData })`, `PGlite.create({ loadDataDir })`).
 *
 * PGlite makes an in-memory database by running initdb in a second instance and loading that
 * instance's dump; loading a kept dump gives the same database without initdb: 0.7 to 0.8 s
 * instead of 2.2 to 4.0 s through openDatabase on the 2-core VM (2026-11-28), and a run of the
 * suite opens over a hundred of them.
 * The dump (40 MB) is kept in the OS temp folder under PGlite's version, so the first test process
 * that needs it makes it and the others read it; it is written under a name of its own and then
 * renamed, so a test file running beside it never reads half of one.
 */
export function pgliteInitdbImage(): Promise<Blob> {
  image ??= loadOrMake(`health-data-api-pglite-${installedVersion('@electric-sql/pglite')}-initdb.tar`, async () => {
    const pg = await PGlite.create();
    try {
      return await pg.dumpDataDir('none');
    } finally {
      await pg.close();
    }
  }).catch((error: unknown) => {
    image = null;
    throw error;
  });
  return image;
}

let image: Promise<Blob> | null = null;

/**
 * The same for a database with every migration applied (`openMigratedDatabase`): about 80
 * migrations take PGlite seconds of CPU, and the suite opens a migrated database in most of its
 * files. The file's name carries PGlite's version and a hash of the migrations (their names and
 * text), so a new or edited migration makes a new image. Made once on disk (an in-memory
 * database cannot be dumped through the storage layer) and dumped from there.
 */
export function pgliteMigratedImage(): Promise<Blob> {
  migratedImage ??= (async () => {
    const migrations = await loadMigrations();
    const hash = createHash('sha256');
    for (const migration of migrations) hash.update(`${migration.name}\0${migration.sql}\0`);
    const name = `health-data-api-pglite-${installedVersion('@electric-sql/pglite')}-migrated-${hash.digest('hex').slice(0, 16)}.tar`;
    return loadOrMake(name, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'health-data-api-migrated-'));
      try {
        const db = await openDatabase({ dataDir: path.join(dir, 'pglite'), lockDir: dir });
        try {
          await migrate(db, { migrations });
        } finally {
          await db.close();
        }
        const pg = await PGlite.create(path.join(dir, 'pglite'));
        try {
          return await pg.dumpDataDir('none');
        } finally {
          await pg.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  })().catch((error: unknown) => {
    migratedImage = null;
    throw error;
  });
  return migratedImage;
}

let migratedImage: Promise<Blob> | null = null;

/** The image kept in the OS temp folder as `name`, or the one `make` makes (then kept there). */
async function loadOrMake(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = path.join(os.tmpdir(), name);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet on this machine (or unreadable): make it.
  }
  const dump = await make();
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // A folder that cannot be written only costs the next process the same initdb.
    rmSync(partial, { force: true });
  }
  return dump;
}
