/**
 * Freshness by content (scripts/lib/input-hash.ts): npm start decides whether
 * generated/ and dist/ are up to date from a hash of their inputs, never from
 * file times. A copy of the repository's inputs with new file times (what a
 * fresh clone is) must be fresh; one changed byte must be stale.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { transpile } from '../../scripts/compile.js';
import { GENERATED_DIR, ROOT } from '../../scripts/lib/apis.js';
import { BUILD_INPUTS_FILE, buildInputsHash, compileInputsHash, importGraph, isDistFresh, isGeneratedFresh } from '../../scripts/lib/input-hash.js';

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** spec/, scripts/, server/, mocks/, generated/ and tsconfig.json copied with new file times (as a clone has), node_modules linked. */
function cloneLike(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'freshness-'));
  copies.push(root);
  for (const dir of ['spec', 'scripts', 'server', 'mocks', 'generated']) cpSync(path.join(ROOT, dir), path.join(root, dir), { recursive: true, preserveTimestamps: false });
  cpSync(path.join(ROOT, 'tsconfig.json'), path.join(root, 'tsconfig.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

function touchAll(dir: string, at: Date): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) touchAll(full, at);
    else utimesSync(full, at, at);
  }
}

describe('freshness of generated/ by content', () => {
  it('when generated/ is committed, then it records the hash of the inputs it was built from', () => {
    expect(readFileSync(path.join(GENERATED_DIR, BUILD_INPUTS_FILE), 'utf8').trim()).toBe(buildInputsHash());
    expect(isGeneratedFresh()).toBe(true);
  });

  it('when every spec file has a newer time than generated/ (a fresh clone), then generated/ is fresh', () => {
    const root = cloneLike();
    touchAll(path.join(root, 'generated'), new Date('2020-01-01T00:00:00Z'));
    touchAll(path.join(root, 'spec'), new Date());
    expect(buildInputsHash(root)).toBe(buildInputsHash());
    expect(isGeneratedFresh(path.join(root, 'generated'), root)).toBe(true);
  });

  it('when one byte of a spec file changes, then generated/ is stale', () => {
    const root = cloneLike();
    const file = path.join(root, 'spec/team/openapi.yaml');
    const bytes = readFileSync(file);
    const at = bytes.indexOf('Team API');
    expect(at).toBeGreaterThan(-1);
    bytes[at] = 't'.charCodeAt(0);
    writeFileSync(file, bytes);
    expect(isGeneratedFresh(path.join(root, 'generated'), root)).toBe(false);
  });

  it('when a build script that shapes the output changes, then generated/ is stale; when an unrelated script changes, it stays fresh', () => {
    const graph = importGraph(path.join(ROOT, 'scripts/build.ts'));
    const relative = graph.files.map((file) => path.relative(ROOT, file));
    expect(relative).toEqual(expect.arrayContaining(['scripts/build.ts', 'scripts/docs/render.ts', 'scripts/lib/bundle.ts', 'scripts/lib/types.ts']));
    expect(relative).not.toContain('scripts/start.ts');
    expect(graph.packages).toEqual(expect.arrayContaining(['openapi-typescript', 'redoc']));

    const root = cloneLike();
    appendFileSync(path.join(root, 'scripts/start.ts'), '\n// unrelated\n');
    expect(isGeneratedFresh(path.join(root, 'generated'), root)).toBe(true);
    appendFileSync(path.join(root, 'scripts/docs/render.ts'), '\n// changes the build\n');
    expect(isGeneratedFresh(path.join(root, 'generated'), root)).toBe(false);
  });
});

/** A copy of the repository's sources takes seconds on a loaded machine. */
const COPY_TIMEOUT_MS = 60_000;

describe('freshness of dist/ by content', () => {
  it('when dist/ records the hash of its sources, then it is fresh whatever the file times, and stale after a source byte changes', () => {
    const root = cloneLike();
    const dist = path.join(root, 'dist');
    cpSync(path.join(root, 'generated'), dist, { recursive: true });
    writeFileSync(path.join(dist, '.inputs.sha256'), `${compileInputsHash(root)}\n`);
    touchAll(path.join(root, 'server'), new Date());
    expect(isDistFresh(dist, root)).toBe(true);
    appendFileSync(path.join(root, 'server/main.ts'), '\n');
    expect(isDistFresh(dist, root)).toBe(false);
  }, COPY_TIMEOUT_MS);

  it('when dist/ has no recorded hash (never compiled, or a compile that failed half-way), then it is stale', () => {
    const root = cloneLike();
    expect(isDistFresh(path.join(root, 'dist'), root)).toBe(false);
  }, COPY_TIMEOUT_MS);

  it(
    'when a source changes after a transpile, then dist/ is stale, and the next transpile carries the change, runs under plain node and is fresh again',
    async () => {
      const root = cloneLike();
      const dist = path.join(root, 'dist');
      await transpile(root, dist);
      expect(isDistFresh(dist, root)).toBe(true);
      // The dashboard's sources are bundled by the build into generated/, not transpiled.
      expect(existsSync(path.join(dist, 'server/dashboard/src'))).toBe(false);

      appendFileSync(path.join(root, 'server/banner.ts'), '\nexport const TRANSPILE_PROBE = "changed";\n');
      expect(isDistFresh(dist, root)).toBe(false);
      await transpile(root, dist);
      expect(isDistFresh(dist, root)).toBe(true);

      // Plain node, no tsx: the changed module loads, and a module that finds files from its own place (the
      // migrations, from import.meta.url) finds them at the same place in dist/ as in the sources.
      const probe = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `const banner = await import(${JSON.stringify(pathToFileURL(path.join(dist, 'server/banner.js')).href)});
const { MIGRATIONS_DIR } = await import(${JSON.stringify(pathToFileURL(path.join(dist, 'server/storage/migrate.js')).href)});
const { existsSync } = await import('node:fs');
console.log(JSON.stringify({ probe: banner.TRANSPILE_PROBE, migrations: MIGRATIONS_DIR, first: existsSync(MIGRATIONS_DIR + '001_initial.sql') }));`],
        { encoding: 'utf8' },
      );
      expect(probe.stderr).toBe('');
      expect(JSON.parse(probe.stdout)).toEqual({ probe: 'changed', migrations: path.join(dist, 'server/storage/migrations') + path.sep, first: true });
    },
    COPY_TIMEOUT_MS,
  );
});
