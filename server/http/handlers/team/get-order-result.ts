import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireResults } from './result-views.js';

/** GET /v3/order/{order_id}/result: Get the results of a lab order (stored when the order reached them). */
export const getOrderResult =
  (deps: Deps): Handler<operations['getOrderResult'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const { results } = await requireResults(deps, teamId, path.order_id);
    return { status: 200, body: results.results };
  };
