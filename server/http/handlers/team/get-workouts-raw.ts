import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readRaw } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import { PRIORITY_OF_READ } from '../../../domain/team/source-priorities.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/workouts/{user_id}/raw: the provider records the workouts summaries of the range were normalised from. */
export const getWorkoutsRaw =
  (deps: Deps): Handler<operations['getWorkoutsRaw'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS, PRIORITY_OF_READ.getWorkoutsRaw);
    return { status: 200, body: { workouts: readRaw(deps.caches.dataReads, windows, 'workouts', range) } };
  };
