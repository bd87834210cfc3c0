import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readRaw } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import { PRIORITY_OF_READ } from '../../../domain/team/source-priorities.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/sleep/{user_id}/raw: the provider records the sleep summaries of the range were normalised from. */
export const getSleepRaw =
  (deps: Deps): Handler<operations['getSleepRaw'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS, PRIORITY_OF_READ.getSleepRaw);
    return { status: 200, body: { sleep: readRaw(deps.caches.dataReads, windows, 'sleep', range) } };
  };
