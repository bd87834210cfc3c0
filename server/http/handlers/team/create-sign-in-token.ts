import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v2/user/{user_id}/sign_in_token: Create a sign-in token. */
export const createSignInToken =
  (_deps: Deps): Handler<operations['createSignInToken'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'createSignInToken (POST /v2/user/{user_id}/sign_in_token) is not implemented yet.');
  };
