import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/**
 * The results of a lab order as they were generated when the order reached
 * `partial_results` or `completed`: stored, so an order reads the same results for
 * ever (a later change of the catalog's ranges does not rewrite them). The PDFs are
 * rendered from these on read.
 */
export interface LabResultsRecord<Body = unknown> {
  order_id: string;
  team_id: string;
  status: 'partial' | 'final';
  interpretation: string;
  /** The LabResultsRaw body. */
  results: Body;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'order_id, team_id, status, interpretation, results, created_at, updated_at';

/**
 * Stores an order's results: partial results are replaced by final ones, final results
 * are never replaced. Null when nothing was written (the order already had results of
 * that status, or final ones), so the caller emits its events only once.
 */
export async function storeLabResults<Body>(
  tx: Queryable,
  input: { order_id: string; team_id: string; status: 'partial' | 'final'; interpretation: string; results: Body; at: string },
): Promise<LabResultsRecord<Body> | null> {
  return tx.one<LabResultsRecord<Body>>(
    `INSERT INTO lab_results (order_id, team_id, status, interpretation, results, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $6::timestamptz)
     ON CONFLICT (order_id) DO UPDATE
       SET status = EXCLUDED.status, interpretation = EXCLUDED.interpretation, results = EXCLUDED.results,
           updated_at = EXCLUDED.updated_at
       WHERE lab_results.status = 'partial' AND EXCLUDED.status = 'final'
     RETURNING ${COLUMNS}`,
    [input.order_id, input.team_id, input.status, input.interpretation, JSON.stringify(input.results), input.at],
  );
}

/** The results of an order of the team; null when it has none (yet), or is not the team's. */
export async function findLabResults<Body = unknown>(db: Queryable, input: { team_id: string; order_id: string }): Promise<LabResultsRecord<Body> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.order_id)) return null;
  return db.one<LabResultsRecord<Body>>(`SELECT ${COLUMNS} FROM lab_results WHERE order_id = $1 AND team_id = $2`, [input.order_id, input.team_id]);
}

/**
 * The final results of a user's orders (the team's), oldest order first: what the lab-sourced
 * timeseries are read from (server/domain/lab-results/timeseries.ts).
 */
export async function listUserFinalLabResults<Body = unknown>(db: Queryable, input: { team_id: string; user_id: string }): Promise<Body[]> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return [];
  const rows = await db.query<{ results: Body }>(
    `SELECT r.results FROM lab_results r JOIN lab_orders o ON o.id = r.order_id AND o.team_id = r.team_id
     WHERE o.team_id = $1 AND o.user_id = $2 AND r.status = 'final'
     ORDER BY o.created_at, o.id`,
    [input.team_id, input.user_id],
  );
  return rows.map((row) => row.results);
}
