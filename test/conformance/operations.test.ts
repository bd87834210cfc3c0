/**
 * One definition per operation (scripts/conformance/operations/): every operation of
 * both bundled documents has one, registered in operations/index.ts, in a file named
 * after its operationId under its API's folder, and nothing else is defined. A failure
 * names the operations at fault. And every check that test/contract/PORTING.md names for
 * a test of the former test/contract/suite.ts still exists, so none of its assertions
 * disappears silently.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../../scripts/conformance/operation.js';
import { OPERATIONS } from '../../scripts/conformance/operations/index.js';
import { seedsOf } from '../../scripts/conformance/seed.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import { API_NAMES } from '../../scripts/conformance/openapi.js';
import { ALL_CHECKS } from '../../scripts/conformance/runner.js';

const OPERATIONS_DIR = path.resolve(import.meta.dirname, '../../scripts/conformance/operations');
const nameOf = ({ api, operationId }: { api: string; operationId: string }) => `${api} ${operationId}`;
const documented = new SpecIndex().operations.map(nameOf);
const defined = OPERATIONS.map(nameOf);

describe('operation definitions', () => {
  it('when the bundles are read, then every operation has a definition in operations/index.ts', () => {
    const missing = documented.filter((name) => !defined.includes(name));
    expect(missing, `operations of the bundles without a definition (npm run scaffold writes a stub): ${missing.join(', ')}`).toEqual([]);
  });

  it('when the definitions are listed, then each is an operation of the bundles, defined once', () => {
    const unknown = defined.filter((name) => !documented.includes(name));
    const twice = defined.filter((name, index) => defined.indexOf(name) !== index);
    expect(unknown, `definitions of operations the bundles do not have: ${unknown.join(', ')}`).toEqual([]);
    expect(twice, `operations defined twice: ${twice.join(', ')}`).toEqual([]);
  });

  it('when the definition files are read, then each is operations/<api>/<operationId>.ts and is registered in the index', async () => {
    const problems: string[] = [];
    for (const api of API_NAMES) {
      for (const file of readdirSync(path.join(OPERATIONS_DIR, api)).filter((name) => name.endsWith('.ts'))) {
        const { definition } = (await import(path.join(OPERATIONS_DIR, api, file))) as { definition?: OperationDefinition };
        const where = `operations/${api}/${file}`;
        if (!definition) problems.push(`${where} exports no \`definition\``);
        else if (definition.api !== api || `${definition.operationId}.ts` !== file) problems.push(`${where} defines ${nameOf(definition)}`);
        else if (!OPERATIONS.includes(definition)) problems.push(`${where} is not registered in operations/index.ts`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('when the seeds are ordered, then no two have the same order (seedTeam runs them in a fixed order)', () => {
    const orders = seedsOf(OPERATIONS).map((seed) => seed.order);
    expect(new Set(orders).size, seedsOf(OPERATIONS).map((seed) => `${seed.operationId} ${seed.order}`).join(', ')).toBe(orders.length);
  });
});

/** The rows of PORTING.md's table: the suite.ts test, the checks asserting it now, the checks the port replaced. */
function portingRows() {
  const markdown = readFileSync(path.resolve(import.meta.dirname, '../contract/PORTING.md'), 'utf8');
  const table = markdown.slice(markdown.indexOf('## The table'));
  const checkNames = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Operation |'))
    .map((line) => line.slice(2, -2).split(' | '))
    .map(([operation = '', test = '', , now = '', replaced = '']) => ({ row: `${operation}: ${test}`, now: checkNames(now), replaced: checkNames(replaced) }));
}

describe('test/contract/PORTING.md', () => {
  const rows = portingRows();
  const existing = new Set(ALL_CHECKS.flatMap((group) => group.checks.map((check) => `${group.api} ${group.operationId} › ${check.name}`)));

  it('when its table is read, then it has a row for each of the 125 tests of suite.ts, and each row but the suite-wide one names a check', () => {
    expect(rows).toHaveLength(125);
    const withoutCheck = rows.filter((row) => row.now.length === 0).map((row) => row.row);
    expect(withoutCheck).toEqual(['(suite): when the bundled documents are read, then every operation has a contract test']);
  });

  it('when the checks it names are looked up, then each exists among the definitions\' checks (a ported assertion cannot silently disappear)', () => {
    const missing = rows.flatMap((row) => row.now.filter((name) => !existing.has(name)).map((name) => `${row.row} -> ${name}`));
    expect(missing, 'checks PORTING.md names that no definition has: rename or remove a check only with its row').toEqual([]);
  });

  it('when the checks the port replaced are looked up, then none exists any more (no assertion written twice)', () => {
    const still = rows.flatMap((row) => row.replaced.filter((name) => existing.has(name)));
    expect(still).toEqual([]);
  });
});
