import type { operations } from '../../../../generated/team/schema.js';
import { USER_PAGE_DEFAULTS, userSearch } from '../../../domain/users/search.js';
import { listConnectionsOfUsers } from '../../../storage/repositories/connections.js';
import { listUsers as listTeamUsers } from '../../../storage/repositories/users.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toClientFacingUser } from './views.js';

/** GET /v2/user: the team's users, newest first, offset-paged; the page's connections in one query. */
export const listUsers =
  (deps: Deps): Handler<operations['listUsers'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const offset = query.offset ?? USER_PAGE_DEFAULTS.offset;
    const limit = query.limit ?? USER_PAGE_DEFAULTS.limit;
    const search = query.search === undefined ? null : userSearch(query.search);
    const page = await listTeamUsers(deps.db, { team_id: teamId, offset, limit, search });
    const connections = await listConnectionsOfUsers(deps.db, { team_id: teamId, user_ids: page.users.map((user) => user.user_id) });
    return {
      status: 200,
      body: {
        users: page.users.map((user) => toClientFacingUser(user, connections.get(user.user_id) ?? [])),
        total: page.total,
        offset,
        limit,
      },
    };
  };
