import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v2/link/token: Create a link token. */
export const createLinkToken =
  (_deps: Deps): Handler<operations['createLinkToken'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'createLinkToken (POST /v2/link/token) is not implemented yet.');
  };
