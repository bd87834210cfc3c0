import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { installedVersion } from '../../server/shared/dependency-version.js';

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
  image ??= loadOrMake().catch((error: unknown) => {
    image = null;
    throw error;
  });
  return image;
}

let image: Promise<Blob> | null = null;

async function loadOrMake(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `health-data-api-pglite-${installedVersion('@electric-sql/pglite')}-initdb.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet on this machine (or unreadable): make it.
  }
  const pg = await PGlite.create();
  let dump: Blob;
  try {
    dump = await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
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
