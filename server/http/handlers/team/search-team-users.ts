import type { operations } from '../../../../generated/team/schema.js';
import { searchUsersWithConnections } from '../../../storage/repositories/users.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toClientFacingUser } from './views.js';

/** GET /v2/team/users/search: the team's users whose id or client_user_id is `query_id` (at most two). */
export const searchTeamUsers =
  (deps: Deps): Handler<operations['searchTeamUsers'], TeamContext> =>
  async ({ query }, { teamId }) => {
    if (query.query_id === undefined) return { status: 200, body: [] };
    const found = await searchUsersWithConnections(deps.db, { team_id: teamId, query: query.query_id });
    return { status: 200, body: found.map(({ user, connections }) => toClientFacingUser(user, connections)) };
  };
