import type { operations } from '../../../../generated/management/schema.js';
import { findTeamSettings } from '../../../storage/repositories/team-settings.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireOwnOrg, toTeamDetail } from './views.js';

/** GET /v1/org/{org_id}/team/{team_id}: the team with its settings, as PATCH on the same path answers it. */
export const getTeam =
  (deps: Deps): Handler<operations['getTeam'], ManagementContext> =>
  async ({ path }, { orgId }) => {
    await requireOwnOrg(deps.db, orgId, path.org_id);
    const team = await findTeamSettings(deps.db, { org_id: path.org_id, team_id: path.team_id });
    if (!team) throw notFound(`Team ${path.team_id} not found in organization ${path.org_id}.`);
    return { status: 200, body: toTeamDetail(team) };
  };
