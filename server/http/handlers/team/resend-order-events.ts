import type { operations } from '../../../../generated/team/schema.js';
import { resendOrderEvents as resend } from '../../../jobs/lab-orders/resend-events.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v3/order/resend_events: one new labtest.order.updated per order selected. */
export const resendOrderEvents =
  (deps: Deps): Handler<operations['resendOrderEvents'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const outcome = await resend(deps.db, { team_id: teamId, order_ids: body.order_ids, start_at: body.start_at, end_at: body.end_at, now: deps.now }, deps.caches.labOrders);
    if (!outcome.ok) throw new ValidationFailure(outcome.refusals.map(({ loc, msg }) => ({ loc, msg, type: 'value_error' })));
    return { status: 200, body: { order_ids: outcome.order_ids } };
  };
