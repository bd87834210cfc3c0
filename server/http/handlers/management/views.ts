import type { components } from '../../../../generated/management/schema.js';
import type { Queryable } from '../../../storage/database.js';
import { findOrg } from '../../../storage/repositories/orgs.js';
import type { TeamSettingsRecord } from '../../../storage/repositories/team-settings.js';
import { findTeamInOrg, type TeamRecord } from '../../../storage/repositories/teams.js';
import { notFound } from '../../api-error.js';

export const toTeamListItem = (team: TeamRecord): components['schemas']['TeamListItem'] => ({
  id: team.id,
  name: team.name,
  created_on: team.created_on,
  region: team.region,
});

/** A team with its settings, as *Get a team* and *Update a team* answer it. */
export const toTeamDetail = (team: TeamSettingsRecord): components['schemas']['TeamDetail'] => ({
  ...toTeamListItem(team),
  link_migration_enabled: team.link_migration_enabled,
  lab_partial_results_enabled: team.lab_partial_results_enabled,
});

/** The management key's own organization, or a 404 (another org is indistinguishable from none). */
export async function requireOwnOrg(db: Queryable, keyOrgId: string, orgId: string): Promise<void> {
  if (keyOrgId.toLowerCase() !== orgId.toLowerCase() || !(await findOrg(db, orgId))) throw notFound(`Organization ${orgId} not found.`);
}

/** The team when it is in the key's own org, else a 404 (another org's team is indistinguishable from none). */
export async function requireTeam(db: Queryable, keyOrgId: string, path: { org_id: string; team_id: string }): Promise<TeamRecord> {
  await requireOwnOrg(db, keyOrgId, path.org_id);
  const team = await findTeamInOrg(db, { org_id: path.org_id, team_id: path.team_id });
  if (!team) throw notFound(`Team ${path.team_id} not found in organization ${path.org_id}.`);
  return team;
}
