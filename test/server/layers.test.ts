import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of server/ (see the folders' READMEs): http -> domain and jobs -> storage. A layer
 * imports only the layers listed for it; `shared/` (wire names, dependency guards) and
 * `generated/` types are for everyone; the dashboard (a browser app) takes `shared/` and pure `domain/` rules. The files at the top of server/ put the layers
 * together (main, app, bootstrap) and are imported by none of them, except the leaves below.
 * The mock (mocks/) is no layer of the server: it shares only `shared/` with it (the error
 * shape, the text checks, the path routes), so the server's internals stay free to change.
 * Every SQL statement is in storage; the domain does no I/O, reads no environment and no clock.
 */
const SERVER = path.resolve(import.meta.dirname, '../../server');
const MOCKS = path.resolve(import.meta.dirname, '../../mocks');

type Area = 'http' | 'jobs' | 'domain' | 'storage' | 'client' | 'dashboard' | 'shared' | 'root' | 'mocks';

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
  mocks: ['shared'],
};

/** What domain code may not touch: I/O, the environment, the database drivers, Express. */
const DOMAIN_FORBIDDEN_MODULES = /^(node:)?(fs|fs\/promises|net|http|https|child_process|dgram|tls|worker_threads)$|^(pg|express|@electric-sql\/pglite)(\/|$)/;

/** SQL: a query call whose first argument starts with a statement keyword. */
const RUNS_SQL = /\.(query|one|exec)\s*(<[^>]*>)?\(\s*[`'"]\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|VACUUM|ANALYZE|TRUNCATE|LOCK)\b/i;

/** Reading the clock: the current time, as a number or a date, or a monotonic reading. */
const READS_CLOCK = /\bDate\.now\s*\(|(?<![\w.$])(?:new\s+)?Date\s*\(\s*\)|\bperformance\.now\s*\(|\bprocess\.hrtime\b/;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

function areaOf(file: string): { area: Area; name: string } {
  if (file.startsWith(MOCKS + path.sep)) return { area: 'mocks', name: 'mocks' };
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
        if (from.area === 'mocks' && to.area !== 'shared') {
          problems.push(`${where}: imports ${specifier} (mocks import nothing of server/ but server/shared/)`);
        } else if (!ALLOWED[from.area].includes(to.area) && !ALLOWED[from.area].includes(to.name)) {
          problems.push(`${where}: imports ${specifier} (${from.area} may not import ${to.area === 'root' ? to.name.slice(5) : to.area})`);
        }
      } else if (from.area === 'domain' && DOMAIN_FORBIDDEN_MODULES.test(specifier)) {
        problems.push(`${where}: imports ${specifier} (domain does no I/O)`);
      }
    }
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    if (from.area === 'domain' && /\bprocess\.env\b/.test(code)) {
      problems.push(`${where}: reads process.env (domain takes plain values; env is read in server/config.ts or the jobs' options)`);
    }
    const clock = from.area === 'domain' ? READS_CLOCK.exec(code) : null;
    if (clock) {
      problems.push(`${where}: reads the clock (${clock[0].replace(/\s+/g, ' ').replace(/\s*\(\s*\)?$/, '()')}: domain takes the time as a value; the jobs' Clock is in server/jobs/clock.ts)`);
    }
    if ((from.area === 'domain' || from.area === 'http' || from.area === 'jobs') && RUNS_SQL.test(source)) {
      problems.push(`${where}: runs SQL (every statement lives in server/storage)`);
    }
  }
  return problems;
}

describe('the layers of server/', () => {
  it('when every file under server/ and mocks/ is read, then no layer imports one above it, SQL is only in storage, the domain does no I/O and reads no env or clock, and mocks import only server/shared', () => {
    const files = filesUnder(SERVER);
    expect(files.length).toBeGreaterThan(50);
    const mocks = filesUnder(MOCKS);
    expect(mocks.length).toBeGreaterThan(2);
    expect(layerViolations([...files, ...mocks])).toEqual([]);
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

  it('when a job runs a statement itself, then the check names it (a read, a write, a vacuum)', () => {
    const at = (relative: string) => path.join(SERVER, relative);
    const sources: Record<string, string> = {
      [at('jobs/read.ts')]: `const row = await tx.one<{ now: number }>(\`SELECT clock_timestamp() AS now\`);`,
      [at('jobs/write.ts')]: `await db.query(\n  'UPDATE users SET x = 1',\n);`,
      [at('jobs/vacuum.ts')]: `await this.db.exec('VACUUM (ANALYZE) bulk_triggers');`,
      [at('jobs/good.ts')]: `import { databaseNow } from '../storage/database-clock.js';\nconst now = await databaseNow(tx);\nconst found = /select (x)/i.exec(text);`,
    };
    expect(layerViolations(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'server/jobs/read.ts: runs SQL (every statement lives in server/storage)',
      'server/jobs/write.ts: runs SQL (every statement lives in server/storage)',
      'server/jobs/vacuum.ts: runs SQL (every statement lives in server/storage)',
    ]);
  });

  it('when a mock imports the server beyond server/shared, then the check names the import', () => {
    const sources: Record<string, string> = {
      [path.join(MOCKS, 'bad.ts')]: `import { pathRoutes } from '../server/http/routes.js';\nimport type { Config } from '../server/config.js';\nimport { detailBody } from '../server/shared/error-shape.js';`,
      [path.join(MOCKS, 'good.ts')]: `import { toViolation } from './prism-violations.js';\nimport { APIS } from '../scripts/lib/apis.js';\nimport { unstorableTextItems } from '../server/shared/text-input.js';`,
    };
    expect(layerViolations(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'mocks/bad.ts: imports ../server/http/routes.js (mocks import nothing of server/ but server/shared/)',
      'mocks/bad.ts: imports ../server/config.js (mocks import nothing of server/ but server/shared/)',
    ]);
  });

  it('when domain code reads the clock, then the check names the call; a time given to it, or a date built from one, is fine', () => {
    const at = (relative: string) => path.join(SERVER, relative);
    const sources: Record<string, string> = {
      [at('domain/now.ts')]: `export const systemClock = { now: () => Date.now() };`,
      [at('domain/today.ts')]: `export const today = () => new Date( ).toISOString().slice(0, 10);`,
      [at('domain/elapsed.ts')]: `const started = performance.now();`,
      [at('domain/jobs-clock.ts')]: `import { systemClock } from '../jobs/clock.js';`,
      [at('domain/good.ts')]: `// not Date.now(): the caller's time\nexport const dayOf = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 10);\nconst updatedDate = parse(x);`,
      [at('jobs/clock.ts')]: `export const systemClock = { now: () => Date.now() };`,
    };
    expect(layerViolations(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'server/domain/now.ts: reads the clock (Date.now(): domain takes the time as a value; the jobs\' Clock is in server/jobs/clock.ts)',
      'server/domain/today.ts: reads the clock (new Date(): domain takes the time as a value; the jobs\' Clock is in server/jobs/clock.ts)',
      'server/domain/elapsed.ts: reads the clock (performance.now(): domain takes the time as a value; the jobs\' Clock is in server/jobs/clock.ts)',
      'server/domain/jobs-clock.ts: imports ../jobs/clock.js (domain may not import jobs)',
    ]);
  });
});
