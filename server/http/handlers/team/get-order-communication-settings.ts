import type { operations } from '../../../../generated/team/schema.js';
import { smsEnabled } from '../../../domain/lab-orders/changes.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireOrder } from './order-views.js';

/** GET /v3/order/{order_id}/communication_settings: whether the order's patient gets text messages. */
export const getOrderCommunicationSettings =
  (deps: Deps): Handler<operations['getOrderCommunicationSettings'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const order = await requireOrder(deps, teamId, path.order_id);
    return { status: 200, body: { order_id: order.id, sms_enabled: smsEnabled(order.body as { sms_enabled?: boolean }) } };
  };
