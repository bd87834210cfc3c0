import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** A payor a team created (POST /v3/payor). */
export interface TeamPayorRecord {
  payor_code: string;
  name: string;
  org_address: { first_line: string; second_line: string; city: string; state: string; zip: string; country: string };
  provider: string | null;
  provider_payor_id: string | null;
}

const COLUMNS = 'payor_code, name, org_address, provider, provider_payor_id';

/**
 * Stores a team payor unless the team has one with its code; answers the stored one either way
 * (`created` says which), so the caller compares what it sent with what is there.
 */
export async function insertTeamPayor(db: Queryable, team_id: string, payor: TeamPayorRecord): Promise<{ created: boolean; payor: TeamPayorRecord }> {
  const inserted = await db.one<TeamPayorRecord>(
    `INSERT INTO team_payors (team_id, ${COLUMNS}) VALUES ($1, $2, $3, $4::jsonb, $5, $6)
     ON CONFLICT (team_id, payor_code) DO NOTHING RETURNING ${COLUMNS}`,
    [team_id, payor.payor_code, payor.name, JSON.stringify(payor.org_address), payor.provider, payor.provider_payor_id],
  );
  if (inserted) return { created: true, payor: inserted };
  const existing = await findTeamPayor(db, team_id, payor.payor_code);
  if (!existing) throw new Error(`team payor ${payor.payor_code} neither inserted nor found`);
  return { created: false, payor: existing };
}

/** The team's payor with this code (exact, upper case), or null. */
export async function findTeamPayor(db: Queryable, team_id: string, payor_code: string): Promise<TeamPayorRecord | null> {
  if (!isUuid(team_id)) return null;
  return db.one<TeamPayorRecord>(`SELECT ${COLUMNS} FROM team_payors WHERE team_id = $1 AND payor_code = $2`, [team_id, payor_code]);
}

/** Every payor of the team, by code. */
export async function listTeamPayors(db: Queryable, team_id: string): Promise<TeamPayorRecord[]> {
  if (!isUuid(team_id)) return [];
  return db.query<TeamPayorRecord>(`SELECT ${COLUMNS} FROM team_payors WHERE team_id = $1 ORDER BY payor_code`, [team_id]);
}
