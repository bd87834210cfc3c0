/**
 * Writes a stub handler for every operation of the bundled documents that has
 * none yet, and registers it in the API's handler map. A stub has the typed
 * signature of its operation and answers 501 until implemented. Existing
 * handler files are never touched.
 *
 *   npm run scaffold
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APIS, artifactPaths, GENERATED_DIR, ROOT } from './lib/apis.js';
import { listOperations, type OpenApiDocument } from '../server/http/operations.js';
import { isMainModule } from './lib/main-module.js';

export const IMPORTS_MARKER = '// scaffold:imports';
export const HANDLERS_MARKER = '// scaffold:handlers';

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

export async function scaffold(handlersRoot = path.join(ROOT, 'server/http/handlers'), log: (line: string) => void = console.log): Promise<string[]> {
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
    }
    await writeFile(indexFile, index);
  }
  return written;
}

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  const written = await scaffold();
  console.log(written.length ? `scaffolded ${written.length} handler(s)` : 'every operation has a handler');
}
