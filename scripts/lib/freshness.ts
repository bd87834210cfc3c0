import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from '../build.js';
import { GENERATED_DIR } from './apis.js';

export { buildInputsHash, compileInputsHash, isDistFresh, isGeneratedFresh } from './input-hash.js';

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name), base) : [path.relative(base, path.join(dir, entry.name))])),
  );
  return files.flat().sort();
}

/**
 * Rebuilds everything into a temporary folder and compares it with generated/.
 * Returns the relative paths that differ, are missing or are extra.
 */
export async function staleGeneratedFiles(generatedDir = GENERATED_DIR): Promise<string[]> {
  const fresh = await mkdtemp(path.join(os.tmpdir(), 'generated-'));
  try {
    await build({ outDir: fresh, lint: false });
    const [expected, actual] = await Promise.all([listFiles(fresh), listFiles(generatedDir)]);
    const stale: string[] = [];
    for (const file of new Set([...expected, ...actual])) {
      const [a, b] = await Promise.all([
        readFile(path.join(fresh, file)).catch(() => undefined),
        readFile(path.join(generatedDir, file)).catch(() => undefined),
      ]);
      if (!a || !b || !a.equals(b)) stale.push(file);
    }
    return stale.sort();
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

