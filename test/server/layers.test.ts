import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of server/ (see the folders' READMEs): http -> domain and jobs -> storage. A layer
 * imports only the layers listed for it; `shared/` (wire names, dependency guards) and
 * `generated/` types are for everyone; the dashboard (a browser app) takes `shared/` and pure `domain/` rules. The files at the top of server/ put the layers
 * together (main, app, bootstrap) and are imported by none of them, except the leaves below.
 */
const SERVER = path.resolve(import.meta.dirname, '../../server');

type Area = 'http' | 'jobs' | 'domain' | 'storage' | 'client' | 'dashboard' | 'shared' | 'root';

const ALLOWED: Record<Area, readonly string[]> = {
  http: ['http', 'jobs', 'domain', 'storage', 'shared', 'root:logger', 'root:config'],
  jobs: ['jobs', 'domain', 'storage', 'shared', 'root:logger'],
  domain: ['domain', 'shared'],
  storage: ['storage', 'shared'],
  client: ['client', 'shared'],
  // The browser app: it reaches the server through the public APIs only; it may bundle pure
  // domain rules (the order lifecycle) so that it offers only what the API accepts.
  dashboard: ['dashboard', 'shared', 'domain'],
  shared: ['shared'],
  root: ['http', 'jobs', 'domain', 'storage', 'client', 'shared', 'root'],
};

/** What domain code may not touch: I/O, the environment, the database drivers, Express. */
const DOMAIN_FORBIDDEN_MODULES = /^(node:)?(fs|fs\/promises|net|http|https|child_process|dgram|tls|worker_threads)$|^(pg|express|@electric-sql\/pglite)(\/|$)/;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

function areaOf(file: string): { area: Area; name: string } {
  const [first, ...rest] = path.relative(SERVER, file).split(path.sep);
  if (rest.length === 0) return { area: 'root', name: `root:${first!.replace(/\.[jt]s$/, '')}` };
  return { area: first as Area, name: first! };
}

/** The module specifiers of static imports, re-exports and dynamic imports (comments removed first). */
function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

/** Every import that breaks the layering, as `file: import (why)`. */
function layerViolations(files: readonly string[], read: (file: string) => string = (file) => readFileSync(file, 'utf8')): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = areaOf(file);
    const source = read(file);
    const where = path.relative(path.dirname(SERVER), file);
    for (const specifier of importsOf(source)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (!target.startsWith(SERVER + path.sep)) continue; // generated/ types
        const to = areaOf(target);
        if (!ALLOWED[from.area].includes(to.area) && !ALLOWED[from.area].includes(to.name)) {
          problems.push(`${where}: imports ${specifier} (${from.area} may not import ${to.area === 'root' ? to.name.slice(5) : to.area})`);
        }
      } else if (from.area === 'domain' && DOMAIN_FORBIDDEN_MODULES.test(specifier)) {
        problems.push(`${where}: imports ${specifier} (domain does no I/O)`);
      }
    }
    if (from.area === 'domain' && /\bprocess\.env\b/.test(source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, ''))) {
      problems.push(`${where}: reads process.env (domain takes plain values; env is read in server/config.ts or the jobs' options)`);
    }
    if (from.area === 'domain' || from.area === 'http') {
      // SQL belongs to storage: a query call or a statement keyword at the start of a string.
      if (/\.(query|one|exec)\s*(<[^>]*>)?\(\s*[`'"]\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP)\b/i.test(source)) {
        problems.push(`${where}: runs SQL (every statement lives in server/storage)`);
      }
    }
  }
  return problems;
}

describe('the layers of server/', () => {
  it('when every file under server/ is read, then no layer imports one above it and domain does no I/O, SQL or env', () => {
    const files = filesUnder(SERVER);
    expect(files.length).toBeGreaterThan(50);
    expect(layerViolations(files)).toEqual([]);
  });

  it('when a file breaks a rule, then the check names the file, the import and the rule', () => {
    const at = (relative: string) => path.join(SERVER, relative);
    const sources: Record<string, string> = {
      [at('domain/bad.ts')]: `import { findUser } from '../storage/repositories/users.js';\nimport { readFileSync } from 'node:fs';\nexport const port = process.env.PORT;`,
      [at('storage/bad.ts')]: `export { emitEvent } from '../jobs/webhooks/worker.js';`,
      [at('jobs/bad.ts')]: `const load = () => import('../http/api-error.js');`,
      [at('http/handlers/bad.ts')]: `import type { Deps } from '../../app.js';\nconst rows = await db.query(\`SELECT 1\`);`,
      [at('domain/good.ts')]: `// import x from '../storage/y.js'\nimport { findProvider } from './providers/catalog.js';\nimport { HTTP_METHODS } from '../shared/wire.js';`,
    };
    expect(layerViolations(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'server/domain/bad.ts: imports ../storage/repositories/users.js (domain may not import storage)',
      'server/domain/bad.ts: imports node:fs (domain does no I/O)',
      'server/domain/bad.ts: reads process.env (domain takes plain values; env is read in server/config.ts or the jobs\' options)',
      'server/storage/bad.ts: imports ../jobs/webhooks/worker.js (storage may not import jobs)',
      'server/jobs/bad.ts: imports ../http/api-error.js (jobs may not import http)',
      'server/http/handlers/bad.ts: imports ../../app.js (http may not import app)',
      'server/http/handlers/bad.ts: runs SQL (every statement lives in server/storage)',
    ]);
  });
});
