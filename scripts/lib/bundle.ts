import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bin } from './apis.js';
import { run } from './run.js';

/**
 * Bundles a multi-file document into one with Redocly: external `$ref`s become
 * components named after their files, so file names are type names.
 * Returns the bundle as deterministic, pretty-printed JSON text.
 */
export async function bundleDocument(source: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-'));
  try {
    const out = path.join(dir, 'openapi.json');
    const result = await run(bin('redocly'), ['bundle', source, '--ext', 'json', '-o', out]);
    if (result.code !== 0) {
      throw new Error(`redocly bundle failed for ${source}:\n${result.stderr}${result.stdout}`);
    }
    const document: unknown = JSON.parse(await readFile(out, 'utf8'));
    return `${JSON.stringify(document, null, 2)}\n`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
