import type { operations } from '../../../../generated/team/schema.js';
import { renderResultReportPdf } from '../../../domain/lab-documents/render.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { documentFonts } from './document-fonts.js';
import { requireTransactionResults } from './order-transaction-views.js';
import { resultReportModel } from './result-views.js';

/** GET /v3/order_transaction/{transaction_id}/result/pdf: the transaction's result report, for its newest order with results. */
export const getOrderTransactionResultPdf =
  (deps: Deps): Handler<operations['getOrderTransactionResultPdf'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const { order, record } = await requireTransactionResults(deps, teamId, path.transaction_id);
    return { status: 200, body: await renderResultReportPdf(resultReportModel(order, record), documentFonts(deps)) };
  };
