import type { operations } from '../../../../generated/team/schema.js';
import { deleteUser as removeUser } from '../../../storage/repositories/users.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** DELETE /v2/user/{user_id}: Delete a user (its info, insurance, connections and tokens go with it). */
export const deleteUser =
  (deps: Deps): Handler<operations['deleteUser'], TeamContext> =>
  async ({ path }, { teamId }) => {
    if (!(await removeUser(deps.db, { team_id: teamId, user_id: path.user_id, at: deps.now().toISOString() }))) throw userNotFound(path.user_id);
    return { status: 200, body: { success: true } };
  };
