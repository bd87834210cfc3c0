import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireOwnTeam, toClientFacingTeam } from './team-views.js';

/** GET /v2/team/{team_id}: the key's own team (any other id is a 404). */
export const getOwnTeam =
  (deps: Deps): Handler<operations['getOwnTeam'], TeamContext> =>
  async ({ path }, { teamId }) => ({ status: 200, body: toClientFacingTeam(await requireOwnTeam(deps.db, teamId, path.team_id)) });
