import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/user/resolve/{client_user_id}: Resolve a user by client user id. */
export const resolveUser =
  (_deps: Deps): Handler<operations['resolveUser'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'resolveUser (GET /v2/user/resolve/{client_user_id}) is not implemented yet.');
  };
