import type { components, operations } from '../../../../generated/team/schema.js';
import { renderAbnPdf } from '../../../domain/lab-documents/abn.js';
import { abnRefusal } from '../../../domain/lab-documents/order-document-rules.js';
import { findLatestInsurance } from '../../../storage/repositories/insurances.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { documentFonts } from './document-fonts.js';
import { abnModel, documentOrder } from './order-document-views.js';
import { requireOrder } from './order-views.js';

type Insurance = components['schemas']['ClientFacingInsurance'];

/**
 * GET /v3/order/{order_id}/abn_pdf: the Advance Beneficiary Notice of an order the lab bills to
 * a Medicare patient's insurance: the user's primary insurance on file decides whether the
 * patient is one (domain/lab-documents/order-document-rules.ts).
 */
export const getOrderAbnPdf =
  (deps: Deps): Handler<operations['getOrderAbnPdf'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const order = await requireOrder(deps, teamId, path.order_id);
    const insurance = await findLatestInsurance<Insurance>(deps.db, { team_id: teamId, user_id: order.user_id, is_primary: true });
    const refusal = abnRefusal(documentOrder(order), insurance?.record.payor_code ?? null);
    if (refusal !== null || !insurance) throw new ApiError(400, refusal ?? `Order ${order.id} has no Advance Beneficiary Notice.`);
    return { status: 200, body: await renderAbnPdf(abnModel(order, insurance.record), documentFonts(deps)) };
  };
