import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/link/bulk_op: List bulk operations. */
export const listBulkOps =
  (_deps: Deps): Handler<operations['listBulkOps'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listBulkOps (GET /v2/link/bulk_op) is not implemented yet.');
  };
