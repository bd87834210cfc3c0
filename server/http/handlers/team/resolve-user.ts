import type { operations } from '../../../../generated/team/schema.js';
import { findUserByClientUserId } from '../../../storage/repositories/users.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { loadClientFacingUser } from './views.js';

/** GET /v2/user/resolve/{client_user_id}: Resolve a user by client user id. */
export const resolveUser =
  (deps: Deps): Handler<operations['resolveUser'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const user = await findUserByClientUserId(deps.db, { team_id: teamId, client_user_id: path.client_user_id });
    if (!user) throw notFound(`No user with client_user_id ${path.client_user_id}.`);
    return { status: 200, body: await loadClientFacingUser(deps.db, user) };
  };
