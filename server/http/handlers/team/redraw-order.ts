import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { redrawLabOrder } from '../../../jobs/lab-orders/redraw-order.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { redrawnOrder } from './order-requests.js';
import { orderNotFound } from './order-views.js';
import { requisitionUrlKey } from './requisition-url.js';

/** POST /v3/order/{order_id}/redraw (sandbox): a new order in the failed order's transaction; 409 with the reason when it cannot be redrawn. */
export const redrawOrder =
  (deps: Deps): Handler<operations['redrawOrder'], TeamContext> =>
  async ({ path }, { teamId }) => {
    // Read before the transaction: on PGlite a read outside it would wait for it.
    const requisitionKey = await requisitionUrlKey(deps);
    const outcome = await redrawLabOrder(deps.db, {
      team_id: teamId,
      order_id: path.order_id,
      now: deps.now,
      redraw: (parent, at) => redrawnOrder(deps, requisitionKey, parent, at),
    }, deps.caches.labOrders);
    if (outcome.outcome === 'not_found') throw orderNotFound(path.order_id);
    if (outcome.outcome === 'refused') throw new ApiError(outcome.status, outcome.detail);
    return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Order redrawn' } };
  };
