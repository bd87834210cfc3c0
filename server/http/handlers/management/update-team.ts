import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** PATCH /v1/org/{org_id}/team/{team_id}: Update a team. */
export const updateTeam =
  (_deps: Deps): Handler<operations['updateTeam'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'updateTeam (PATCH /v1/org/{org_id}/team/{team_id}) is not implemented yet.');
  };
