import { createHash } from 'node:crypto';

/**
 * JSON of a request body as the server reads it, with object keys sorted at every level:
 * equal for bodies that parse to the same value, and for bodies that differ only in object
 * members whose value is null (at any depth), since the server reads an optional key given as
 * null as that key left out. Items of arrays are kept, null ones included. (Defaults are
 * already in the body: the validator writes them in, so `"priority": false` and no priority
 * are one body.)
 */
export function canonicalJson(value: unknown, nullMembers: 'left_out' | 'kept' = 'left_out'): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, nullMembers)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && (v !== null || nullMembers === 'kept'))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, nullMembers)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hash an idempotency key is stored with: the body's canonical JSON, SHA-256, hex. */
export function bodyHash(body: unknown): string {
  return sha256(canonicalJson(body));
}

/**
 * The hash the same body had when keys were stored with its null members kept (the earlier
 * rule): a key stored then for a body with nulls still answers its order for that body.
 * Null when the body has no null member (the two hashes are one).
 */
export function earlierBodyHash(body: unknown): string | null {
  const kept = canonicalJson(body, 'kept');
  return kept === canonicalJson(body) ? null : sha256(kept);
}
