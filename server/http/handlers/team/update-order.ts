import type { operations } from '../../../../generated/team/schema.js';
import { isPastDay } from '../../../domain/lab-orders/changes.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { changeOrderActivation } from '../../../jobs/lab-orders/change-order.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';

/** PATCH /v3/order/{order_id}: Update an order (its activation day, while it is received). */
export const updateOrder =
  (deps: Deps): Handler<operations['updateOrder'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const today = deps.now().toISOString().slice(0, 10);
    if (body.activate_by !== null && isPastDay(body.activate_by, today)) {
      throw ValidationFailure.single(['body', 'activate_by'], `The activation day ${body.activate_by} is before today (${today}, UTC)`);
    }
    const outcome = await changeOrderActivation(deps.db, { team_id: teamId, order_id: path.order_id, activate_by: body.activate_by, now: deps.now }, deps.caches.labOrders);
    if (outcome.outcome === 'not_found') throw orderNotFound(path.order_id);
    if (outcome.outcome === 'refused') throw new ApiError(400, outcome.detail);
    return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Order updated' } };
  };
