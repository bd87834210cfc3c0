import express, { type Express, type Request } from 'express';

/** Express passes the query string of the URL, or null when it has none. */
type QueryParser = (text: string | null | undefined) => Record<string, unknown>;

/** Express's own extended parser (qs, with Express's options), whatever version is installed. */
const extendedParser = (): QueryParser => express().set('query parser', 'extended').get('query parser fn') as QueryParser;

/** `object[key] = value`, as data even for `__proto__` (an assignment would call its setter and drop the value). */
const setOwn = (object: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * An independent copy of parsed parameters (a query, path params): the validator and ajv change
 * the parameters of a request in place. Values that are primitives or arrays of primitives are
 * copied by hand (structuredClone costs far more, on every request of a catalog read); a nested
 * object (a deepObject parameter) is cloned. A `__proto__` name stays a plain property.
 */
export function copyParameters<T extends object>(parameters: T): T {
  const result: Record<string, unknown> = {};
  for (const key in parameters) {
    const value: unknown = parameters[key];
    const copied = value === null || typeof value !== 'object' ? value : Array.isArray(value) && value.every(isPrimitive) ? value.slice() : structuredClone(value);
    if (key === '__proto__') setOwn(result, key, copied);
    else result[key] = copied;
  }
  return result as T;
}

const isPrimitive = (value: unknown) => value === null || typeof value !== 'object';

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * Parameters qs leaves out of its result without a word: a name `__proto__` (or
 * `__proto__[...]`), and an empty name (`?=x`). They are put back as plain properties, so
 * that the validator rejects them as it rejects any unknown parameter (a 422) rather than
 * the request going on as if they had not been sent.
 */
function keepDroppedParameters(text: string, query: Record<string, unknown>): Record<string, unknown> {
  if (!/proto|%|(?:^|&)=/i.test(text)) return query;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const separator = part.indexOf('=');
    const name = decode(separator === -1 ? part : part.slice(0, separator));
    const root = name.split('[', 1)[0]!;
    if (root !== '__proto__' && name !== '') continue;
    const value = separator === -1 ? '' : decode(part.slice(separator + 1));
    const previous = Object.hasOwn(query, root) ? query[root] : undefined;
    setOwn(query, root, previous === undefined ? value : ([] as unknown[]).concat(previous, value));
  }
  return query;
}

/**
 * Express's extended query parser (qs), keeping the parameters qs would drop silently
 * (keepDroppedParameters).
 */
export function queryParser(parse: QueryParser = extendedParser()): QueryParser {
  return (text) => (typeof text !== 'string' ? parse(text) : keepDroppedParameters(text, parse(text)));
}

/** Where a request keeps its parsed (or assigned) query: a data property every request adds alike. */
const KEPT_QUERY = Symbol('kept query');

type KeepingRequest = Request & { [KEPT_QUERY]?: unknown };

/**
 * Express 5's `req.query` is a getter that parses the query string again on every read, and
 * the validator reads it several times per request. This puts a getter over it on the app's
 * request prototype (`app.request`): a request's query is parsed on its first read and kept on
 * the request, and an assignment keeps what is assigned (the validator may change the query in
 * place, as it does with defaults, or replace it). A request whose check is remembered
 * (request-checks.ts) is never parsed.
 *
 * Once per app, on the prototype, not once per request: a getter defined on each request, with
 * closures of its own, gave every request a hidden class of its own. V8 keeps hidden classes
 * in the old generation, and each one held its request's closures, so every request outlived
 * the young generation's collections (scripts/bench/RESULTS.md, "Requests made with the app's
 * prototypes").
 */
export function parseQueriesOnce(app: Express): void {
  const expressRequest = Object.getPrototypeOf(app.request) as object;
  Object.defineProperty(app.request, 'query', {
    configurable: true,
    enumerable: true,
    get(this: KeepingRequest) {
      if (Object.hasOwn(this, KEPT_QUERY)) return this[KEPT_QUERY];
      // Express's own getter, from the prototype below the app's.
      const query: unknown = Reflect.get(expressRequest, 'query', this);
      this[KEPT_QUERY] = query;
      return query;
    },
    set(this: KeepingRequest, value: unknown) {
      this[KEPT_QUERY] = value;
    },
  });
}
