/**
 * The sample ids of a team's orders, for POST /v3/order/import: one sample id names one
 * order of the team. Scoped by team: another team's orders do not count.
 */
import type { Queryable } from '../database.js';

/**
 * Takes a transaction-scoped lock on (team, sample id), so concurrent imports of one sample id
 * run one after the other: the later one then finds the order the earlier stored.
 */
export async function lockSampleId(tx: Queryable, teamId: string, sampleId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`lab-order-sample-id:${teamId}:${sampleId}`]);
}

/** The team's order with this sample id (the oldest, should two share one), or null (index lab_orders_team_sample). */
export async function findOrderIdBySampleId(db: Queryable, teamId: string, sampleId: string): Promise<string | null> {
  const row = await db.one<{ id: string }>(
    `SELECT id FROM lab_orders WHERE team_id = $1 AND sample_id = $2 ORDER BY created_at, id LIMIT 1`,
    [teamId, sampleId],
  );
  return row?.id ?? null;
}
