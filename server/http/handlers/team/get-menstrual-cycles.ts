import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readSummaries } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { listBody, prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/menstrual_cycle/{user_id}: the user's menstrual_cycle summaries of the range (its menstrual cycles), as its data windows show them. */
export const getMenstrualCycles =
  (deps: Deps): Handler<operations['getMenstrualCycles'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS);
    return { status: 200, body: listBody(deps, 'getMenstrualCycles', path.user_id, query, 'menstrual_cycle', readSummaries(deps.caches.dataReads, windows, 'menstrual_cycle', range)) };
  };
