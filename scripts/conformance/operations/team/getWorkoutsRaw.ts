/** GET /v2/summary/workouts/{user_id}/raw: Get raw workout records. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getWorkoutsRaw',
  template: '/v2/summary/workouts/{user_id}/raw',
  key: 'workouts',
  provider: 'strava',
  raw: true,
  daily: false,
});
