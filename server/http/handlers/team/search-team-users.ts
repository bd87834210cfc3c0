import type { operations } from '../../../../generated/team/schema.js';
import { listConnectionsOfUsers } from '../../../storage/repositories/connections.js';
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
    if (users.length === 0) return { status: 200, body: [] };
    // The connections of both matches (by id and by client user id) in one statement.
    const connections = await listConnectionsOfUsers(deps.db, { team_id: teamId, user_ids: users.map((user) => user.user_id) });
    const body = users.map((user) => toClientFacingUser(user, connections.get(user.user_id) ?? []));
    return { status: 200, body };
  };
