import { ValidationFailure } from './api-error.js';
import { isStorableDateTime } from './formats.js';

/**
 * Opaque paging cursors: a keyset position (the sort key of the last row of a
 * page) as base64url JSON. Stable under inserts, since the next page starts
 * strictly after that position. The position is the list's whole ORDER BY,
 * ending in the row's unique id (`{created_on, id}`, `{started_at, id}`): rows of
 * one millisecond are then ordered by id, and a page boundary among them
 * neither repeats nor skips a row (test/storage/repositories/keyset-ties.test.ts).
 */
export const encodeCursor = (position: object): string => Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)$/;

function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && isStorableDateTime(value);
}

/**
 * Positions are sent back by clients, so their values are checked by their key
 * before they reach a query: `id` and `*_id` must be UUIDs, `*_at` and `*_on`
 * timestamps. A forged or corrupted cursor is then a 422, never a database error.
 */
function plausible(key: string, value: string): boolean {
  if (key === 'id' || key.endsWith('_id')) return UUID.test(value);
  if (key.endsWith('_at') || key.endsWith('_on')) return isTimestamp(value);
  return true;
}

export function decodeCursor<T extends Record<string, string>>(cursor: string | null | undefined, keys: readonly (keyof T & string)[], loc: string): T | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      typeof value === 'object' &&
      value !== null &&
      keys.every((key) => {
        const field = (value as Record<string, unknown>)[key];
        return typeof field === 'string' && plausible(key, field);
      })
    ) {
      return value as T;
    }
  } catch {
    // fall through to the 422
  }
  throw ValidationFailure.single(['query', loc], `Invalid ${loc}: pass the ${loc} of a previous page unchanged`);
}
