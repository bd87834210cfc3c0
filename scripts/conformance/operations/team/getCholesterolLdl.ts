/** GET /v2/timeseries/{user_id}/cholesterol/ldl (deprecated): the ldl cholesterol samples of the user's lab results. */
import { cholesterolFractionDefinition } from '../data-reads.js';

export const definition = cholesterolFractionDefinition('getCholesterolLdl', 'ldl');
