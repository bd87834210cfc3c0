/**
 * The queue of simulated orders (POST /v3/order/{order_id}/test): one row per order being walked
 * to a status, with when its next step is due. Workers take due steps with SKIP LOCKED.
 */
import type { Queryable } from '../database.js';

export interface SimulationRecord {
  order_id: string;
  team_id: string;
  target_status: string;
  delay_ms: number;
  flags: Record<string, unknown>;
  next_step_at: string;
}

/** Starts (or replaces) the simulation of an order: its next step is due at `next_step_at`. */
export async function upsertSimulation(db: Queryable, s: SimulationRecord): Promise<void> {
  await db.query(
    `INSERT INTO lab_order_simulations (order_id, team_id, target_status, delay_ms, flags, next_step_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (order_id) DO UPDATE SET target_status = EXCLUDED.target_status, delay_ms = EXCLUDED.delay_ms,
       flags = EXCLUDED.flags, next_step_at = EXCLUDED.next_step_at`,
    [s.order_id, s.team_id, s.target_status, s.delay_ms, JSON.stringify(s.flags), s.next_step_at],
  );
}

/**
 * Whether the order has a simulation in progress, its row then locked for the caller's
 * transaction. A step that holds the row (claimDueSimulation) is waited for, so what the
 * caller reads of the order next includes that step.
 */
export async function lockSimulation(tx: Queryable, orderId: string): Promise<boolean> {
  return (await tx.one(`SELECT order_id FROM lab_order_simulations WHERE order_id = $1 FOR UPDATE`, [orderId])) !== null;
}

/**
 * Takes the most overdue simulation step due at `now`, locked for the caller's transaction
 * (other workers skip it), or null when none is due.
 */
export async function claimDueSimulation(tx: Queryable, now: string): Promise<SimulationRecord | null> {
  return tx.one<SimulationRecord>(
    `SELECT order_id, team_id, target_status, delay_ms, flags, next_step_at FROM lab_order_simulations
     WHERE next_step_at <= $1 ORDER BY next_step_at, order_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [now],
  );
}

export async function rescheduleSimulation(tx: Queryable, orderId: string, nextStepAt: string): Promise<void> {
  await tx.query(`UPDATE lab_order_simulations SET next_step_at = $2 WHERE order_id = $1`, [orderId, nextStepAt]);
}

export async function deleteSimulation(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(`DELETE FROM lab_order_simulations WHERE order_id = $1`, [orderId]);
}

/**
 * Deletes the order's simulation unless a simulation step holds its row (claimDueSimulation):
 * that step then finds the order moved on and deletes the row itself. Waiting for it instead
 * could deadlock, since the step waits for the order's row the caller holds.
 */
export async function dropSimulationUnlessStepping(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(
    `DELETE FROM lab_order_simulations
     WHERE order_id = (SELECT order_id FROM lab_order_simulations WHERE order_id = $1 FOR UPDATE SKIP LOCKED)`,
    [orderId],
  );
}

/** When the next simulation step is due (any team), or null when none is pending. */
export async function nextSimulationDueAt(db: Queryable): Promise<string | null> {
  const row = await db.one<{ next_step_at: string | null }>(`SELECT min(next_step_at) AS next_step_at FROM lab_order_simulations`);
  return row?.next_step_at ?? null;
}
