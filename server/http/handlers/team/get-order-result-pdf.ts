import type { operations } from '../../../../generated/team/schema.js';
import { renderResultReportPdf } from '../../../domain/lab-documents/render.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireResults, resultReportModel } from './result-views.js';
import { documentFonts } from './document-fonts.js';

/** GET /v3/order/{order_id}/result/pdf: the result report, rendered from the stored results. */
export const getOrderResultPdf =
  (deps: Deps): Handler<operations['getOrderResultPdf'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const { order, results } = await requireResults(deps, teamId, path.order_id);
    return { status: 200, body: await renderResultReportPdf(resultReportModel(order, results), documentFonts(deps)) };
  };
