/** The team settings the lab order jobs read (set through the management API). */
import type { Queryable } from '../database.js';

/** Whether the team opted in to `partial_results` order webhooks (management API team settings). */
export async function teamWantsPartialResults(db: Queryable, teamId: string): Promise<boolean> {
  const row = await db.one<{ enabled: boolean }>(`SELECT lab_partial_results_enabled AS enabled FROM teams WHERE id = $1`, [teamId]);
  return row?.enabled ?? false;
}
