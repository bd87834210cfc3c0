import type { OpenApiDocument } from './documents.js';
import { listOperations } from './operations.js';

/** One path of a document: its template and the operations on it by method (upper case). */
export interface PathRoute {
  readonly template: string;
  /** Method (`GET`, `POST`...) -> operationId. */
  readonly operations: ReadonlyMap<string, string>;
  /** The `Allow` header of the path: its methods, with HEAD beside GET. */
  readonly allow: string;
}

interface CompiledRoute extends PathRoute {
  readonly segments: readonly (string | null)[];
}

const splitPath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).split('/');

/** Literal segments rank before parameters, position by position (OpenAPI: concrete paths match first). */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): number {
  for (let index = 0; index < a.segments.length; index++) {
    const [left, right] = [a.segments[index] !== null, b.segments[index] !== null];
    if (left !== right) return left ? -1 : 1;
  }
  return 0;
}

/**
 * The paths of a document, for what the server and the mock decide before any operation
 * runs: which path a request is for (the most specific template matching it: so
 * `DELETE /v2/user/resolve/x` is for `/v2/user/resolve/{client_user_id}`, a 405, and not
 * the deregistration of provider `x` of user `resolve`), and the methods it allows.
 * A trailing slash is allowed, as the validator does.
 */
export function pathRoutes(document: OpenApiDocument): { match(path: string): PathRoute | null } {
  const byTemplate = new Map<string, Map<string, string>>();
  for (const { method, path, operationId } of listOperations(document)) {
    const operations = byTemplate.get(path) ?? new Map<string, string>();
    operations.set(method.toUpperCase(), operationId);
    byTemplate.set(path, operations);
  }
  const routes: CompiledRoute[] = [...byTemplate].map(([template, operations]) => {
    const methods = [...operations.keys()];
    if (operations.has('GET') && !operations.has('HEAD')) methods.push('HEAD');
    return { template, operations, allow: methods.join(', '), segments: splitPath(template).map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment)) };
  });
  return {
    match(path) {
      const segments = splitPath(path);
      let best: CompiledRoute | null = null;
      for (const route of routes) {
        if (route.segments.length !== segments.length) continue;
        if (!route.segments.every((literal, index) => (literal === null ? segments[index] !== '' : literal === segments[index]))) continue;
        if (best === null || moreSpecific(route, best) < 0) best = route;
      }
      return best;
    },
  };
}
