import type { ValidationErrorItem } from './error-shape.js';

/**
 * Text the database cannot store: the NUL character (PostgreSQL text and jsonb
 * refuse it) and UTF-16 surrogates without their pair (not Unicode text; they
 * would be stored as U+FFFD or refused by jsonb). JSON and URLs can carry both
 * (`"\u0000"`, `%00`), so the server (before any handler runs, rejectUnstorableText)
 * and the mock refuse them as a 422 naming each value. So is a query value whose
 * percent-encoding is not UTF-8.
 * (A JSON body that is not UTF-8 never gets this far: see parseJsonBodies.)
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = 'must be Unicode text without NUL characters or unpaired surrogates';
const MAX_ITEMS = 20;

interface Place {
  key: string | number;
  parent: Place | null;
}

const locOf = (place: Place): (string | number)[] => {
  const loc: (string | number)[] = [];
  for (let at: Place | null = place; at; at = at.parent) loc.unshift(at.key);
  return loc;
};

/**
 * Walks the value without recursion and without copying paths (a body may nest
 * thousands of levels deep); a location is built only for a value it reports.
 */
function collect(root: unknown, part: 'query' | 'body', items: ValidationErrorItem[]): void {
  const stack: [unknown, Place][] = [[root, { key: part, parent: null }]];
  while (stack.length > 0 && items.length < MAX_ITEMS) {
    const [value, place] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) items.push({ loc: locOf(place), msg: MESSAGE, type: 'value_error' });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push([value[index], { key: index, parent: place }]);
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push([item, { key, parent: place }]);
      }
    }
  }
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return ''; // malformed percent-encoding is reported by the router and the validator
  }
}

/** The 422 item of a body whose bytes are not text in its charset (`utf-8`, `utf-16le`...). */
export const undecodableBodyItem = (charset: string): ValidationErrorItem => ({
  loc: ['body'],
  msg: `Invalid body: it is not valid ${charset.toUpperCase()} text (undecodable bytes are refused, never replaced)`,
  type: 'json_invalid',
});

const MALFORMED_QUERY = 'must be percent-encoded UTF-8 text (a `%` escape that is not UTF-8 is refused, never read as itself)';

/**
 * Query parameters whose percent-encoding is not UTF-8 (`?name=%FF`, `?name=%E0%A4%A`): the
 * query parser keeps such a value as its raw text, which would then be searched or stored
 * as `%FF`. Each is reported by its name (its raw name when the name itself is malformed).
 */
function collectMalformedQuery(url: string, items: ValidationErrorItem[]): void {
  const start = url.indexOf('?');
  if (start === -1) return;
  for (const part of url.slice(start + 1).split('&')) {
    if (!part.includes('%')) continue;
    const separator = part.indexOf('=');
    const [name, value] = separator === -1 ? [part, ''] : [part.slice(0, separator), part.slice(separator + 1)];
    const decodedName = tryDecode(name);
    if (decodedName === null || tryDecode(value) === null) {
      items.push({ loc: ['query', (decodedName ?? name).split('[', 1)[0]!], msg: MALFORMED_QUERY, type: 'value_error' });
      if (items.length >= MAX_ITEMS) return;
    }
  }
}

function tryDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The 422 items of a request's text (empty when all of it is storable): its path and
 * query (raw, as sent, and parsed) and its parsed body. The server and the mock both ask.
 */
export function unstorableTextItems(request: { url: string; path: string; query: unknown; body: unknown }): ValidationErrorItem[] {
  const items: ValidationErrorItem[] = [];
  // The URL arrives as Latin-1 text without NUL (the HTTP parser refuses it): only
  // percent-decoding can make a NUL or a surrogate of the path or the query, or fail.
  if (request.url.includes('%')) {
    if (UNSTORABLE.test(decodedPath(request.path))) items.push({ loc: ['path'], msg: MESSAGE, type: 'value_error' });
    collectMalformedQuery(request.url, items);
    collect(request.query, 'query', items);
  }
  collect(request.body, 'body', items);
  return items;
}
