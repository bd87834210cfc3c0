import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v2/link/code/create: Create a link code. */
export const createLinkCode =
  (_deps: Deps): Handler<operations['createLinkCode'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'createLinkCode (POST /v2/link/code/create) is not implemented yet.');
  };
