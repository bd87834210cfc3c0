import type { operations } from '../../../../generated/team/schema.js';
import { setOrderSmsEnabled } from '../../../storage/repositories/lab-order-changes.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';

/** PATCH /v3/order/{order_id}/communication_settings: stores whether the order's patient gets text messages. */
export const updateOrderCommunicationSettings =
  (deps: Deps): Handler<operations['updateOrderCommunicationSettings'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    if (!(await setOrderSmsEnabled(deps.db, { team_id: teamId, order_id: path.order_id, sms_enabled: body.sms_enabled }))) throw orderNotFound(path.order_id);
    return { status: 200, body: { order_id: path.order_id.toLowerCase(), sms_enabled: body.sms_enabled } };
  };
