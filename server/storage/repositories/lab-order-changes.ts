/**
 * Changes to an order that are not status changes: fields of its body (and their columns)
 * that the team sets. Scoped by team: another team's order is not found.
 */
import type { Queryable } from '../database.js';
import { touchTransactionSql } from './lab-orders.js';
import { isUuid } from './support.js';

/**
 * Sets the order's activation day (body and the list's column) and moves its `updated_at`; true
 * when the order is the team's.
 */
export async function setOrderActivateBy(tx: Queryable, input: { team_id: string; order_id: string; activate_by: string | null; at: string }): Promise<boolean> {
  if (!isUuid(input.order_id)) return false;
  const row = await tx.one<{ id: string }>(
    `WITH changed AS (
       UPDATE lab_orders SET activate_by = $3::date, updated_at = $4,
              body = (body::jsonb || jsonb_build_object('activate_by', $3::text))::json
       WHERE team_id = $1 AND id = $2 RETURNING id, team_id, transaction_id
     ),
     touched AS (${touchTransactionSql('changed')})
     SELECT id FROM changed`,
    [input.team_id, input.order_id, input.activate_by, input.at],
  );
  return row !== null;
}

/** Stores whether the order's patient gets text messages (a body field outside the Order's view); true when the order is the team's. */
export async function setOrderSmsEnabled(db: Queryable, input: { team_id: string; order_id: string; sms_enabled: boolean }): Promise<boolean> {
  if (!isUuid(input.order_id)) return false;
  const row = await db.one<{ id: string }>(
    `UPDATE lab_orders SET body = (body::jsonb || jsonb_build_object('sms_enabled', $3::boolean))::json WHERE team_id = $1 AND id = $2 RETURNING id`,
    [input.team_id, input.order_id, input.sms_enabled],
  );
  return row !== null;
}
