import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireOrder } from './order-views.js';

/** GET /v3/order/{order_id}: Get an order. */
export const getOrder =
  (deps: Deps): Handler<operations['getOrder'], TeamContext> =>
  async ({ path }, { teamId }) => ({ status: 200, body: toOrderView(await requireOrder(deps, teamId, path.order_id)) });
