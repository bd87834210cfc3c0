/** GET /v2/summary/body/{user_id}: Get body summaries. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getBody',
  template: '/v2/summary/body/{user_id}',
  key: 'body',
  provider: 'withings',
  daily: false,
});
