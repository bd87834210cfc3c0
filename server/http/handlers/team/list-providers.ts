import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/providers: List providers. */
export const listProviders =
  (_deps: Deps): Handler<operations['listProviders'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listProviders (GET /v2/providers) is not implemented yet.');
  };
