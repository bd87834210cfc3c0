import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { loadClientFacingUser, requireUser } from './views.js';

/** GET /v2/user/{user_id}: Get a user. */
export const getUser =
  (deps: Deps): Handler<operations['getUser'], TeamContext> =>
  async ({ path }, { teamId }) => ({
    status: 200,
    body: await loadClientFacingUser(deps.db, await requireUser(deps.db, teamId, path.user_id)),
  });
