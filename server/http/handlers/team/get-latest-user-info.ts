import type { components, operations } from '../../../../generated/team/schema.js';
import { findUserInfo } from '../../../storage/repositories/user-infos.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

type UserInfo = components['schemas']['UserInfo'];

/** GET /v2/user/{user_id}/info/latest: the info PATCH /v2/user/{user_id}/info stored last. */
export const getLatestUserInfo =
  (deps: Deps): Handler<operations['getLatestUserInfo'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const user = await requireUser(deps.db, teamId, path.user_id);
    const stored = await findUserInfo<UserInfo>(deps.db, { team_id: teamId, user_id: user.user_id });
    if (!stored) throw notFound(`User ${path.user_id} has no user info yet; store it with PATCH /v2/user/{user_id}/info.`);
    return { status: 200, body: stored.info };
  };
