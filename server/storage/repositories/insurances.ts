import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** A stored insurance (the ClientFacingInsurance wire shape, kept as jsonb), one per (user, is_primary). */
export interface InsuranceRecord<Insurance extends object = Record<string, unknown>> {
  user_id: string;
  is_primary: boolean;
  record: Insurance;
  created_on: string;
  updated_at: string;
}

const COLUMNS = 'user_id, is_primary, record, created_on, updated_at';

/**
 * Stores the user's primary or secondary insurance, replacing the previous one of that kind.
 * Null when the user is not in the team.
 */
export async function upsertInsurance<Insurance extends object>(
  db: Queryable,
  input: { team_id: string; user_id: string; is_primary: boolean; record: Insurance },
): Promise<InsuranceRecord<Insurance> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<InsuranceRecord<Insurance>>(
    `INSERT INTO insurances (user_id, is_primary, record)
     SELECT u.id, $3, $4::jsonb FROM users u WHERE u.id = $1 AND u.team_id = $2
     ON CONFLICT (user_id, is_primary) DO UPDATE SET record = EXCLUDED.record, updated_at = now()
     RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.is_primary, JSON.stringify(input.record)],
  );
}

export async function getInsurance<Insurance extends object = Record<string, unknown>>(
  db: Queryable,
  input: { team_id: string; user_id: string; is_primary: boolean },
): Promise<InsuranceRecord<Insurance> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<InsuranceRecord<Insurance>>(
    `SELECT i.user_id, i.is_primary, i.record, i.created_on, i.updated_at
     FROM insurances i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2 AND i.is_primary = $3`,
    [input.user_id, input.team_id, input.is_primary],
  );
}

/** The user's insurances, primary first; empty when none or the user is not in the team. */
export async function listInsurances<Insurance extends object = Record<string, unknown>>(
  db: Queryable,
  input: { team_id: string; user_id: string },
): Promise<InsuranceRecord<Insurance>[]> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return [];
  return db.query<InsuranceRecord<Insurance>>(
    `SELECT i.user_id, i.is_primary, i.record, i.created_on, i.updated_at
     FROM insurances i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2
     ORDER BY i.is_primary DESC`,
    [input.user_id, input.team_id],
  );
}
