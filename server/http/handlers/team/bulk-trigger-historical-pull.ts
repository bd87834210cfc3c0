import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v2/link/bulk_trigger_historical_pull: Bulk trigger historical pull. */
export const bulkTriggerHistoricalPull =
  (_deps: Deps): Handler<operations['bulkTriggerHistoricalPull'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'bulkTriggerHistoricalPull (POST /v2/link/bulk_trigger_historical_pull) is not implemented yet.');
  };
