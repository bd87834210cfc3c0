import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v2/link/sdk/connect: Connect a mobile SDK provider. */
export const connectSdkProvider =
  (_deps: Deps): Handler<operations['connectSdkProvider'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'connectSdkProvider (POST /v2/link/sdk/connect) is not implemented yet.');
  };
