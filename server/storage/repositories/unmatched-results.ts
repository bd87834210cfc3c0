import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** An unmatched result as stored: the review's wire fields and the results it carries. */
export interface UnmatchedResultRecord<Review = Record<string, unknown>, Results = unknown> {
  id: string;
  team_id: string;
  user_id: string;
  status: string;
  decision_code: string;
  lab_slug: string;
  review: Review;
  results: Results;
  note: string | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
}

const COLUMNS = 'id, team_id, user_id, status, decision_code, lab_slug, review, results, note, order_id, created_at, updated_at, reviewed_at';

export interface NewUnmatchedResult {
  id: string;
  team_id: string;
  user_id: string;
  status: string;
  decision_code: string;
  lab_slug: string;
  patient_name: string;
  review: object;
  results: object;
  at: string;
}

export async function insertUnmatchedResult(db: Queryable, input: NewUnmatchedResult): Promise<UnmatchedResultRecord> {
  const row = await db.one<UnmatchedResultRecord>(
    `INSERT INTO unmatched_results (id, team_id, user_id, status, decision_code, lab_slug, patient_name, review, results, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $10) RETURNING ${COLUMNS}`,
    [input.id, input.team_id, input.user_id, input.status, input.decision_code, input.lab_slug, input.patient_name.toLowerCase(), JSON.stringify(input.review), JSON.stringify(input.results), input.at],
  );
  return row!;
}

/** The team's unmatched result, or null (another team's, or unknown). `lock` holds its row for the caller's transaction. */
export async function findUnmatchedResult(db: Queryable, team_id: string, id: string, lock = false): Promise<UnmatchedResultRecord | null> {
  if (!isUuid(team_id) || !isUuid(id)) return null;
  return db.one<UnmatchedResultRecord>(`SELECT ${COLUMNS} FROM unmatched_results WHERE team_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [team_id, id]);
}

/** Records the team's decision: the new status, the note, and the order it was attached to. */
export async function reviewUnmatchedResult(
  db: Queryable,
  input: { team_id: string; id: string; status: string; note: string | null; order_id: string | null; at: string },
): Promise<UnmatchedResultRecord | null> {
  return db.one<UnmatchedResultRecord>(
    `UPDATE unmatched_results SET status = $3, note = $4, order_id = $5, updated_at = $6, reviewed_at = $6
     WHERE team_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [input.team_id, input.id, input.status, input.note, input.order_id, input.at],
  );
}

export interface UnmatchedResultFilter {
  team_id: string;
  statuses: readonly string[];
  decision_code: string | null;
  lab_slug: string | null;
  /** Inclusive instants. */
  created_from: string | null;
  created_before: string | null;
  /** Part of the patient's name (lower case), or an id. */
  search: string | null;
  after: { created_at: string; id: string } | null;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the team's unmatched results, newest first, and how many the filter selects. */
export async function listUnmatchedResults(db: Queryable, f: UnmatchedResultFilter): Promise<{ rows: UnmatchedResultRecord[]; total: number }> {
  const where = `team_id = $1 AND status = ANY($2::text[]) AND ($3::text IS NULL OR decision_code = $3) AND ($4::text IS NULL OR lab_slug = $4)
    AND ($5::timestamptz IS NULL OR created_at >= $5) AND ($6::timestamptz IS NULL OR created_at < $6)
    AND ($7::text IS NULL OR patient_name LIKE '%' || $7 || '%' OR id::text = lower($8))`;
  const search = f.search === null ? null : escapeLike(f.search.toLowerCase());
  const params = [f.team_id, f.statuses, f.decision_code, f.lab_slug, f.created_from, f.created_before, search, f.search ?? ''];
  const [rows, count] = await Promise.all([
    db.query<UnmatchedResultRecord>(
      `SELECT ${COLUMNS} FROM unmatched_results WHERE ${where}
       AND ($9::timestamptz IS NULL OR (created_at, id) < ($9::timestamptz, $10::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $11`,
      [...params, f.after?.created_at ?? null, f.after?.id ?? null, f.limit + 1],
    ),
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM unmatched_results WHERE ${where}`, params),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The ids of the user's open orders (not completed, cancelled or failed), newest first. */
export async function openOrderIdsOfUser(db: Queryable, team_id: string, user_id: string): Promise<string[]> {
  if (!isUuid(team_id) || !isUuid(user_id)) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM lab_orders WHERE team_id = $1 AND user_id = $2 AND split_part(status, '.', 1) NOT IN ('completed', 'cancelled', 'failed')
     ORDER BY created_at DESC, id DESC`,
    [team_id, user_id],
  );
  return rows.map((r) => r.id);
}
