/** GET /v2/summary/electrocardiogram/{user_id}: Get ECG recordings. */
import { summaryDefinition } from '../data-reads.js';

export const definition = summaryDefinition({
  operationId: 'getElectrocardiograms',
  template: '/v2/summary/electrocardiogram/{user_id}',
  key: 'electrocardiogram',
  provider: 'kardia',
  // A recording is taken on some days only.
  daily: false,
});
