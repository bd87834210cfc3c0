import type { operations } from '../../../../generated/team/schema.js';
import { renderLabelsPdf } from '../../../domain/lab-documents/labels.js';
import { labelsRefusal } from '../../../domain/lab-documents/order-document-rules.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { documentFonts } from './document-fonts.js';
import { documentOrder, labelsModel } from './order-document-views.js';
import { requireOrder } from './order-views.js';

/**
 * GET /v3/order/{order_id}/labels/pdf: the specimen labels of an order whose sample the team's
 * side collects, while it is still to be collected (domain/lab-documents/order-document-rules.ts).
 */
export const getOrderLabelsPdf =
  (deps: Deps): Handler<operations['getOrderLabelsPdf'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const order = await requireOrder(deps, teamId, path.order_id);
    const refusal = labelsRefusal(documentOrder(order));
    if (refusal !== null) throw new ApiError(400, refusal);
    const model = labelsModel(order, query.collection_date, query.number_of_labels ?? 3);
    return { status: 200, body: await renderLabelsPdf(model, documentFonts(deps)) };
  };
