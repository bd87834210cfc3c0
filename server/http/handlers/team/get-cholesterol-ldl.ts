import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { readCholesterolFraction } from './lab-timeseries-views.js';

/** GET /v2/timeseries/{user_id}/cholesterol/ldl (deprecated): the user's ldl cholesterol samples, from lab results. */
export const getCholesterolLdl =
  (deps: Deps): Handler<operations['getCholesterolLdl'], TeamContext> =>
  async ({ path, query }, { teamId }) => ({ status: 200, body: await readCholesterolFraction(deps, teamId, path.user_id, query, 'ldl') });
