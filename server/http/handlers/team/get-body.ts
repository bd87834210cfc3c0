import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readSummaries } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import { PRIORITY_OF_READ } from '../../../domain/team/source-priorities.js';
import type { Deps, TeamContext } from '../context.js';
import { listBody, prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/body/{user_id}: the user's body summaries of the range, as its data windows show them. */
export const getBody =
  (deps: Deps): Handler<operations['getBody'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS, PRIORITY_OF_READ.getBody);
    return { status: 200, body: listBody(deps, 'getBody', path.user_id, query, 'body', readSummaries(deps.caches.dataReads, windows, 'body', range)) };
  };
