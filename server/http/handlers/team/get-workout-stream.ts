import type { operations } from '../../../../generated/team/schema.js';
import { readWorkoutStream } from '../../../jobs/data-reads/read-data.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/timeseries/workouts/{workout_id}/stream: the stream of a workout one of the team's users can read. */
export const getWorkoutStream =
  (deps: Deps): Handler<operations['getWorkoutStream'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const stream = await readWorkoutStream(deps.db, deps.caches.dataReads, teamId, path.workout_id);
    if (!stream) throw notFound(`Workout ${path.workout_id} not found.`);
    return { status: 200, body: stream };
  };
