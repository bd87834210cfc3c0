import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { readCholesterolFraction } from './lab-timeseries-views.js';

/** GET /v2/timeseries/{user_id}/cholesterol/hdl (deprecated): the user's hdl cholesterol samples, from lab results. */
export const getCholesterolHdl =
  (deps: Deps): Handler<operations['getCholesterolHdl'], TeamContext> =>
  async ({ path, query }, { teamId }) => ({ status: 200, body: await readCholesterolFraction(deps, teamId, path.user_id, query, 'hdl') });
