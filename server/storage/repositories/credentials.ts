import type { Region } from '../../shared/values.js';
import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

// Keys are stored only as hashes; callers hash the presented key and look the hash up.

export interface ManagementKeyRecord {
  id: string;
  org_id: string;
  created_on: string;
  revoked_on: string | null;
}

export interface ActiveManagementKey {
  key_id: string;
  org_id: string;
}

export interface TeamApiKeyRecord {
  id: string;
  team_id: string;
  label: string | null;
  created_on: string;
  revoked_on: string | null;
}

export interface ActiveTeamApiKey {
  key_id: string;
  team_id: string;
  org_id: string;
  region: Region;
}

const MANAGEMENT_COLUMNS = 'id, org_id, created_on, revoked_on';
const TEAM_KEY_COLUMNS = 'id, team_id, label, created_on, revoked_on';

export async function createManagementKey(
  db: Queryable,
  input: { org_id: string; key_hash: string; id?: string },
): Promise<ManagementKeyRecord> {
  const row = await db.one<ManagementKeyRecord>(
    `INSERT INTO management_keys (id, org_id, key_hash)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3)
     RETURNING ${MANAGEMENT_COLUMNS}`,
    [input.id ?? null, input.org_id, input.key_hash],
  );
  return row!;
}

/** The unrevoked management key with this hash, or null. */
export async function findActiveManagementKeyByHash(db: Queryable, keyHash: string): Promise<ActiveManagementKey | null> {
  return db.one<ActiveManagementKey>(
    `SELECT id AS key_id, org_id FROM management_keys WHERE key_hash = $1 AND revoked_on IS NULL`,
    [keyHash],
  );
}

export async function createTeamApiKey(
  db: Queryable,
  input: { team_id: string; key_hash: string; label?: string | null; id?: string },
): Promise<TeamApiKeyRecord> {
  const row = await db.one<TeamApiKeyRecord>(
    `INSERT INTO team_api_keys (id, team_id, label, key_hash)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4)
     RETURNING ${TEAM_KEY_COLUMNS}`,
    [input.id ?? null, input.team_id, input.label ?? null, input.key_hash],
  );
  return row!;
}

/** The unrevoked team key with this hash, with its team's org and region, or null. */
export async function findActiveTeamApiKeyByHash(db: Queryable, keyHash: string): Promise<ActiveTeamApiKey | null> {
  return db.one<ActiveTeamApiKey>(
    `SELECT k.id AS key_id, k.team_id, t.org_id, t.region
     FROM team_api_keys k JOIN teams t ON t.id = k.team_id
     WHERE k.key_hash = $1 AND k.revoked_on IS NULL`,
    [keyHash],
  );
}

/** Keys of a team (active and revoked), oldest first. */
export async function listTeamApiKeys(db: Queryable, teamId: string): Promise<TeamApiKeyRecord[]> {
  if (!isUuid(teamId)) return [];
  return db.query<TeamApiKeyRecord>(
    `SELECT ${TEAM_KEY_COLUMNS} FROM team_api_keys WHERE team_id = $1 ORDER BY created_on, id`,
    [teamId],
  );
}

/** Revokes the key; null when it does not exist (in that team) or was already revoked. */
export async function revokeTeamApiKey(
  db: Queryable,
  input: { id: string; team_id?: string },
): Promise<TeamApiKeyRecord | null> {
  if (!isUuid(input.id) || (input.team_id !== undefined && !isUuid(input.team_id))) return null;
  return db.one<TeamApiKeyRecord>(
    `UPDATE team_api_keys SET revoked_on = now()
     WHERE id = $1 AND ($2::uuid IS NULL OR team_id = $2) AND revoked_on IS NULL
     RETURNING ${TEAM_KEY_COLUMNS}`,
    [input.id, input.team_id ?? null],
  );
}
