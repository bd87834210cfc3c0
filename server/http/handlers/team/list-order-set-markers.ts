import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v3/lab_tests/list_order_set_markers: List order set markers. */
export const listOrderSetMarkers =
  (_deps: Deps): Handler<operations['listOrderSetMarkers'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listOrderSetMarkers (POST /v3/lab_tests/list_order_set_markers) is not implemented yet.');
  };
