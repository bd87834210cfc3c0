/**
 * The guard on the reliance of `copyText` (server/storage/database.ts) on PGlite's internals:
 * it hands PGlite an object that has nothing of a Blob but `arrayBuffer()` (bytesAsBlob), so
 * that the staged ids of a bulk trigger are not copied once more. This proves, on the installed
 * PGlite, that a COPY FROM '/dev/blob' reads its blob through `arrayBuffer()` only, once.
 * If PGlite starts reading it another way, this fails before bulk pulls do.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedVersion } from '../../server/shared/dependency-version.js';
import { PGLITE_PATCHED_VERSION } from '../../server/storage/database.js';
import { SETUP_TIMEOUT_MS } from './helpers.js';
import { pgliteInitdbImage } from './pglite-image.js';

/**
 * A blob-like object: `arrayBuffer()` answers the bytes and is counted; reading any other
 * property (size, type, text, stream, slice, bytes, ...) is recorded and throws.
 */
function countingBlob(text: string) {
  const bytes = new TextEncoder().encode(text);
  const seen = { arrayBuffer: 0, other: [] as string[] };
  const arrayBuffer = async () => {
    seen.arrayBuffer += 1;
    return bytes.buffer;
  };
  const blob = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'arrayBuffer') return arrayBuffer;
        seen.other.push(String(property));
        throw new Error(`PGlite read the blob's ${String(property)}`);
      },
    },
  ) as Blob;
  return { blob, seen };
}

describe('PGlite reads a COPY blob through arrayBuffer() only', () => {
  let pg: PGlite;

  beforeAll(async () => {
    pg = await PGlite.create({ loadDataDir: await pgliteInitdbImage() });
    await pg.exec('CREATE TABLE staged (ord integer NOT NULL, id uuid NOT NULL)');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await pg?.close();
  });

  it('when the installed PGlite is checked, then it is the version the guard below speaks for', () => {
    expect(installedVersion('@electric-sql/pglite')).toBe(PGLITE_PATCHED_VERSION);
  });

  it('when a COPY reads a blob-like object, then every row arrives and arrayBuffer() was called exactly once, nothing else read', async () => {
    const rows = ['1\t00000000-0000-4000-8000-000000000001', '2\t00000000-0000-4000-8000-000000000002', '3\t00000000-0000-4000-8000-000000000003'];
    const { blob, seen } = countingBlob(`${rows.join('\n')}\n`);

    await pg.query(`COPY staged (ord, id) FROM '/dev/blob'`, [], { blob });

    expect(seen).toEqual({ arrayBuffer: 1, other: [] });
    const stored = await pg.query<{ ord: number; id: string }>('SELECT ord, id FROM staged ORDER BY ord');
    expect(stored.rows.map((row) => `${row.ord}\t${row.id}`)).toEqual(rows);
  });

  it('when the COPY runs in a transaction (as enqueueBulkPull stages its ids), then the same holds', async () => {
    const { blob, seen } = countingBlob('7\t00000000-0000-4000-8000-000000000007\n');

    const count = await pg.transaction(async (tx) => {
      await tx.query('CREATE TEMPORARY TABLE staged_in_tx (ord integer NOT NULL, id uuid NOT NULL) ON COMMIT DROP');
      await tx.query(`COPY staged_in_tx (ord, id) FROM '/dev/blob'`, [], { blob });
      return (await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM staged_in_tx')).rows[0]!.n;
    });

    expect(count).toBe(1);
    expect(seen).toEqual({ arrayBuffer: 1, other: [] });
  });
});
