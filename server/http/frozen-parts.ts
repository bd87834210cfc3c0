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
 * A body is serialised in two steps. A walk in JavaScript finds its frozen parts and copies
 * what holds them with a mark in their place (what holds none is not copied); then
 * JSON.stringify, without a replacer, writes the text, and the marks are replaced by the parts'
 * bytes. (A replacer is called for every value of the body, each call from the serialiser back
 * into JavaScript: on a page of 50 orders read from the database that was more than the walk
 * and the serialising together.) A memoised part is kept as the pieces it was spliced from, so
 * that the bytes of a part inside it (an order's lab test) are copied once, into the body sent,
 * not once more into each order's own bytes.
 *
 * With response validation the body is checked first, as an object (response-validation.ts),
 * and then serialised here all the same.
 */
export class FrozenParts {
  /** The pieces of each frozen value serialised (as a part, or a frozen body). */
  private readonly pieces = new WeakMap<object, readonly Buffer[]>();
  /** The bytes of each frozen body sent again (toSend) or asked for (bytesOf): its pieces, joined once. */
  private readonly joined = new WeakMap<object, Buffer>();

  /**
   * The memoised JSON bytes of a frozen value, made as toSend makes a body's: the frozen values
   * inside it come from their own memoised bytes (a page of 50 frozen orders serialises each
   * order's own fields, not its lab test again).
   */
  bytesOf(frozen: object): Buffer {
    let bytes = this.joined.get(frozen);
    if (bytes === undefined) {
      bytes = join(this.piecesOf(frozen));
      this.joined.set(frozen, bytes);
    }
    return bytes;
  }

  /**
   * What to send for `body`, as sendBytes takes it. A frozen body is sent as its memoised
   * pieces the first time, and as one buffer, joined once, from the second time on (a catalog
   * page, a page of orders polled); a page of orders read once is never joined, which for 850
   * kB took a fresh mapping of memory and its first touch. Another body is serialised now.
   */
  toSend(body: object): Buffer | readonly Buffer[] {
    if (!Object.isFrozen(body)) return this.serialise(body);
    return this.pieces.has(body) || this.joined.has(body) ? this.bytesOf(body) : this.piecesOf(body);
  }

  private piecesOf(frozen: object): readonly Buffer[] {
    let pieces = this.pieces.get(frozen);
    if (pieces === undefined) {
      pieces = this.serialise(frozen);
      this.pieces.set(frozen, pieces);
    }
    return pieces;
  }

  /** The pieces of `root`'s JSON bytes: its own text, and between them the bytes of its parts. */
  private serialise(root: object): readonly Buffer[] {
    const parts: (readonly Buffer[])[] = [];
    const frozen = Object.isFrozen(root);
    // The value to serialise in place of `value` (found under `key`): `value` itself when it
    // holds no part, else a copy with a mark for each part. As JSON.stringify, toJSON first.
    const walk = (value: unknown, key: string): unknown => {
      if (value === null || typeof value !== 'object') return value;
      let own = value as object;
      if (typeof (own as { toJSON?: unknown }).toJSON === 'function') {
        const replaced = (own as { toJSON(key: string): unknown }).toJSON(key);
        if (replaced === null || typeof replaced !== 'object') return value;
        own = replaced;
      }
      if (own !== root && Object.isFrozen(own)) {
        // Inside a frozen value, a small frozen one holds no part: serialised in place.
        if (frozen && isSmall(own)) return value;
        parts.push(this.piecesOf(own));
        return `${PART_MARK}${parts.length - 1}`;
      }
      let copy: unknown[] | Record<string, unknown> | null = null;
      if (Array.isArray(own)) {
        for (let i = 0; i < own.length; i++) {
          const item: unknown = own[i];
          const replaced = walk(item, String(i));
          if (replaced !== item && copy === null) copy = own.slice(0, i);
          if (copy !== null) (copy as unknown[]).push(replaced);
        }
      } else {
        const keys = Object.keys(own);
        for (let i = 0; i < keys.length; i++) {
          const name = keys[i]!;
          const item = (own as Record<string, unknown>)[name];
          const replaced = walk(item, name);
          if (replaced !== item && copy === null) {
            copy = {};
            for (let j = 0; j < i; j++) copy[keys[j]!] = (own as Record<string, unknown>)[keys[j]!];
          }
          if (copy !== null) (copy as Record<string, unknown>)[name] = replaced;
        }
      }
      // toJSON's result, when it holds parts, is serialised as it is (not asked for toJSON again).
      return copy ?? value;
    };
    const text = JSON.stringify(walk(root, ''));
    return splice(text, parts);
  }
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
 * itself sends no body in the answer to a HEAD). Pieces are written corked: one write to the
 * socket for all of them.
 */
export function sendBytes(res: Response, status: number, bytes: Buffer | readonly Buffer[]): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (Buffer.isBuffer(bytes) || bytes.length === 1) {
    const whole = Buffer.isBuffer(bytes) ? bytes : bytes[0]!;
    res.setHeader('Content-Length', whole.length);
    res.end(whole);
    return;
  }
  let length = 0;
  for (const piece of bytes) length += piece.length;
  res.setHeader('Content-Length', length);
  res.cork();
  for (const piece of bytes) res.write(piece);
  res.end();
}

// Stands for a frozen part in the JSON text of a body (the NUL makes it a text no stored value
// has: PostgreSQL refuses U+0000 in text and jsonb, and so does the server in requests).
const PART_MARK = `\u0000part:${randomUUID()}:`;
const PART_TEXT = new RegExp(`"${JSON.stringify(PART_MARK).slice(1, -1).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g');

/** The pieces of `text` with each part mark replaced by its part's pieces. */
function splice(text: string, parts: readonly (readonly Buffer[])[]): readonly Buffer[] {
  if (parts.length === 0) return [Buffer.from(text)];
  const pieces: Buffer[] = [];
  let from = 0;
  for (const match of text.matchAll(PART_TEXT)) {
    if (match.index > from) pieces.push(Buffer.from(text.slice(from, match.index)));
    pieces.push(...parts[Number(match[1])]!);
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push(Buffer.from(text.slice(from)));
  return pieces;
}

/** The pieces as one buffer (the one piece itself, when there is one). */
function join(pieces: readonly Buffer[]): Buffer {
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces as Buffer[]);
}
