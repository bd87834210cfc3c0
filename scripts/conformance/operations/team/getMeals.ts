/** GET /v2/summary/meal/{user_id}: Get meals. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getMeals',
  template: '/v2/summary/meal/{user_id}',
  key: 'meals',
  provider: 'cronometer',
});
