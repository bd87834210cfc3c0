/** GET /v2/timeseries/{user_id}/cholesterol/triglycerides (deprecated): the triglycerides cholesterol samples of the user's lab results. */
import { cholesterolFractionDefinition } from '../data-reads.js';

export const definition = cholesterolFractionDefinition('getCholesterolTriglycerides', 'triglycerides');
