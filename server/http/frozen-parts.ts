import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

/**
 * JSON bytes of response bodies whose frozen parts are serialised once. A handler may put
 * frozen, shared objects in a body (the lab test every order of a page carries: 15 kB, fifty
 * times in an 850 kB page) or answer a frozen body (a catalog page). Their JSON never changes,
 * so it is made once and its bytes reused: same text as JSON.stringify of the whole body.
 * Inside a frozen value whose bytes are being memoised, a frozen object small enough (isSmall)
 * is serialised in place, once, as part of those bytes.
 *
 * With response validation the body is checked first, as an object (response-validation.ts),
 * and then serialised here all the same.
 */
export class FrozenParts {
  private readonly serialised = new WeakMap<object, Buffer>();
  /**
   * The body being serialised, the parts met so far (serialising is synchronous: one at a time),
   * and whether the body is frozen: then its bytes are memoised (bytesOf), and the small frozen
   * values inside it are serialised in place, once, with it.
   */
  private current: { root: object; parts: Buffer[]; frozen: boolean } | null = null;

  /**
   * The memoised JSON bytes of a frozen value, made as `bytes` makes a body's: the frozen values
   * inside it come from their own memoised bytes (a page of 50 frozen orders serialises each
   * order's own fields, not its lab test again).
   */
  bytesOf(frozen: object): Buffer {
    let bytes = this.serialised.get(frozen);
    if (bytes === undefined) {
      bytes = this.bytes(frozen);
      this.serialised.set(frozen, bytes);
    }
    return bytes;
  }

  /** The JSON bytes of `body`, each frozen object inside it (not the body itself) from its memoised bytes. */
  bytes(body: object): Buffer {
    const current = { root: body, parts: [] as Buffer[], frozen: Object.isFrozen(body) };
    const outer = this.current;
    this.current = current;
    try {
      return splice(JSON.stringify(body, this.replacer), current.parts);
    } finally {
      this.current = outer;
    }
  }

  private readonly replacer = (_key: string, value: unknown): unknown => {
    const current = this.current;
    if (current === null || value === null || typeof value !== 'object') return value;
    // The body itself is serialised here, even when frozen (bytesOf memoises it as a whole).
    if (value === current.root || !Object.isFrozen(value) || (current.frozen && isSmall(value as object))) return value;
    current.parts.push(this.bytesOf(value));
    return `${PART_MARK}${current.parts.length - 1}`;
  };
}

/**
 * Values a frozen object inside a frozen, memoised value may hold, at any depth, and still be
 * serialised in place (once, with the bytes of what holds it) rather than as a part of its
 * own. A part costs its own text, bytes, memo entry and splice: worth it for a lab test
 * (hundreds of values, shared by every order) or a catalog entry, not for an order's address
 * or its list of events, which a deeply frozen order view holds a dozen of (a page of 50
 * orders read from the database spent a quarter of its time making such parts).
 */
const SMALL_VALUES = 64;

/** Whether `value` holds at most SMALL_VALUES values in all (counted until there are more). */
function isSmall(value: object): boolean {
  let budget = SMALL_VALUES;
  const visit = (inner: object): boolean => {
    if (Array.isArray(inner)) {
      if ((budget -= inner.length) < 0) return false;
      for (const item of inner) if (item !== null && typeof item === 'object' && !visit(item)) return false;
      return true;
    }
    for (const key in inner) {
      if ((budget -= 1) < 0) return false;
      const item = (inner as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object' && !visit(item)) return false;
    }
    return true;
  };
  return visit(value);
}

/**
 * Straight to Node: what res.send would add is nothing here (no ETag, so never a 304; Node
 * itself sends no body in the answer to a HEAD).
 */
export function sendBytes(res: Response, status: number, bytes: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

// Stands for a frozen part in the JSON text of a body (the NUL makes it a text no stored value
// has: PostgreSQL refuses U+0000 in text and jsonb, and so does the server in requests).
const PART_MARK = `\u0000part:${randomUUID()}:`;
const PART_TEXT = new RegExp(`"${JSON.stringify(PART_MARK).slice(1, -1).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g');

/** The bytes of `text` with each part mark replaced by its part. */
function splice(text: string, parts: readonly Buffer[]): Buffer {
  if (parts.length === 0) return Buffer.from(text);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const match of text.matchAll(PART_TEXT)) {
    pieces.push(Buffer.from(text.slice(from, match.index)), parts[Number(match[1])]!);
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(text.slice(from)));
  return Buffer.concat(pieces);
}
