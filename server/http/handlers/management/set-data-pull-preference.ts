import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** PUT /v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}: Set a data pull preference. */
export const setDataPullPreference =
  (_deps: Deps): Handler<operations['setDataPullPreference'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'setDataPullPreference (PUT /v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}) is not implemented yet.');
  };
