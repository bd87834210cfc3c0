import type { operations } from '../../../../generated/team/schema.js';
import { listTeamPhysicians as physiciansOfTeam } from '../../../storage/repositories/team-metrics.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireOwnTeam } from './team-views.js';

/** GET /v2/team/{team_id}/physicians: the physicians named on the team's lab orders, one per NPI. */
export const listTeamPhysicians =
  (deps: Deps): Handler<operations['listTeamPhysicians'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const team = await requireOwnTeam(deps.db, teamId, path.team_id);
    return { status: 200, body: await physiciansOfTeam(deps.db, { team_id: team.id }) };
  };
