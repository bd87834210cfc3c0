import type { operations } from '../../../../generated/team/schema.js';
import { renderCollectionInstructionsPdf } from '../../../domain/lab-documents/collection-instructions.js';
import { collectionInstructionsRefusal } from '../../../domain/lab-documents/order-document-rules.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { documentFonts } from './document-fonts.js';
import { documentOrder, orderInstructionsModel } from './order-document-views.js';
import { requireOrder } from './order-views.js';

/**
 * GET /v3/order/{order_id}/collection_instruction_pdf: the collection instructions of the
 * order's lab test (a testkit's), headed with its patient and ids, dated with the order's
 * creation so that the same order gives the same bytes.
 */
export const getOrderCollectionInstructionPdf =
  (deps: Deps): Handler<operations['getOrderCollectionInstructionPdf'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const order = await requireOrder(deps, teamId, path.order_id);
    const refusal = collectionInstructionsRefusal(documentOrder(order));
    if (refusal !== null) throw new ApiError(400, refusal);
    return { status: 200, body: await renderCollectionInstructionsPdf(orderInstructionsModel(order), documentFonts(deps)) };
  };
