/**
 * Upkeep of the order tables that PGlite, which has no autovacuum, needs from the server
 * (jobs/lab-orders/maintenance.ts decides when).
 */
import type { Database } from '../database.js';

/**
 * The statistics target of the order tables' ANALYZE on PGlite. ANALYZE reads a sample of
 * 300 rows per unit of target: at PostgreSQL's default (100), 30,000 rows, which took 0.27 to
 * 0.31 s with 100,000 orders, holding PGlite's one connection; at 30, 9,000 rows and about
 * 0.08 s. The order list's plans need the few values of status and method and the histogram
 * of created_at, which 30 buckets describe.
 */
export const LAB_ORDER_STATISTICS_TARGET = 30;

/**
 * VACUUM, then ANALYZE at LAB_ORDER_STATISTICS_TARGET, of the order tables (PGlite, which has
 * no autovacuum: jobs/lab-orders/maintenance.ts).
 */
export async function vacuumLabOrders(db: Database): Promise<void> {
  await db.exec('VACUUM lab_orders, lab_order_patient_names, lab_order_receiver_names');
  await db.transaction(async (tx) => {
    await tx.exec(`SET LOCAL default_statistics_target = ${LAB_ORDER_STATISTICS_TARGET}`);
    await tx.exec('ANALYZE lab_orders, lab_order_patient_names, lab_order_receiver_names');
  });
}
