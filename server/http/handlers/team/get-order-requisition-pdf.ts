import type { operations } from '../../../../generated/team/schema.js';
import { parseStatus } from '../../../domain/lab-orders/lifecycle.js';
import { awaitsRegistration } from '../../../domain/lab-orders/testkit.js';
import { renderRequisitionPdf } from '../../../domain/lab-documents/render.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireOrder } from './order-views.js';
import { requisitionModel } from './result-views.js';
import { documentFonts } from './document-fonts.js';

/** GET /v3/order/{order_id}/requisition/pdf: the requisition form, rendered from the order; none for a cancelled order. */
export const getOrderRequisitionPdf =
  (deps: Deps): Handler<operations['getOrderRequisitionPdf'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const order = await requireOrder(deps, teamId, path.order_id);
    if (parseStatus(order.status)?.top === 'cancelled') {
      throw new ApiError(400, `Order ${order.id} was cancelled; it has no requisition form.`);
    }
    if (awaitsRegistration(order)) {
      throw new ApiError(400, `Order ${order.id} is a testkit awaiting registration; its requisition form exists once its patient registered it.`);
    }
    return { status: 200, body: await renderRequisitionPdf(requisitionModel(order), documentFonts(deps)) };
  };
