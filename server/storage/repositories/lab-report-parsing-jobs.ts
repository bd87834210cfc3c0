/** Lab report parsing jobs (migration 080): the upload, the status and results, and the worker's claim. */
import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

export interface ParsingJobRecord<Data = unknown> {
  id: string;
  team_id: string;
  user_id: string;
  client_user_id: string;
  status: string;
  failure_reason: string | null;
  review_requested: boolean;
  needs_human_review: boolean;
  is_reviewed: boolean;
  data: Data | null;
  created_at: string;
  updated_at: string;
}

/** A job the worker holds, with its upload. */
export interface ClaimedParsingJob extends ParsingJobRecord<never> {
  file: Uint8Array;
  attempts: number;
}

const COLUMNS = 'id, team_id, user_id, client_user_id, status, failure_reason, review_requested, needs_human_review, is_reviewed, data, created_at, updated_at';

export interface NewParsingJob {
  id: string;
  team_id: string;
  user_id: string;
  client_user_id: string;
  review_requested: boolean;
  file: Uint8Array;
  file_name: string;
  at: string;
}

/** Stores a new job in `started`, with its upload, waiting for the worker. */
export async function insertParsingJob(db: Queryable, input: NewParsingJob): Promise<ParsingJobRecord<never>> {
  const row = await db.one<ParsingJobRecord<never>>(
    `INSERT INTO lab_report_parsing_jobs (id, team_id, user_id, client_user_id, status, review_requested, needs_human_review, file, file_name, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'started', $5, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [input.id, input.team_id, input.user_id, input.client_user_id, input.review_requested, input.file, input.file_name, input.at],
  );
  return row!;
}

/** The team's job, or null (another team's, or unknown). */
/** The team's job, its results typed as the caller stored them (`Data`). */
export async function findParsingJob<Data>(db: Queryable, team_id: string, id: string): Promise<ParsingJobRecord<Data> | null> {
  if (!isUuid(team_id) || !isUuid(id)) return null;
  return db.one<ParsingJobRecord<Data>>(`SELECT ${COLUMNS} FROM lab_report_parsing_jobs WHERE team_id = $1 AND id = $2`, [team_id, id]);
}

/**
 * Claims the oldest job still to parse (never claimed, or whose claim expired: its worker
 * stopped) until `until`, and counts the attempt. SKIP LOCKED: workers of several processes
 * take different jobs.
 */
export async function claimParsingJob(db: Queryable, now: string, until: string): Promise<ClaimedParsingJob | null> {
  return db.one<ClaimedParsingJob>(
    `UPDATE lab_report_parsing_jobs SET claimed_until = $2, attempts = attempts + 1
     WHERE id = (
       SELECT id FROM lab_report_parsing_jobs
       WHERE status = 'started' AND (claimed_until IS NULL OR claimed_until < $1)
       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
     ) RETURNING ${COLUMNS}, file, attempts`,
    [now, until],
  );
}

/** Drops every claim (at the start of the only process on the data directory: the claims left are of a stopped run). */
export async function releaseParsingJobClaims(db: Queryable): Promise<void> {
  await db.query(`UPDATE lab_report_parsing_jobs SET claimed_until = NULL WHERE status = 'started' AND claimed_until IS NOT NULL`);
}

/**
 * Ends a job the worker claimed: `completed` with its results or `failed` with its reason; the
 * upload is dropped. Null when the job is no longer `started` (another worker ended it).
 */
export async function finishParsingJob<Data extends object>(
  db: Queryable,
  input: { id: string; status: 'completed' | 'failed'; failure_reason: string | null; needs_human_review: boolean; data: Data | null; at: string },
): Promise<ParsingJobRecord<Data> | null> {
  return db.one<ParsingJobRecord<Data>>(
    `UPDATE lab_report_parsing_jobs
     SET status = $2, failure_reason = $3, needs_human_review = $4, data = $5::jsonb, file = NULL, claimed_until = NULL, updated_at = $6
     WHERE id = $1 AND status = 'started' RETURNING ${COLUMNS}`,
    [input.id, input.status, input.failure_reason, input.needs_human_review, input.data === null ? null : JSON.stringify(input.data), input.at],
  );
}
