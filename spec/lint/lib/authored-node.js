import { isObject } from './openapi.js';

/**
 * Spectral lints the resolved document, in which every `$ref` has been replaced
 * by its target. A few conventions are about the `$ref` itself (a body must name
 * its schema), so they need the node as its author wrote it.
 *
 * `resolved: false` would give the authored nodes, but only those of the root
 * file: operations that live in `paths/*.yaml` would never be linted. Instead,
 * locate the parent in whichever file it was written (the document inventory
 * follows the `$ref` chain, as it does to place results) and read the child
 * from there, unresolved.
 *
 * Returns `undefined` when the node cannot be located (a document linted
 * without a source), so callers can decline to judge rather than guess.
 */
export function authoredNode(context, path) {
  if (path.length === 0) return context.document.data;
  const parent = authoredParent(context, path.slice(0, -1));
  return isObject(parent) ? parent[path[path.length - 1]] : undefined;
}

function authoredParent(context, path) {
  if (path.length === 0) return context.document.data;
  const item = context.documentInventory.findAssociatedItemForPath(path, true);
  if (item === null || item === undefined) return undefined;
  return item.path.reduce((node, key) => (isObject(node) ? node[key] : undefined), item.document.data);
}
