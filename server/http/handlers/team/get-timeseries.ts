import type { operations } from '../../../../generated/team/schema.js';
import { MAX_PLAIN_TIMESERIES_DAYS } from '../../../domain/data/ranges.js';
import { readTimeseries } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import { PRIORITY_OF_READ } from '../../../domain/team/source-priorities.js';
import type { Deps, TeamContext } from '../context.js';
import { isLabTimeseriesResource } from '../../../domain/lab-results/timeseries.js';
import { prepareRangedRead, readBody, requireTimeseriesResource } from './data-read-views.js';
import { plainLabSamples, readLabTimeseries } from './lab-timeseries-views.js';

/** GET /v2/timeseries/{user_id}/{resource} (deprecated): every sample of the range as one array, oldest first. */
export const getTimeseries =
  (deps: Deps): Handler<operations['getTimeseries'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    if (isLabTimeseriesResource(path.resource)) {
      return { status: 200, body: plainLabSamples(await readLabTimeseries(deps, teamId, path.user_id, path.resource, query, MAX_PLAIN_TIMESERIES_DAYS)) };
    }
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_PLAIN_TIMESERIES_DAYS, PRIORITY_OF_READ.getTimeseries);
    const samples = readTimeseries(deps.caches.dataReads, windows, requireTimeseriesResource(path.resource), range);
    return { status: 200, body: readBody(deps, 'getTimeseries', path.user_id, { resource: path.resource, ...query }, samples, () => samples) };
  };
