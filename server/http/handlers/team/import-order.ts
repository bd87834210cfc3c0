import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { createLabOrder } from '../../../jobs/lab-orders/create-order.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareOrder } from './order-requests.js';
import { userNotFound } from './views.js';

/**
 * POST /v3/order/import: Import an order placed outside the API under its sample id. Checked
 * and built as createOrder's orders are (order-requests.ts); stored with its first event and
 * `labtest.order.created` unless an order of the team has the sample id already (409).
 */
export const importOrder =
  (deps: Deps): Handler<operations['importOrder'], TeamContext> =>
  async ({ body }, caller) => {
    const { order, new_lab_test } = await prepareOrder(deps, caller, body, { sample_id: body.sample_id });
    const outcome = await createLabOrder(deps.db, { team_id: caller.teamId, idempotency: null, new_lab_test, order, unique_sample_id: true }, deps.caches.labOrders);
    switch (outcome.outcome) {
      case 'user_not_found':
        throw userNotFound(body.user_id);
      case 'sample_id_taken':
        throw new ApiError(409, `The sample id ${body.sample_id} is the order ${outcome.order_id}'s already; one sample id names one order.`);
      case 'created':
        return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Order imported' } };
      default:
        throw new ApiError(500, 'Unexpected outcome');
    }
  };
