import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readSummaries } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { listBody, prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/meal/{user_id}: the user's meal summaries of the range, as its data windows show them. */
export const getMeals =
  (deps: Deps): Handler<operations['getMeals'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS);
    return { status: 200, body: listBody(deps, 'getMeals', path.user_id, query, 'meals', readSummaries(deps.caches.dataReads, windows, 'meal', range)) };
  };
