import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** GET /v1/org/{org_id}/team/{team_id}/data_pull_preferences: List data pull preferences. */
export const listDataPullPreferences =
  (_deps: Deps): Handler<operations['listDataPullPreferences'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listDataPullPreferences (GET /v1/org/{org_id}/team/{team_id}/data_pull_preferences) is not implemented yet.');
  };
