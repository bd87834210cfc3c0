import type { Queryable } from '../database.js';
import { isLowercaseUuid, isUuid } from './support.js';

// How the (up to 100,000) user ids of a bulk trigger reach the database: deduplicated, then
// staged by COPY into a temporary table on PGlite, or sent as one text parameter on PostgreSQL.

/**
 * The distinct ids (lowercased, first occurrence kept, in input order) and the malformed ones.
 * A bulk trigger sends up to 100,000 ids, and everything allocated for them is garbage the
 * server carries until the next full collection. So the usual case (lowercase uuids, none
 * repeated: the API's validator has already rejected exact duplicates) returns the input
 * itself after one sort of a copy, and only ids needing a change go through a Set.
 */
export function uniqueUuids(ids: readonly string[]): { valid: readonly string[]; invalid: string[] } {
  if (ids.every(isLowercaseUuid)) {
    const sorted = ids.slice().sort();
    if (sorted.every((id, i) => i === 0 || id !== sorted[i - 1])) return { valid: ids, invalid: [] };
  }
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of ids) {
    const id = raw.toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    (isUuid(id) ? valid : invalid).push(id);
  }
  return { valid, invalid };
}

/** The `(id, ord)` rows that enqueueBulkPull's statement reads, as the SQL of its first CTE. */
export interface BulkInput {
  rows: string;
  /** Parameters after the statement's own four. */
  params: unknown[];
  release(): Promise<void>;
}

const BULK_INPUT_TABLE = 'bulk_pull_input';

/** `<ord>\t<id>\n` per id (ord from 1), written straight into one buffer of the exact size. */
function copyRows(ids: readonly string[]): Uint8Array {
  let length = 0;
  for (let i = 0; i < ids.length; i += 1) length += String(i + 1).length + (ids[i] as string).length + 2;
  const rows = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (let i = 0; i < ids.length; i += 1) offset += rows.write(`${i + 1}\t${ids[i]}\n`, offset, 'latin1');
  return rows;
}

/**
 * Hands the ids to the database. On PGlite they are copied into a temporary table from a
 * blob: as one parameter (100,000 ids) they were copied into PGlite's WebAssembly memory
 * several times over, and that memory never shrinks; the temporary table (with the small
 * temp_buffers of database.ts) grows it about half as much (scripts/bench/RESULTS.md).
 * On PostgreSQL they are one comma-separated text, braced into an array literal by the
 * statement: the smallest parameter there is for 100,000 ids, parsed straight into uuid[].
 */
export async function bulkInput(db: Queryable, ids: readonly string[]): Promise<BulkInput> {
  if (!db.copyText) {
    return {
      rows: `SELECT i.id, i.ord FROM unnest(('{' || $5 || '}')::uuid[]) WITH ORDINALITY AS i(id, ord)`,
      params: [ids.join(',')],
      release: async () => {},
    };
  }
  await db.query(`CREATE TEMPORARY TABLE ${BULK_INPUT_TABLE} (ord integer NOT NULL, id uuid NOT NULL) ON COMMIT DROP`);
  if (ids.length > 0) await db.copyText(`${BULK_INPUT_TABLE} (ord, id)`, copyRows(ids));
  return {
    rows: `SELECT id, ord FROM ${BULK_INPUT_TABLE}`,
    params: [],
    release: async () => {
      await db.query(`DROP TABLE ${BULK_INPUT_TABLE}`);
    },
  };
}
