/**
 * Order transactions (migration 081): the orders of a transaction, their results, and what a
 * redraw writes. A transaction is the orders that share a `transaction_id`; it has no row of
 * its own. Scoped by team: another team's transaction has no orders.
 */
import type { Queryable } from '../database.js';
import { withLabTests, type LabTestValues } from './lab-order-lab-tests.js';
import { FROM_ORDERS, ORDER_COLUMNS, touchTransactionSql, type LabOrderRecord } from './lab-orders.js';
import type { LabResultsRecord } from './lab-results.js';
import { isUuid } from './support.js';

/** The team's orders of a transaction, oldest first; empty for an unknown transaction, another team's, or not a uuid. */
export async function findTransactionOrders(db: Queryable, teamId: string, transactionId: string, labTests?: LabTestValues): Promise<LabOrderRecord[]> {
  if (!isUuid(transactionId)) return [];
  const rows = await db.query<LabOrderRecord>(
    `SELECT ${ORDER_COLUMNS} ${FROM_ORDERS} WHERE o.team_id = $1 AND o.transaction_id = $2 ORDER BY o.created_at, o.id`,
    [teamId, transactionId],
  );
  return withLabTests(db, rows, labTests);
}

/** The results of a transaction's orders (those that have any), oldest order first. */
export async function findTransactionResults<Body = unknown>(db: Queryable, teamId: string, transactionId: string): Promise<LabResultsRecord<Body>[]> {
  if (!isUuid(transactionId)) return [];
  return db.query<LabResultsRecord<Body>>(
    `SELECT r.order_id, r.team_id, r.status, r.interpretation, r.results, r.created_at, r.updated_at
     FROM lab_results r JOIN lab_orders o ON o.id = r.order_id AND o.team_id = r.team_id
     WHERE o.team_id = $1 AND o.transaction_id = $2
     ORDER BY o.created_at, o.id`,
    [teamId, transactionId],
  );
}

/** The id of the order that redrew `orderId`, or null. */
export async function findRedrawOf(db: Queryable, teamId: string, orderId: string): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.one<{ id: string }>(`SELECT id FROM lab_orders WHERE team_id = $1 AND parent_id = $2`, [teamId, orderId]);
  return row?.id ?? null;
}

/** Gives the other orders of a new order's transaction a new row version (see touchTransactionSql): their views now list it. */
export async function touchTransactionOf(tx: Queryable, teamId: string, orderId: string): Promise<void> {
  await tx.query(
    `WITH changed AS (SELECT id, team_id, transaction_id FROM lab_orders WHERE team_id = $1 AND id = $2) ${touchTransactionSql('changed')}`,
    [teamId, orderId],
  );
}
