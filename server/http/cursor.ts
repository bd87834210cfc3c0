import { ValidationFailure } from './api-error.js';

/**
 * Opaque paging cursors: a keyset position (the sort key of the last row of a
 * page) as base64url JSON. Stable under inserts, since the next page starts
 * strictly after that position.
 */
export const encodeCursor = (position: object): string => Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');

export function decodeCursor<T extends Record<string, string>>(cursor: string | null | undefined, keys: readonly (keyof T & string)[], loc: string): T | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string')) {
      return value as T;
    }
  } catch {
    // fall through to the 422
  }
  throw ValidationFailure.single(['query', loc], `Invalid ${loc}: pass the ${loc} of a previous page unchanged`);
}
