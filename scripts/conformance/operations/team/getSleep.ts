/** GET /v2/summary/sleep/{user_id}: Get sleep summaries. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getSleep',
  template: '/v2/summary/sleep/{user_id}',
  key: 'sleep',
  provider: 'fitbit',
});
