import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** A lab test a team made (POST /v3/lab_tests) or that an order set became (auto_generated). */
export interface LabTestRecord {
  id: string;
  team_id: string;
  slug: string;
  name: string;
  description: string;
  method: string;
  lab_id: number;
  marker_ids: number[];
  fasting: boolean;
  auto_generated: boolean;
  status: string;
  created_at: string;
  /** When the row was last written: its created_at until PATCH /v3/lab_tests/{lab_test_id} changes it (migration 023). */
  updated_at: string;
}

const COLUMNS = 'id, team_id, slug, name, description, method, lab_id, marker_ids, fasting, auto_generated, status, created_at, updated_at';

export interface NewLabTest {
  team_id: string;
  slug: string;
  name: string;
  description: string;
  method: string;
  lab_id: number;
  marker_ids: readonly number[];
  fasting: boolean;
  auto_generated: boolean;
}

export async function insertLabTest(db: Queryable, input: NewLabTest): Promise<LabTestRecord> {
  const row = await db.one<LabTestRecord>(
    `INSERT INTO lab_tests (team_id, slug, name, description, method, lab_id, marker_ids, fasting, auto_generated)
     VALUES ($1, $2, $3, $4, $5, $6, $7::integer[], $8, $9)
     RETURNING ${COLUMNS}`,
    [input.team_id, input.slug, input.name, input.description, input.method, input.lab_id, [...input.marker_ids], input.fasting, input.auto_generated],
  );
  return row as LabTestRecord;
}

/** The team's lab test, or null (unknown id, another team's, or not a uuid). */
export async function findLabTest(db: Queryable, teamId: string, labTestId: string): Promise<LabTestRecord | null> {
  if (!isUuid(labTestId)) return null;
  return db.one<LabTestRecord>(`SELECT ${COLUMNS} FROM lab_tests WHERE team_id = $1 AND id = $2`, [teamId, labTestId]);
}

export interface LabTestChange {
  name?: string | undefined;
  status?: string | undefined;
  at: string;
}

/**
 * Changes a lab test of the team in one statement, and answers it as changed (null: not the
 * team's). `updated_at` moves only when a value changes.
 */
export async function updateLabTest(db: Queryable, teamId: string, labTestId: string, change: LabTestChange): Promise<LabTestRecord | null> {
  if (!isUuid(labTestId)) return null;
  return db.one<LabTestRecord>(
    `UPDATE lab_tests SET
       name = COALESCE($3, name),
       status = COALESCE($4, status),
       updated_at = CASE WHEN COALESCE($3, name) IS DISTINCT FROM name OR COALESCE($4, status) IS DISTINCT FROM status THEN $5::timestamptz ELSE updated_at END
     WHERE team_id = $1 AND id = $2
     RETURNING ${COLUMNS}`,
    [teamId, labTestId, change.name ?? null, change.status ?? null, change.at],
  );
}

/** The team's lab tests among these ids (unknown and foreign ids are left out). */
export async function findLabTests(db: Queryable, teamId: string, labTestIds: readonly string[]): Promise<LabTestRecord[]> {
  const ids = labTestIds.filter(isUuid);
  if (ids.length === 0) return [];
  return db.query<LabTestRecord>(`SELECT ${COLUMNS} FROM lab_tests WHERE team_id = $1 AND id = ANY ($2::uuid[])`, [teamId, ids]);
}

export interface LabTestFilter {
  /** null: both made and auto-generated. */
  auto_generated: boolean | null;
  method: string | null;
  status: string | null;
  lab_ids: readonly number[] | null;
  /** Every one of these markers. */
  marker_ids: readonly number[];
  /** Case-insensitive part of the name. */
  name: string | null;
}

/**
 * The team's stored lab tests matching the filter, in no particular order: a team has
 * few, and the caller merges them with the standard ones before sorting and paging.
 */
export async function listLabTests(db: Queryable, teamId: string, filter: LabTestFilter): Promise<LabTestRecord[]> {
  return db.query<LabTestRecord>(
    `SELECT ${COLUMNS} FROM lab_tests
     WHERE team_id = $1
       AND ($2::boolean IS NULL OR auto_generated = $2)
       AND ($3::text IS NULL OR method = $3)
       AND ($4::text IS NULL OR status = $4)
       AND ($5::integer[] IS NULL OR lab_id = ANY ($5::integer[]))
       AND marker_ids @> $6::integer[]
       AND ($7::text IS NULL OR strpos(lower(name), lower($7)) > 0)`,
    [teamId, filter.auto_generated, filter.method, filter.status, filter.lab_ids ? [...filter.lab_ids] : null, [...filter.marker_ids], filter.name],
  );
}
