/**
 * `npm run compile`: turns the server, the mocks and the scripts into JavaScript in dist/ (the
 * server runs compiled JavaScript, not under tsx), copies the SQL migrations and the bundled
 * documents and docs next to the compiled code that reads them, and builds the PGlite template
 * (dist/pglite-template).
 *
 * The JavaScript is transpiled file by file with esbuild, not compiled by tsc: type checking is
 * `npm test`'s job (`tsc --noEmit`), and a whole-tree tsc run, tests included, made every first
 * `npm start` wait for it. One output file per source file, at the same relative path, keeps
 * the layout that code reading files next to itself relies on (server/shared/documents.ts,
 * server/storage/migrate.ts, server/storage/pglite-template.ts find generated/, the migrations
 * and the template from `import.meta.url`), and each file's source map points into its source.
 *
 * npm start runs transpile() alone when dist/ is stale; the benchmarks run compile().
 *
 * dist/.inputs.sha256 records the hash of what it was transpiled from
 * (scripts/lib/input-hash.ts); the template has its own stamp, the hash of the migrations.
 */
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './lib/apis.js';
import { COMPILE_INPUTS_FILE, compileInputsHash, compiledSources } from './lib/input-hash.js';
import { isMainModule } from './lib/main-module.js';

export const DIST = path.join(ROOT, 'dist');
export const PGLITE_TEMPLATE_DIR = path.join(DIST, 'pglite-template');

/** The Node version the output runs on (package.json engines: >=20.19). */
const TARGET = 'node20';

/**
 * Transpiles every source file of compiledSources() to dist/ (same relative paths, .js and a
 * linked source map), copies the migrations and generated/'s non-TypeScript files, and records
 * the hash of the inputs. Returns how many files it transpiled.
 */
export async function transpile(root = ROOT, dist = path.join(root, 'dist')): Promise<number> {
  const inputsHash = compileInputsHash(root);
  // A transpile that fails half-way must not look fresh.
  await rm(path.join(dist, COMPILE_INPUTS_FILE), { force: true });
  // An earlier tsc compile put the tests here, and vitest would find them under dist/.
  await rm(path.join(dist, 'test'), { recursive: true, force: true });
  const entryPoints = compiledSources(root);
  // Loaded here, not at the top, so that importing DIST from this module loads no esbuild.
  const esbuild = await import('esbuild');
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints,
      outdir: dist,
      outbase: root,
      bundle: false,
      format: 'esm',
      platform: 'node',
      target: TARGET,
      sourcemap: 'linked',
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
    });
  } finally {
    // esbuild's service process (over 100 MB after a transpile) would otherwise live as long as
    // this process, which for npm start is as long as the server.
    await esbuild.stop();
  }
  await cp(path.join(root, 'server/storage/migrations'), path.join(dist, 'server/storage/migrations'), { recursive: true });
  await cp(path.join(root, 'generated'), path.join(dist, 'generated'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
  // What npm start compares to decide whether dist/ is up to date (never file times).
  await writeFile(path.join(dist, COMPILE_INPUTS_FILE), `${inputsHash}\n`);
  return entryPoints.length;
}

/**
 * (Re)builds the PGlite template unless it already holds exactly the current migrations: a
 * migrated data directory that a start on an empty DATA_DIR copies instead of running initdb.
 * Loaded only here, so that a transpile alone never loads PGlite.
 */
export async function buildTemplate(dir = PGLITE_TEMPLATE_DIR): Promise<boolean> {
  const { buildPgliteTemplate } = await import('../server/storage/pglite-template.js');
  return buildPgliteTemplate(dir);
}

/** Everything `npm run compile` does: transpile, copy, and build the PGlite template. */
export async function compile({ log = (_line: string) => {} }: { log?: (line: string) => void } = {}): Promise<void> {
  let started = performance.now();
  const files = await transpile();
  log(`transpiled ${files} files to dist/ (esbuild) in ${elapsed(started)}`);
  started = performance.now();
  if (await buildTemplate()) log(`built dist/pglite-template in ${elapsed(started)}`);
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  try {
    await compile({ log: console.log });
    console.log(`compiled to ${path.relative(process.cwd(), DIST) || DIST}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
