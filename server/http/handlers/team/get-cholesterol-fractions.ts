import type { operations } from '../../../../generated/team/schema.js';
import { MAX_PLAIN_TIMESERIES_DAYS } from '../../../domain/data/ranges.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { plainLabSamples, readLabTimeseries } from './lab-timeseries-views.js';

/**
 * GET /v2/timeseries/{user_id}/cholesterol/{total,ldl,hdl,triglycerides} (deprecated): the plain
 * cholesterol read of one fraction, the samples whose `type` is that fraction.
 */
const fraction =
  (type: 'total' | 'ldl' | 'hdl' | 'triglycerides') =>
  // The four operations have the same parameters and answer: one signature serves them all.
  (deps: Deps): Handler<operations['getCholesterolTotal'], TeamContext> =>
  async ({ path, query }, { teamId }) => ({
    status: 200,
    body: plainLabSamples(await readLabTimeseries(deps, teamId, path.user_id, 'cholesterol', query, MAX_PLAIN_TIMESERIES_DAYS, type)),
  });

export const getCholesterolTotal = fraction('total');
export const getCholesterolLdl = fraction('ldl');
export const getCholesterolHdl = fraction('hdl');
export const getCholesterolTriglycerides = fraction('triglycerides');
