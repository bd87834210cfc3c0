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

export interface InsuranceWrite<Insurance extends object = Record<string, unknown>> {
  team_id: string;
  user_id: string;
  is_primary: boolean;
  record: Insurance;
}

/**
 * Stores users' primary or secondary insurances, each replacing the previous one of that
 * kind, in one statement; one result per input, in order (null when the user is not in the team).
 * Inputs for the same (user, is_primary) are applied in order, so the last one is what
 * stays stored; each earlier one gets its own record back, as if it had been stored and
 * replaced at the same instant.
 */
export async function upsertInsurances<Insurance extends object>(
  db: Queryable,
  inputs: readonly InsuranceWrite<Insurance>[],
): Promise<(InsuranceRecord<Insurance> | null)[]> {
  // A user is in one team, so of the writes for one (user, is_primary) from different teams
  // at most one joins its user and reaches the table.
  const key = (input: { user_id: string; is_primary: boolean; team_id: string }) => `${input.user_id.toLowerCase()}|${input.is_primary}|${input.team_id.toLowerCase()}`;
  const last = new Map<string, InsuranceWrite<Insurance>>();
  for (const input of inputs) {
    if (isUuid(input.team_id) && isUuid(input.user_id)) last.set(key(input), input);
  }
  if (last.size === 0) return inputs.map(() => null);
  // The stored record is each input's own, so it is not read back (parsing jsonb results
  // is a large part of the statement's cost).
  const rows = await db.query<Omit<InsuranceRecord, 'record'> & { team_id: string }>(
    `INSERT INTO insurances (user_id, is_primary, record)
     SELECT u.id, w.is_primary, w.record
     FROM jsonb_to_recordset($1::jsonb) AS w(user_id uuid, team_id uuid, is_primary boolean, record jsonb)
     JOIN users u ON u.id = w.user_id AND u.team_id = w.team_id
     ON CONFLICT (user_id, is_primary) DO UPDATE SET record = EXCLUDED.record, updated_at = now()
     RETURNING user_id, is_primary, created_on, updated_at, (SELECT team_id FROM users WHERE id = insurances.user_id) AS team_id`,
    [JSON.stringify([...last.values()])],
  );
  const stored = new Map(rows.map(({ team_id, ...row }) => [key({ ...row, team_id }), row]));
  return inputs.map((input) => {
    const row = stored.get(key(input));
    return row ? { ...row, record: input.record } : null;
  });
}


/**
 * The user's stored insurance: of one kind (`is_primary`), or with `is_primary` null the one
 * written last (the primary on a tie). Null when none, or the user is not in the team.
 */
export async function findLatestInsurance<Insurance extends object>(
  db: Queryable,
  input: { team_id: string; user_id: string; is_primary: boolean | null },
): Promise<InsuranceRecord<Insurance> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<InsuranceRecord<Insurance>>(
    `SELECT i.user_id, i.is_primary, i.record, i.created_on, i.updated_at
     FROM insurances i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2 AND ($3::boolean IS NULL OR i.is_primary = $3::boolean)
     ORDER BY i.updated_at DESC, i.is_primary DESC LIMIT 1`,
    [input.user_id, input.team_id, input.is_primary],
  );
}
