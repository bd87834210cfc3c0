import type { operations } from '../../../../generated/team/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v3/lab_tests/markers: List lab markers. */
export const listMarkers =
  (_deps: Deps): Handler<operations['listMarkers'], TeamContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listMarkers (GET /v3/lab_tests/markers) is not implemented yet.');
  };
