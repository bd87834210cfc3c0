import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module-level state filled at run time under server/ (docs/architecture.md, "Caches"):
 * caches and other run-time state are made where the app is built (server/caches.ts) and passed
 * in. What a module may hold at its top level is constants: a Map or Set built once from static
 * data is typed ReadonlyMap or ReadonlySet, so that nothing can fill it later. The dashboard
 * (server/dashboard/, a browser app with one page's state) is not the server and is left out.
 */
const SERVER = path.resolve(import.meta.dirname, '../../server');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dashboard' && dir === SERVER ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/** Constructors of containers that can be filled after they are made. */
const FILLABLE = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'BoundedCache', 'CacheRegistry', 'Array']);
/** The types that say a Map or Set at the top of a module is a constant table. */
const READ_ONLY_TYPES: Record<string, string> = { Map: 'ReadonlyMap', Set: 'ReadonlySet' };

/** Top-level declarations of `source` that hold state filled at run time, as `name: why`. */
export function moduleState(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const kind = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(file);
      if (kind !== 'const') {
        found.push(`${name}: a module-level let or var`);
        continue;
      }
      const initializer = declaration.initializer;
      if (initializer && ts.isNewExpression(initializer)) {
        const constructor = initializer.expression.getText(file);
        if (!FILLABLE.has(constructor)) continue;
        const type = declaration.type?.getText(file) ?? '';
        const readOnly = READ_ONLY_TYPES[constructor];
        if (readOnly && type.startsWith(readOnly)) continue;
        found.push(`${name}: a module-level ${constructor}${readOnly ? ` not typed ${readOnly}` : ''}`);
      } else if (initializer && ((ts.isArrayLiteralExpression(initializer) && initializer.elements.length === 0) || (ts.isObjectLiteralExpression(initializer) && initializer.properties.length === 0))) {
        found.push(`${name}: an empty module-level ${ts.isArrayLiteralExpression(initializer) ? 'array' : 'object'} (an accumulator)`);
      }
    }
  }
  return found;
}

describe('module-level state under server/', () => {
  it('when a module holds a Map, Set, weak map, cache, let or empty accumulator at its top, then it is reported', () => {
    const source = [
      "const cache = new Map<string, number>();",
      "const weak = new WeakMap<object, string>();",
      "export let counter = 0;",
      "const seen: string[] = [];",
      "const byName: ReadonlyMap<string, number> = new Map([['a', 1]]);",
      "const NAMES: ReadonlySet<string> = new Set(['a']);",
      "const LIMIT = 10;",
      "function inside() { const local = new Map(); return local; }",
    ].join('\n');
    expect(moduleState(source)).toEqual([
      'cache: a module-level Map not typed ReadonlyMap',
      'weak: a module-level WeakMap',
      'counter: a module-level let or var',
      'seen: an empty module-level array (an accumulator)',
    ]);
  });

  it('holds only constants: every cache is made by the app (server/caches.ts) and passed in', () => {
    const problems = filesUnder(SERVER).flatMap((file) => moduleState(readFileSync(file, 'utf8'), file).map((problem) => `${path.relative(SERVER, file)}: ${problem}`));
    expect(problems).toEqual([]);
  });
});
