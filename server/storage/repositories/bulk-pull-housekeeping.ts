import type { Database } from '../database.js';

/**
 * Vacuums and analyses the bulk pull engine's tables. For PGlite, which runs no autovacuum:
 * every trigger leaves dead row versions, and the planner would never see fresh statistics.
 */
export async function vacuumBulkPullTables(db: Database): Promise<void> {
  await db.exec('VACUUM (ANALYZE) bulk_triggers, bulk_pull_progress, pull_throttle_buckets');
}
