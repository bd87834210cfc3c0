/**
 * Testkits by the sample id printed on them (POST /v3/order/testkit/register), and the
 * patient a registration gives an order. Scoped by team: another team's kit is not found.
 */
import type { Queryable } from '../database.js';

/**
 * Locks the team's testkit order with this sample id (case ignored; the newest when, against
 * the odds of ten random digits, two share one) for the rest of the transaction, and returns
 * its id; null when no testkit of the team has it.
 */
export async function lockTestkitBySampleId(tx: Queryable, teamId: string, sampleId: string): Promise<string | null> {
  const row = await tx.one<{ id: string }>(
    `SELECT id FROM lab_orders WHERE team_id = $1 AND sample_id = upper($2) AND method = 'testkit'
     ORDER BY created_at DESC, id LIMIT 1 FOR UPDATE`,
    [teamId, sampleId],
  );
  return row?.id ?? null;
}

/**
 * Sets the order's patient name column (the list's name filter and sort) to a registered
 * patient's, with the team's name index the list searches.
 */
export async function setOrderPatientName(tx: Queryable, teamId: string, orderId: string, patientName: string): Promise<void> {
  await tx.query(
    `WITH name AS (
       INSERT INTO lab_order_patient_names (team_id, patient_name) VALUES ($1, $3) ON CONFLICT DO NOTHING
     )
     UPDATE lab_orders SET patient_name = $3 WHERE team_id = $1 AND id = $2`,
    [teamId, orderId, patientName],
  );
}
