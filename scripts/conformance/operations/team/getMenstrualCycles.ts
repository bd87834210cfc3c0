/** GET /v2/summary/menstrual_cycle/{user_id}: Get menstrual cycles. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getMenstrualCycles',
  template: '/v2/summary/menstrual_cycle/{user_id}',
  key: 'menstrual_cycle',
  provider: 'oura',
  // A cycle is reported on its last day only, and only for people who have cycles.
  daily: false,
});
