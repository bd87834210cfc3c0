/**
 * `npm run compile`: compiles the server, mocks and scripts to dist/ with tsc
 * (the production server runs compiled JavaScript, not tsx), and copies the
 * SQL migrations and the bundled documents and docs next to the compiled
 * code that reads them. dist/.inputs.sha256 records the hash of what it was
 * compiled from (scripts/lib/input-hash.ts).
 */
import { spawnSync } from 'node:child_process';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPgliteTemplate } from '../server/storage/pglite-template.js';
import { bin, ROOT } from './lib/apis.js';
import { COMPILE_INPUTS_FILE, compileInputsHash } from './lib/input-hash.js';
import { isMainModule } from './lib/main-module.js';

export const DIST = path.join(ROOT, 'dist');

export async function compile(): Promise<void> {
  const inputsHash = compileInputsHash();
  // A compile that fails half-way must not look fresh.
  await rm(path.join(DIST, COMPILE_INPUTS_FILE), { force: true });
  const result = spawnSync(bin('tsc'), ['-p', path.join(ROOT, 'tsconfig.json'), '--noEmit', 'false', '--outDir', DIST], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('tsc failed');
  // Compiled tests are of no use and vitest would find them under dist/.
  await rm(path.join(DIST, 'test'), { recursive: true, force: true });
  await cp(path.join(ROOT, 'server/storage/migrations'), path.join(DIST, 'server/storage/migrations'), { recursive: true });
  await cp(path.join(ROOT, 'generated'), path.join(DIST, 'generated'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
  // A migrated PGlite data directory that a first start copies instead of running initdb.
  if (await buildPgliteTemplate(path.join(DIST, 'pglite-template'))) console.log('built dist/pglite-template');
  // What npm start compares to decide whether dist/ is up to date (never file times).
  await writeFile(path.join(DIST, COMPILE_INPUTS_FILE), `${inputsHash}\n`);
}

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  await compile();
  console.log(`compiled to ${path.relative(process.cwd(), DIST) || DIST}`);
}
