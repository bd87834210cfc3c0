import type { Queryable } from '../database.js';
import { isUuid } from './support.js';
import type { TeamRecord } from './teams.js';

/** A team with every one of its settings (the management API's TeamDetail). */
export type TeamSettingsRecord = TeamRecord & { lab_partial_results_enabled: boolean };

const COLUMNS = 'id, org_id, name, region, created_on, link_migration_enabled, lab_partial_results_enabled';

/** The team with its settings when it is in the org; null otherwise (another org's, unknown, or not a UUID). */
export async function findTeamSettings(db: Queryable, input: { org_id: string; team_id: string }): Promise<TeamSettingsRecord | null> {
  if (!isUuid(input.org_id) || !isUuid(input.team_id)) return null;
  return db.one<TeamSettingsRecord>(`SELECT ${COLUMNS} FROM teams WHERE id = $1 AND org_id = $2`, [input.team_id, input.org_id]);
}

/**
 * Changes a team's name, its link migration switch and/or its partial-results webhook opt-in (absent fields stay); null when the
 * team is not in the org.
 */
export async function updateTeamSettings(
  db: Queryable,
  input: { org_id: string; team_id: string; name?: string | undefined; link_migration_enabled?: boolean | undefined; lab_partial_results_enabled?: boolean | undefined },
): Promise<TeamSettingsRecord | null> {
  if (!isUuid(input.org_id) || !isUuid(input.team_id)) return null;
  return db.one<TeamSettingsRecord>(
    `UPDATE teams
     SET name = coalesce($3::text, name), link_migration_enabled = coalesce($4::boolean, link_migration_enabled),
         lab_partial_results_enabled = coalesce($5::boolean, lab_partial_results_enabled)
     WHERE id = $1 AND org_id = $2
     RETURNING ${COLUMNS}`,
    [input.team_id, input.org_id, input.name ?? null, input.link_migration_enabled ?? null, input.lab_partial_results_enabled ?? null],
  );
}
