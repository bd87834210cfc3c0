/** GET /v2/timeseries/{user_id}/cholesterol/total (deprecated): the total cholesterol samples of the user's lab results. */
import { cholesterolFractionDefinition } from '../data-reads.js';

export const definition = cholesterolFractionDefinition('getCholesterolTotal', 'total');
