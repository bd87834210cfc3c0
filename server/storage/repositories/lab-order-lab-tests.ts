/**
 * The lab tests of orders, stored once per distinct value (lab_order_lab_tests, migration 009):
 * an order's body and its events name the lab test by digest (`lab_test_view`) and carry
 * `null` in its place; readers put the value back.
 */
import { createHash } from 'node:crypto';
import { deepFreeze, type BoundedCache } from '../../shared/cache.js';
import type { Queryable } from '../database.js';

/** What a row must have for its lab test to be put back. */
interface OrderRow {
  id: string;
  body: Record<string, unknown>;
  lab_test_view: string | null;
}

/** A lab test value as stored, shared by every order of it. */
export type LabTestValue = Readonly<Record<string, unknown>>;

/**
 * The app's `lab-test-values` cache (lab-order-caches.ts): lab test values by digest. A digest
 * is the SHA-256 of the value's JSON and rows of lab_order_lab_tests are never changed, so an
 * entry cannot go stale.
 */
export type LabTestValues = BoundedCache<string, LabTestValue>;

/** The text and digest (lab_orders.lab_test_view) of a lab test value. */
export interface LabTestSnapshot {
  readonly digest: string;
  readonly json: string;
}

/**
 * The app's `lab-test-snapshots` cache (lab-order-caches.ts): the snapshot of a frozen lab test
 * value, by the value itself. A frozen value cannot change, so its text cannot either; the
 * views every order of a lab test shares are frozen, and hashing their 15 kB per order is saved.
 */
export type LabTestSnapshots = BoundedCache<object, LabTestSnapshot>;

/**
 * A value shared by the orders of its lab test, deeply frozen in every environment: the server
 * memoises the bytes of frozen parts of a response (http/frozen-parts.ts), and a page of orders
 * repeats its lab test in every order.
 */
export function frozenLabTest(value: Record<string, unknown>): LabTestValue {
  return deepFreeze(value);
}

/** The text and digest of a lab test value; memoised in `snapshots` when the value is frozen. */
export function labTestSnapshot(labTest: object, snapshots?: LabTestSnapshots): LabTestSnapshot {
  const make = (): LabTestSnapshot => {
    const json = JSON.stringify(labTest);
    return { digest: createHash('sha256').update(json).digest('base64url'), json };
  };
  return snapshots && Object.isFrozen(labTest) ? snapshots.getOrSet(labTest, make) : make();
}

/**
 * Puts each row's lab_test (named by `lab_test_view`) back into its body, in place: rows are
 * read with bodies without it, and are the caller's own (a copy of each row and body was a
 * noticeable share of the server's time on pages of orders read from the database). Orders stored before
 * migration 009 carry their own. With `values`, the values are taken from (and kept in) the
 * app's cache; without, read. Returns `rows`.
 */
export async function withLabTests<Row extends OrderRow>(db: Queryable, rows: Row[], values?: LabTestValues): Promise<Row[]> {
  const found = new Map<string, LabTestValue>();
  const missing: string[] = [];
  for (const row of rows) {
    const digest = row.lab_test_view;
    if (digest === null || found.has(digest)) continue;
    const kept = values?.get(digest);
    if (kept !== undefined) found.set(digest, kept);
    else if (!missing.includes(digest)) missing.push(digest);
  }
  if (missing.length > 0) {
    const read = await db.query<{ digest: string; view: Record<string, unknown> }>(`SELECT digest, view FROM lab_order_lab_tests WHERE digest = ANY ($1::text[])`, [missing]);
    for (const { digest, view } of read) found.set(digest, values ? values.getOrSet(digest, () => frozenLabTest(view)) : frozenLabTest(view));
  }
  for (const row of rows) {
    const digest = row.lab_test_view;
    if (digest === null) continue;
    const labTest = found.get(digest);
    if (labTest === undefined) throw new Error(`Lab test snapshot ${digest} of order ${row.id} is missing`);
    row.body.lab_test = labTest;
  }
  return rows;
}
