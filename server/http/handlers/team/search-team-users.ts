import type { operations } from '../../../../generated/team/schema.js';
import { listConnections } from '../../../storage/repositories/connections.js';
import { searchUsersById } from '../../../storage/repositories/users.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toClientFacingUser } from './views.js';

/** GET /v2/team/users/search: the team's users whose id or client_user_id is `query_id` (at most two). */
export const searchTeamUsers =
  (deps: Deps): Handler<operations['searchTeamUsers'], TeamContext> =>
  async ({ query }, { teamId }) => {
    if (query.query_id === undefined) return { status: 200, body: [] };
    const users = await searchUsersById(deps.db, { team_id: teamId, query: query.query_id });
    const body = await Promise.all(users.map(async (user) => toClientFacingUser(user, await listConnections(deps.db, { team_id: teamId, user_id: user.user_id }))));
    return { status: 200, body };
  };
