import express from 'express';
import { BoundedMap } from './bounded-map.js';

/** Express passes the query string of the URL, or null when it has none. */
type QueryParser = (text: string | null | undefined) => Record<string, unknown>;
type FlatQuery = Record<string, string | string[]>;

/** Query strings remembered (the memo starts over when full). */
const QUERY_MEMO_SIZE = 1000;
/** Longer query strings are parsed every time (they are rare, and each would hold memory). */
const QUERY_MEMO_MAX_LENGTH = 2048;

/** Express's own extended parser (qs, with Express's options), whatever version is installed. */
const extendedParser = (): QueryParser => express().set('query parser', 'extended').get('query parser fn') as QueryParser;

const isFlat = (query: Record<string, unknown>): query is FlatQuery => {
  for (const key in query) {
    const value = query[key];
    if (typeof value === 'string') continue;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return false;
  }
  return true;
};

/** `object[key] = value`, as data even for `__proto__` (an assignment would call its setter and drop the value). */
const setOwn = (object: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * An independent copy of parsed parameters (a query, path params): the validator and ajv change
 * the parameters of a request in place. Values that are primitives or arrays of primitives are
 * copied by hand (much cheaper than structuredClone: about 7% of a catalog read); a nested
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
 * Express's extended query parser (qs), memoised by query string. Express 5 parses the query
 * string again on every read of `req.query`, and a catalog's clients send the same few
 * queries over and over (qs was about 4% of a marker search). Only flat results (text
 * values and arrays of text, no nested objects) are remembered, and every read gets its own
 * copy, so a request that changes its query (the validator coerces and fills in defaults)
 * never changes another's. A parameter qs would drop silently is kept (keepDroppedParameters).
 */
export function memoisedQueryParser(parse: QueryParser = extendedParser()): QueryParser {
  const parsed = new BoundedMap<string, FlatQuery>(QUERY_MEMO_SIZE);
  return (text) => {
    if (typeof text !== 'string') return parse(text);
    const found = parsed.get(text);
    if (found !== undefined) return copyParameters(found);
    const query = keepDroppedParameters(text, parse(text));
    if (text.length <= QUERY_MEMO_MAX_LENGTH && isFlat(query)) parsed.set(text, copyParameters(query));
    return query;
  };
}
