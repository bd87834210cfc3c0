import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readSummaries } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { listBody, prepareRangedRead } from './data-read-views.js';

/** GET /v2/summary/electrocardiogram/{user_id}: the user's electrocardiogram summaries of the range (its ECG recordings), as its data windows show them. */
export const getElectrocardiograms =
  (deps: Deps): Handler<operations['getElectrocardiograms'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS);
    return { status: 200, body: listBody(deps, 'getElectrocardiograms', path.user_id, query, 'electrocardiogram', readSummaries(deps.caches.dataReads, windows, 'electrocardiogram', range)) };
  };
