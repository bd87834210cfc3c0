import type { operations } from '../../../../generated/management/schema.js';
import { updateTeamSettings } from '../../../storage/repositories/team-settings.js';
import { notFound, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireOwnOrg, toTeamDetail } from './views.js';

/**
 * PATCH /v1/org/{org_id}/team/{team_id}: renames the team, switches the link migration family
 * (the bulk historical pull) or the lab partial-results webhooks on or off; absent fields stay as they are.
 */
export const updateTeam =
  (deps: Deps): Handler<operations['updateTeam'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    await requireOwnOrg(deps.db, orgId, path.org_id);
    // As on creation: TeamName's pattern allows whitespace, so a name of spaces only passes it
    // and would be stored trimmed to nothing.
    const name = body.name?.trim();
    if (name === '') throw ValidationFailure.single(['body', 'name'], 'name must contain at least one character that is not whitespace');
    const team = await updateTeamSettings(deps.db, {
      org_id: path.org_id,
      team_id: path.team_id,
      name,
      link_migration_enabled: body.link_migration_enabled,
      lab_partial_results_enabled: body.lab_partial_results_enabled,
    });
    if (!team) throw notFound(`Team ${path.team_id} not found in organization ${path.org_id}.`);
    return { status: 200, body: toTeamDetail(team) };
  };
