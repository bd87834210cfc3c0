/**
 * Writes a stub handler for every operation of the bundled documents that has
 * none yet, and registers it in the API's handler map. A stub has the typed
 * signature of its operation and answers 501 until implemented. It also writes a
 * stub operation definition (scripts/conformance/operations/<api>/<operationId>.ts)
 * for an operation without one and registers it in operations/index.ts: its one
 * check fails and its valid request throws until they are written. Existing
 * handler and definition files are never touched.
 *
 *   npm run scaffold
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APIS, artifactPaths, GENERATED_DIR, ROOT } from './lib/apis.js';
import type { OpenApiDocument } from '../server/shared/documents.js';
import { listOperations } from '../server/shared/operations.js';
import { isMainModule } from './lib/main-module.js';

export const IMPORTS_MARKER = '// scaffold:imports';
export const HANDLERS_MARKER = '// scaffold:handlers';
export const OPERATIONS_MARKER = '// scaffold:operations';

export const kebabCase = (operationId: string) => operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const CONTEXT_TYPE = { team: 'TeamContext', management: 'ManagementContext' } as const;

function stub(api: 'team' | 'management', operationId: string, method: string, route: string, summary: string): string {
  return `import type { operations } from '../../../../generated/${api}/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ${CONTEXT_TYPE[api]} } from '../context.js';

/** ${method.toUpperCase()} ${route}: ${summary}. */
export const ${operationId} =
  (_deps: Deps): Handler<operations['${operationId}'], ${CONTEXT_TYPE[api]}> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, '${operationId} (${method.toUpperCase()} ${route}) is not implemented yet.');
  };
`;
}

/** Whose data the stub's operation touches, guessed from the document (the author confirms it). */
function guessScope(api: 'team' | 'management', route: string, operation: { security?: unknown[] }): string {
  if (api === 'management') return 'management';
  if (Array.isArray(operation.security) && operation.security.length === 0) return 'public';
  // A link token listed as an alternative credential (getOAuthProvider).
  if (Array.isArray(operation.security) && operation.security.some((alternative) => typeof alternative === 'object' && alternative !== null && 'LinkToken' in alternative)) return 'link-token';
  return route.includes('{user_id}') ? 'user' : 'team';
}

function definitionStub(api: 'team' | 'management', operationId: string, method: string, route: string, summary: string, scope: string): string {
  const file = `scripts/conformance/operations/${api}/${operationId}.ts`;
  return `/** ${method.toUpperCase()} ${route}: ${summary.replace(/\.$/, '')}. */
import { fail } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';

// TODO: fill in this definition (scripts/conformance/README.md, "An operation's definition"):
// confirm the auth scope, write a valid request (from the operation's named request
// example), a seed if other operations need its state, and its checks.
export const definition: OperationDefinition = {
  api: '${api}',
  operationId: '${operationId}',${api === 'management' ? "\n  needs: ['management', 'org-id']," : ''}
  auth: { scope: '${scope}' },
  validRequest: async () => {
    throw new Error('TODO: write the valid request of ${api} ${operationId} in ${file}');
  },
  checks: [
    always("TODO: write this operation's checks", async () => fail('${api} ${operationId} has no checks yet: write its happy path and documented errors in ${file}')),
  ],
};
`;
}

export interface ScaffoldRoots {
  /** server/http/handlers by default. */
  handlers?: string;
  /** scripts/conformance/operations by default. */
  operations?: string;
}

export async function scaffold(roots: ScaffoldRoots = {}, log: (line: string) => void = console.log): Promise<string[]> {
  const handlersRoot = roots.handlers ?? path.join(ROOT, 'server/http/handlers');
  const operationsRoot = roots.operations ?? path.join(ROOT, 'scripts/conformance/operations');
  const definitionsIndexFile = path.join(operationsRoot, 'index.ts');
  let definitionsIndex = await readFile(definitionsIndexFile, 'utf8');
  const written: string[] = [];
  for (const api of APIS) {
    const document = JSON.parse(await readFile(artifactPaths(GENERATED_DIR, api.name).bundle, 'utf8')) as OpenApiDocument;
    const dir = path.join(handlersRoot, api.name);
    const indexFile = path.join(dir, 'index.ts');
    let index = await readFile(indexFile, 'utf8');
    for (const op of listOperations(document)) {
      const file = path.join(dir, `${kebabCase(op.operationId)}.ts`);
      if (!existsSync(file)) {
        const operation = (document.paths?.[op.path]?.[op.method] ?? {}) as { summary?: string };
        await writeFile(file, stub(api.name, op.operationId, op.method, op.path, operation.summary ?? op.operationId));
        written.push(path.relative(ROOT, file));
        log(`  wrote ${path.relative(ROOT, file)} (answers 501 until implemented)`);
      }
      if (!new RegExp(`\\b${op.operationId}: ${op.operationId}\\(`).test(index)) {
        index = index
          .replace(IMPORTS_MARKER, `import { ${op.operationId} } from './${kebabCase(op.operationId)}.js';\n${IMPORTS_MARKER}`)
          .replace(HANDLERS_MARKER, `${op.operationId}: ${op.operationId}(deps),\n    ${HANDLERS_MARKER}`);
        log(`  registered ${op.operationId} in ${path.relative(ROOT, indexFile)}`);
      }

      const definitionFile = path.join(operationsRoot, api.name, `${op.operationId}.ts`);
      if (!existsSync(definitionFile)) {
        const operation = (document.paths?.[op.path]?.[op.method] ?? {}) as { summary?: string; security?: unknown[] };
        await mkdir(path.dirname(definitionFile), { recursive: true });
        await writeFile(definitionFile, definitionStub(api.name, op.operationId, op.method, op.path, operation.summary ?? op.operationId, guessScope(api.name, op.path, operation)));
        written.push(path.relative(ROOT, definitionFile));
        log(`  wrote ${path.relative(ROOT, definitionFile)} (its check fails until written)`);
      }
      if (!new RegExp(`\\bdefinition as ${op.operationId}\\b`).test(definitionsIndex)) {
        definitionsIndex = definitionsIndex
          .replace(IMPORTS_MARKER, `import { definition as ${op.operationId} } from './${api.name}/${op.operationId}.js';\n${IMPORTS_MARKER}`)
          .replace(OPERATIONS_MARKER, `${op.operationId},\n  ${OPERATIONS_MARKER}`);
        log(`  registered ${op.operationId} in ${path.relative(ROOT, definitionsIndexFile)}`);
      }
    }
    await writeFile(indexFile, index);
  }
  await writeFile(definitionsIndexFile, definitionsIndex);
  return written;
}

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  const written = await scaffold();
  console.log(written.length ? `scaffolded ${written.length} file(s)` : 'every operation has a handler and a definition');
}
