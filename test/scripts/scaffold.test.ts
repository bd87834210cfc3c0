/**
 * `npm run scaffold` on copies of the handler folders and of the operation
 * definitions: an operation without a definition gets a stub, registered in the
 * index, whose check fails and whose valid request throws until written; with
 * everything in place, nothing is written.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../../scripts/conformance/operation.js';
import { scaffold } from '../../scripts/scaffold.js';
import { loadDocument } from '../../server/shared/documents.js';
import { listOperations } from '../../server/shared/operations.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFORMANCE = path.join(ROOT, 'scripts/conformance');

describe('scaffold: operation definitions', () => {
  let handlers: string;
  let operations: string;

  beforeEach(() => {
    handlers = mkdtempSync(path.join(tmpdir(), 'scaffold-handlers-'));
    cpSync(path.join(ROOT, 'server/http/handlers'), handlers, { recursive: true });
    // Next to the real definitions, so that a stub's imports (../../operation.js) resolve.
    operations = mkdtempSync(path.join(CONFORMANCE, '.scaffold-test-'));
    cpSync(path.join(CONFORMANCE, 'operations'), operations, { recursive: true });
  });

  afterEach(() => {
    rmSync(handlers, { recursive: true, force: true });
    rmSync(operations, { recursive: true, force: true });
  });

  /** Removes an operation's definition file and its lines of the index, as if the operation were new. */
  function forget(api: string, operationId: string) {
    unlinkSync(path.join(operations, api, `${operationId}.ts`));
    const index = path.join(operations, 'index.ts');
    const lines = readFileSync(index, 'utf8').split('\n');
    writeFileSync(index, lines.filter((line) => !line.includes(`definition as ${operationId} `) && line.trim() !== `${operationId},`).join('\n'));
  }

  it('when an operation has no definition, then a stub is written and registered, whose check fails and whose valid request throws', async () => {
    forget('team', 'listProviders');
    forget('team', 'connectSdkProvider');
    forget('management', 'listTeams');

    const written = await scaffold({ handlers, operations }, () => undefined);

    const relative = (api: string, id: string) => path.relative(ROOT, path.join(operations, api, `${id}.ts`));
    expect(written.sort()).toEqual([relative('team', 'listProviders'), relative('team', 'connectSdkProvider'), relative('management', 'listTeams')].sort());
    const { OPERATIONS } = (await import(path.join(operations, 'index.ts'))) as { OPERATIONS: readonly OperationDefinition[] };
    // One definition per operation of both documents (counted from them, so new operations do not break this test).
    expect(OPERATIONS).toHaveLength(listOperations(loadDocument('team')).length + listOperations(loadDocument('management')).length);
    const stub = OPERATIONS.find((definition) => definition.operationId === 'listProviders')!;
    expect({ api: stub.api, scope: stub.auth.scope, checks: stub.checks.map((check) => check.name) }).toEqual({ api: 'team', scope: 'team', checks: ["TODO: write this operation's checks"] });
    await expect(stub.checks[0]!.run({} as never)).rejects.toThrow('team listProviders has no checks yet');
    await expect(stub.validRequest({} as never)).rejects.toThrow('TODO: write the valid request of team listProviders');
    expect(OPERATIONS.find((definition) => definition.operationId === 'connectSdkProvider')!.auth.scope).toBe('public');
    const management = OPERATIONS.find((definition) => definition.operationId === 'listTeams')!;
    expect({ scope: management.auth.scope, needs: management.needs }).toEqual({ scope: 'management', needs: ['management', 'org-id'] });
  });

  it('when every operation has a handler and a definition, then nothing is written and the indexes stay as they are', async () => {
    const index = readFileSync(path.join(operations, 'index.ts'), 'utf8');
    const teamHandlers = readFileSync(path.join(handlers, 'team/index.ts'), 'utf8');

    expect(await scaffold({ handlers, operations }, () => undefined)).toEqual([]);

    expect(readFileSync(path.join(operations, 'index.ts'), 'utf8')).toBe(index);
    expect(readFileSync(path.join(handlers, 'team/index.ts'), 'utf8')).toBe(teamHandlers);
  });
});
