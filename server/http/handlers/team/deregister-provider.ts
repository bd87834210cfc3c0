import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** DELETE /v2/user/{user_id}/{provider}: Deregister a provider connection. */
export const deregisterProvider =
  (_deps: Deps): Handler<operations['deregisterProvider'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'deregisterProvider (DELETE /v2/user/{user_id}/{provider}) is not implemented yet.');
  };
