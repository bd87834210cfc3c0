/** GET /v2/summary/workouts/{user_id}: Get workout summaries. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getWorkouts',
  template: '/v2/summary/workouts/{user_id}',
  key: 'workouts',
  provider: 'strava',
  daily: false,
});
