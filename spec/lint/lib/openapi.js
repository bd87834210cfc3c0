/** A JSON object (not an array, not null). */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `application/json`, `application/problem+json`, `application/json; charset=utf-8`. */
export function isJsonMediaType(name) {
  return /^application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i.test(String(name));
}

/** The `[name, mediaTypeObject]` pairs of a `content` map that carry JSON. */
export function jsonMediaTypes(content) {
  return isObject(content) ? Object.entries(content).filter(([name, media]) => isJsonMediaType(name) && isObject(media)) : [];
}

/** Whether `type` is, or (OpenAPI 3.1) includes, the given JSON type. */
export function hasType(schema, type) {
  if (!isObject(schema)) return false;
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** The path item that holds the operation a rule was given (`$.paths[*][method]`). */
export function pathItemOf(context) {
  return context.path.slice(0, -1).reduce((node, key) => (isObject(node) ? node[key] : undefined), context.documentInventory.resolved);
}

/** The security requirements that apply to an operation: its own `security`, else the root's. */
export function effectiveSecurity(operation, context) {
  const security = operation.security !== undefined ? operation.security : context.documentInventory.resolved?.security;
  return Array.isArray(security) ? security : [];
}

/** An operation that accepts a credential, so a wrong one can be refused with `401`. */
export function isSecured(operation, context) {
  return effectiveSecurity(operation, context).some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
}
