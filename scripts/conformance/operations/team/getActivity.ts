/** GET /v2/summary/activity/{user_id}: Get activity summaries. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getActivity',
  template: '/v2/summary/activity/{user_id}',
  key: 'activity',
  provider: 'fitbit',
});
