/** GET /v2/summary/activity/{user_id}/raw: Get raw activity records. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getActivityRaw',
  template: '/v2/summary/activity/{user_id}/raw',
  key: 'activity',
  provider: 'fitbit',
  raw: true,
});
