/**
 * Freshness by content: `npm start` and `npm run dev` decide whether generated/
 * (and dist/) are up to date from a hash of what they are made of, recorded by
 * the step that wrote them, never from file times (a fresh clone's files all
 * carry the time of the checkout).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_DIR, ROOT } from './apis.js';

/** File, in generated/, holding the hash of the inputs of the build that wrote it. */
export const BUILD_INPUTS_FILE = '.inputs.sha256';
/** File, in dist/, holding the hash of the inputs of the compile that wrote it. */
export const COMPILE_INPUTS_FILE = '.inputs.sha256';

/** The build's entry point (relative to the root): it and every local module it imports are inputs. */
const BUILD_ENTRY = 'scripts/build.ts';
/** Packages run as binaries (not imported) whose version changes the build's output. */
const BUILD_TOOL_PACKAGES = ['@redocly/cli'];
/** The dashboard's sources (bundled by the build, scripts/lib/dashboard.ts) and the packages in its bundle. */
const DASHBOARD_DIR = 'server/dashboard';
const DASHBOARD_ENTRY = 'server/dashboard/src/main.ts';
const DASHBOARD_PACKAGES = ['esbuild', 'uplot', 'openapi-fetch'];
/** What the transpile step (scripts/compile.ts) reads besides the source folders. */
const COMPILE_PACKAGES = ['esbuild'];
/** The folders dist/ is made from: their TypeScript is transpiled, the rest copied or read. */
const COMPILE_SOURCES = ['server', 'mocks', 'scripts', 'generated'];
/** Sources below COMPILE_SOURCES that are not transpiled: the dashboard is bundled into generated/ by the build. */
const COMPILE_EXCLUDED = ['server/dashboard/src'];

const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire(?:\.resolve)?\(\s*)['"]([^'"]+)['"]/g;

/** npm package name of a bare specifier (`@scope/name/sub` -> `@scope/name`), or undefined for node: builtins. */
function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The local modules `entry` imports, transitively (relative specifiers, `.js` resolved to
 * the `.ts` source), and the npm packages they import.
 */
export function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
      if (!specifier) continue;
      if (!specifier.startsWith('.')) {
        const name = packageName(specifier);
        if (name) packages.add(name);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      const source = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (source) visit(source);
    }
  };
  visit(entry);
  return { files: [...files].sort(), packages: [...packages].sort() };
}

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

function installedVersion(root: string, name: string): string {
  const manifest = path.join(root, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? 'unknown' : 'missing';
}

/** sha256 over each file's path (relative to the root, so any checkout agrees) and bytes, and the package versions. */
function hashInputs(root: string, files: readonly string[], packages: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const bytes = readFileSync(file);
    hash.update(`file ${path.relative(root, file).split(path.sep).join('/')} ${bytes.length}\n`).update(bytes).update('\n');
  }
  for (const name of packages) hash.update(`package ${name}@${installedVersion(root, name)}\n`);
  return hash.digest('hex');
}

/**
 * Hash of everything the build's output depends on: every file under spec/, the build's
 * own sources (scripts/build.ts and the local modules it imports), the dashboard's sources
 * (server/dashboard/ but its README, and the local modules its entry imports, except generated/ types,
 * which the spec makes) and the versions of the packages it imports or runs.
 */
export function buildInputsHash(root = ROOT): string {
  const graph = importGraph(path.join(root, BUILD_ENTRY));
  const generated = path.join(root, 'generated') + path.sep;
  const dashboard = importGraph(path.join(root, DASHBOARD_ENTRY)).files.filter((file) => !file.startsWith(generated));
  const files = [...new Set([...filesBelow(path.join(root, 'spec')), ...graph.files, ...filesBelow(path.join(root, DASHBOARD_DIR)).filter((file) => !file.endsWith('.md')), ...dashboard])];
  return hashInputs(root, files, [...new Set([...graph.packages, ...BUILD_TOOL_PACKAGES, ...DASHBOARD_PACKAGES])].sort());
}

/** The TypeScript files transpiled to dist/ (absolute paths, sorted): every module a compiled process can load. */
export function compiledSources(root = ROOT): string[] {
  const excluded = COMPILE_EXCLUDED.map((dir) => path.join(root, dir) + path.sep);
  return COMPILE_SOURCES.flatMap((dir) => filesBelow(path.join(root, dir))).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !excluded.some((prefix) => file.startsWith(prefix)),
  );
}

/** Hash of everything dist/ is transpiled and copied from. */
export function compileInputsHash(root = ROOT): string {
  const files = [...COMPILE_SOURCES.flatMap((dir) => filesBelow(path.join(root, dir))), path.join(root, 'tsconfig.json')];
  return hashInputs(root, files, COMPILE_PACKAGES);
}

const recorded = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);

/** Whether generated/ was built from the inputs as they are now. */
export const isGeneratedFresh = (generatedDir = GENERATED_DIR, root = ROOT) => recorded(path.join(generatedDir, BUILD_INPUTS_FILE)) === buildInputsHash(root);

/** Whether `distDir` was transpiled from the sources as they are now (and transpiled completely). */
export const isDistFresh = (distDir: string, root = ROOT) => recorded(path.join(distDir, COMPILE_INPUTS_FILE)) === compileInputsHash(root);
