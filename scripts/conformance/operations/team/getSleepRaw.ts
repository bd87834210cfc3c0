/** GET /v2/summary/sleep/{user_id}/raw: Get raw sleep records. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getSleepRaw',
  template: '/v2/summary/sleep/{user_id}/raw',
  key: 'sleep',
  provider: 'fitbit',
  raw: true,
});
