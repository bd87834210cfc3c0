import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** POST /v1/org/{org_id}/team/{team_id}/api_key: Create a team API key. */
export const createTeamApiKey =
  (_deps: Deps): Handler<operations['createTeamApiKey'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'createTeamApiKey (POST /v1/org/{org_id}/team/{team_id}/api_key) is not implemented yet.');
  };
