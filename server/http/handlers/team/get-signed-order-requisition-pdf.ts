import type { operations } from '../../../../generated/team/schema.js';
import { parseStatus } from '../../../domain/lab-orders/lifecycle.js';
import { renderRequisitionPdf } from '../../../domain/lab-documents/render.js';
import { verifyRequisitionSignature } from '../../../domain/lab-documents/signed-url.js';
import { findOrderOfAnyTeam } from '../../../storage/repositories/lab-orders.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';
import { requisitionUrlKey } from './requisition-url.js';
import { requisitionModel } from './result-views.js';
import { documentFonts } from './document-fonts.js';

/**
 * GET /v3/order/{order_id}/requisition/pdf/signed: the requisition form through the signed
 * `requisition_form_url` of the order, without an API key. The signature is checked before
 * the order is looked up, so an unsigned request learns nothing about which orders exist.
 */
export const getSignedOrderRequisitionPdf =
  (deps: Deps): Handler<operations['getSignedOrderRequisitionPdf'], TeamContext> =>
  async ({ path, query }) => {
    const verdict = verifyRequisitionSignature({ order_id: path.order_id, expires: query.expires, signature: query.signature, key: await requisitionUrlKey(deps), now: deps.now() });
    if (verdict === 'invalid') throw new ApiError(403, 'Invalid signature: this is not the requisition form URL of this order.');
    if (verdict === 'expired') {
      throw new ApiError(403, `This requisition form URL expired at ${new Date(query.expires * 1000).toISOString()}; download the form from GET /v3/order/${path.order_id}/requisition/pdf with the team's API key.`);
    }
    const order = await findOrderOfAnyTeam(deps.db, path.order_id, deps.caches.labOrders.labTestValues);
    if (!order) throw orderNotFound(path.order_id);
    if (parseStatus(order.status)?.top === 'cancelled') throw new ApiError(400, `Order ${order.id} was cancelled; it has no requisition form.`);
    return { status: 200, body: await renderRequisitionPdf(requisitionModel(order), documentFonts(deps)) };
  };
