import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/link/provider/oauth/{oauth_provider}: Get OAuth provider link detail. */
export const getOAuthProvider =
  (_deps: Deps): Handler<operations['getOAuthProvider'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'getOAuthProvider (GET /v2/link/provider/oauth/{oauth_provider}) is not implemented yet.');
  };
