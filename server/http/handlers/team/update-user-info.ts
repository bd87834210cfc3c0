import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** PATCH /v2/user/{user_id}/info: Update user info. */
export const updateUserInfo =
  (_deps: Deps): Handler<operations['updateUserInfo'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'updateUserInfo (PATCH /v2/user/{user_id}/info) is not implemented yet.');
  };
