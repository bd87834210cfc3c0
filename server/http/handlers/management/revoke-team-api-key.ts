import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** DELETE /v1/org/{org_id}/team/{team_id}/api_key/{key_id}: Revoke a team API key. */
export const revokeTeamApiKey =
  (_deps: Deps): Handler<operations['revokeTeamApiKey'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'revokeTeamApiKey (DELETE /v1/org/{org_id}/team/{team_id}/api_key/{key_id}) is not implemented yet.');
  };
