import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** DELETE /v2/user/{user_id}: Delete a user. */
export const deleteUser =
  (_deps: Deps): Handler<operations['deleteUser'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'deleteUser (DELETE /v2/user/{user_id}) is not implemented yet.');
  };
