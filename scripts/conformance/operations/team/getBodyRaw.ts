/** GET /v2/summary/body/{user_id}/raw: Get raw body records. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getBodyRaw',
  template: '/v2/summary/body/{user_id}/raw',
  key: 'body',
  provider: 'withings',
  raw: true,
  daily: false,
});
