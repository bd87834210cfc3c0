/** GET /v2/timeseries/{user_id}/cholesterol/hdl (deprecated): the hdl cholesterol samples of the user's lab results. */
import { cholesterolFractionDefinition } from '../data-reads.js';

export const definition = cholesterolFractionDefinition('getCholesterolHdl', 'hdl');
