import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** GET /v1/org/{org_id}/team: List organization teams. */
export const listTeams =
  (_deps: Deps): Handler<operations['listTeams'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listTeams (GET /v1/org/{org_id}/team) is not implemented yet.');
  };
