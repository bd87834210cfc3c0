import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { recordOrderDraw } from '../../../jobs/lab-orders/change-order.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';

/** PATCH /v3/order/{order_id}/draw_completed: Record an on-site draw. */
export const updateOrderDrawCompleted =
  (deps: Deps): Handler<operations['updateOrderDrawCompleted'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const outcome = await recordOrderDraw(deps.db, { team_id: teamId, order_id: path.order_id, now: deps.now }, deps.caches.labOrders);
    if (outcome.outcome === 'not_found') throw orderNotFound(path.order_id);
    if (outcome.outcome === 'refused') throw new ApiError(400, outcome.detail);
    deps.labSimulations?.wake();
    return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Draw completed' } };
  };
