import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { cancelLabOrder } from '../../../jobs/lab-orders/cancel-order.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';

/** POST /v3/order/{order_id}/cancel: Cancel an order (400 with the reason when its status does not allow it). */
export const cancelOrder =
  (deps: Deps): Handler<operations['cancelOrder'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const outcome = await cancelLabOrder(deps.db, { team_id: teamId, order_id: path.order_id, now: deps.now }, deps.caches.labOrders);
    if (outcome.outcome === 'not_found') throw orderNotFound(path.order_id);
    if (outcome.outcome === 'refused') throw new ApiError(400, outcome.detail);
    return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Order cancelled' } };
  };
