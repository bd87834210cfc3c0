import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireResults } from './result-views.js';

/** GET /v3/order/{order_id}/result/metadata: the metadata of the order's results alone. */
export const getOrderResultMetadata =
  (deps: Deps): Handler<operations['getOrderResultMetadata'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const { results } = await requireResults(deps, teamId, path.order_id);
    return { status: 200, body: results.results.metadata };
  };
