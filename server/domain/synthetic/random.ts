import { createHash } from 'node:crypto';

/**
 * Deterministic randomness for synthetic data: a string seed (e.g.
 * `${user_id}:${provider}:${date}`) hashed to 32 bits feeds a small PRNG, so the
 * same connection and day always produce the same values, on every run and process.
 */

/** cyrb53 folded to 32 bits: a fast, well-mixed hash of a string. */
export function hashSeed(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** A seeded random source. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Integer uniform in [min, max]. */
  int(min: number, max: number): number;
}

/** mulberry32: 32-bit state, period 2^32, good enough for plausible sample values. */
export function seededRandom(seed: number | string): Random {
  let state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}

/**
 * A name-based uuid (RFC 4122 version 5 layout over SHA-1) of the parts joined
 * with `:`: the same parts always give the same id, so storing a record again
 * replaces it instead of adding a copy.
 */
export function stableUuid(...parts: readonly string[]): string {
  const bytes = createHash('sha1').update(parts.join(':')).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
