/**
 * One definition per operation (scripts/conformance/operations/): every operation of
 * both bundled documents has one, registered in operations/index.ts, in a file named
 * after its operationId under its API's folder, and nothing else is defined. A failure
 * names the operations at fault.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../../scripts/conformance/operation.js';
import { OPERATIONS } from '../../scripts/conformance/operations/index.js';
import { seedsOf } from '../../scripts/conformance/seed.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import { API_NAMES } from '../../scripts/conformance/openapi.js';

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
