import type { Queryable } from '../database.js';

// Data a historical pull fetched (synthetic in the sandbox) and the chunk progress of the
// triggers being pulled.

export interface ProviderDataInput {
  /** Stable per (user, provider, resource, date): storing it again replaces the row. */
  id: string;
  resource: string;
  kind: 'summary' | 'timeseries';
  date: string;
  data: unknown;
}

/**
 * Stores the records of one user and provider in one statement (unnest of parallel
 * arrays), replacing rows with the same id.
 */
export async function upsertProviderData(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string; records: readonly ProviderDataInput[] },
): Promise<number> {
  if (input.records.length === 0) return 0;
  const ids: string[] = [];
  const resources: string[] = [];
  const kinds: string[] = [];
  const dates: string[] = [];
  const data: string[] = [];
  for (const record of input.records) {
    ids.push(record.id);
    resources.push(record.resource);
    kinds.push(record.kind);
    dates.push(record.date);
    data.push(JSON.stringify(record.data));
  }
  const rows = await db.query(
    `INSERT INTO provider_data (id, team_id, user_id, provider, resource, kind, date, data)
     SELECT r.id, $1, $2, $3, r.resource, r.kind, r.date, r.data::jsonb
     FROM unnest($4::uuid[], $5::text[], $6::text[], $7::date[], $8::text[]) AS r(id, resource, kind, date, data)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, pulled_at = EXCLUDED.pulled_at
     RETURNING id`,
    [input.team_id, input.user_id, input.provider, ids, resources, kinds, dates, data],
  );
  return rows.length;
}

export interface PullProgressRecord {
  op_id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  /** First day not fetched yet. */
  next_date: string;
}

/** Creates or moves the progress of a trigger. */
export async function savePullProgress(db: Queryable, progress: PullProgressRecord): Promise<void> {
  await db.query(
    `INSERT INTO bulk_pull_progress (op_id, user_id, start_date, end_date, next_date) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (op_id, user_id) DO UPDATE SET next_date = EXCLUDED.next_date`,
    [progress.op_id, progress.user_id, progress.start_date, progress.end_date, progress.next_date],
  );
}

export async function deletePullProgress(db: Queryable, input: { op_id: string; user_id: string }): Promise<void> {
  await db.query(`DELETE FROM bulk_pull_progress WHERE op_id = $1 AND user_id = $2`, [input.op_id, input.user_id]);
}
