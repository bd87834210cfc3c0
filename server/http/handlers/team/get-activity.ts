import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readSummaries } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import { PRIORITY_OF_READ } from '../../../domain/team/source-priorities.js';
import type { Deps, TeamContext } from '../context.js';
import { listBody, prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/activity/{user_id}: the user's activity summaries of the range, as its data windows show them. */
export const getActivity =
  (deps: Deps): Handler<operations['getActivity'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS, PRIORITY_OF_READ.getActivity);
    return { status: 200, body: listBody(deps, 'getActivity', path.user_id, query, 'activity', readSummaries(deps.caches.dataReads, windows, 'activity', range)) };
  };
