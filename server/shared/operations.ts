/** Reading operations out of a bundled OpenAPI document. */
import type { OpenApiDocument } from './documents.js';
import { HTTP_METHODS } from './wire.js';

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
}

export function listOperations(document: OpenApiDocument): OperationInfo[] {
  const operations: OperationInfo[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as { operationId?: string } | undefined;
      if (operation?.operationId) operations.push({ operationId: operation.operationId, method, path });
    }
  }
  return operations;
}

/**
 * The spec's operationIds and the handler map's keys must match exactly:
 * checked at start-up, so a renamed operation cannot go unserved.
 */
export function assertHandlersMatchDocument(document: OpenApiDocument, handlerIds: readonly string[], apiName: string): void {
  const specIds = new Set(listOperations(document).map((op) => op.operationId));
  const mapIds = new Set(handlerIds);
  const missing = [...specIds].filter((id) => !mapIds.has(id));
  const extra = [...mapIds].filter((id) => !specIds.has(id));
  if (missing.length > 0 || extra.length > 0) {
    const lines = [`The ${apiName} handlers do not match the spec's operations.`];
    if (missing.length) lines.push(`  no handler for: ${missing.join(', ')} (run \`npm run scaffold\`)`);
    if (extra.length) lines.push(`  handlers for unknown operations: ${extra.join(', ')}`);
    throw new Error(lines.join('\n'));
  }
}
