import type { operations } from '../../../../generated/team/schema.js';
import { readSleepStream } from '../../../jobs/data-reads/read-data.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/timeseries/sleep/{sleep_id}/stream: the samples of a sleep session one of the team's users can read. */
export const getSleepStream =
  (deps: Deps): Handler<operations['getSleepStream'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const stream = await readSleepStream(deps.db, deps.caches.dataReads, teamId, path.sleep_id);
    if (!stream) throw notFound(`Sleep ${path.sleep_id} not found.`);
    return { status: 200, body: stream };
  };
