import path from 'node:path';

/**
 * Whether the module with this `import.meta.filename` is the one node (or tsx)
 * was started with, so a script can also be imported (by benchmarks, tests,
 * npm start) without running. Compiled (.js) and source (.ts) names both match.
 */
export function isMainModule(filename: string): boolean {
  const entry = process.argv[1];
  const strip = (file: string) => path.resolve(file).replace(/\.[jt]s$/, '');
  return entry !== undefined && strip(entry) === strip(filename);
}
