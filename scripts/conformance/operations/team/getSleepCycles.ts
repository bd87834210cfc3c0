/** GET /v2/summary/sleep_cycle/{user_id}: Get sleep cycles. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getSleepCycles',
  template: '/v2/summary/sleep_cycle/{user_id}',
  key: 'sleep_cycle',
  provider: 'fitbit',
});
