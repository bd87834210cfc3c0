/**
 * The lab tests of orders, stored once per distinct value (lab_order_lab_tests, migration 009):
 * an order's body and its events name the lab test by digest (`lab_test_view`) and carry
 * `null` in its place; readers put the value back.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../database.js';

/** What a row must have for its lab test to be put back. */
interface OrderRow {
  id: string;
  body: Record<string, unknown>;
  lab_test_view: string | null;
}

/**
 * The lab_test values read so far, by digest. A digest is the SHA-256 of the value's JSON,
 * so an entry can never be stale, whatever database it was read from. Values are frozen:
 * every order of the lab test shares the one object.
 */
const labTestViews = new Map<string, Readonly<Record<string, unknown>>>();
const LAB_TEST_VIEWS_KEPT = 1_000;
function remember(digest: string, view: Record<string, unknown>): void {
  if (labTestViews.has(digest)) return;
  if (labTestViews.size >= LAB_TEST_VIEWS_KEPT) labTestViews.delete(labTestViews.keys().next().value as string);
  labTestViews.set(digest, Object.freeze(view));
}

/** The text and digest (lab_orders.lab_test_view) of a lab_test value, memoised per object. */
const snapshots = new WeakMap<object, { digest: string; json: string }>();
export function labTestSnapshot(labTest: object): { digest: string; json: string } {
  let snapshot = snapshots.get(labTest);
  if (!snapshot) {
    const json = JSON.stringify(labTest);
    snapshot = { digest: createHash('sha256').update(json).digest('base64url'), json };
    snapshots.set(labTest, snapshot);
  }
  return snapshot;
}

/**
 * Puts each row's lab_test (named by `lab_test_view`) back into its body, in place: rows are
 * read with bodies without it, and are the caller's own (a copy of each row and body was 2%
 * of the server's time on pages of orders read from the database). Orders stored before
 * migration 009 carry their own. Returns `rows`.
 */
export async function withLabTests<Row extends OrderRow>(db: Queryable, rows: Row[]): Promise<Row[]> {
  const missing = [...new Set(rows.flatMap((row) => (row.lab_test_view !== null && !labTestViews.has(row.lab_test_view) ? [row.lab_test_view] : [])))];
  if (missing.length > 0) {
    const found = await db.query<{ digest: string; view: Record<string, unknown> }>(`SELECT digest, view FROM lab_order_lab_tests WHERE digest = ANY ($1::text[])`, [missing]);
    for (const { digest, view } of found) remember(digest, view);
  }
  for (const row of rows) {
    const digest = row.lab_test_view;
    if (digest === null) continue;
    const labTest = labTestViews.get(digest);
    if (labTest === undefined) throw new Error(`Lab test snapshot ${digest} of order ${row.id} is missing`);
    row.body.lab_test = labTest;
  }
  return rows;
}

/** Keeps a lab test value just stored under `digest` (made only if not already kept). */
export function rememberLabTest(digest: string, view: () => Record<string, unknown>): void {
  if (!labTestViews.has(digest)) remember(digest, view());
}
