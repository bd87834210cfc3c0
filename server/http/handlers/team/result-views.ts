import type { LabResults } from '../../../domain/lab-results/generate.js';
import type { RequisitionModel, ResultReportModel } from '../../../domain/lab-documents/render.js';
import type { LabOrderRecord } from '../../../storage/repositories/lab-orders.js';
import { findLabResults, type LabResultsRecord } from '../../../storage/repositories/lab-results.js';
import { ApiError } from '../../api-error.js';
import type { Deps } from '../context.js';
import { requireOrder } from './order-views.js';

/** The parts of a stored order's body the documents print. */
interface OrderBodyForDocuments {
  patient_details: RequisitionModel['patient'];
  patient_address: RequisitionModel['address'];
  lab_test: { name: string; fasting?: boolean; lab: { name: string }; markers: { name: string; provider_id: string }[] };
  physician: RequisitionModel['physician'];
  priority?: boolean;
  icd_codes?: string[] | null;
  billing_type?: string | null;
}

const bodyOf = (order: LabOrderRecord) => order.body as unknown as OrderBodyForDocuments;

/**
 * The team's order and its results. An unknown order (or another team's) is a 404; an
 * order without results yet is a 400 naming its status (documented in the spec's
 * ResultsNotReady response).
 */
export async function requireResults(deps: Deps, teamId: string, orderId: string): Promise<{ order: LabOrderRecord; results: LabResultsRecord<LabResults> }> {
  const order = await requireOrder(deps, teamId, orderId);
  const results = await findLabResults<LabResults>(deps.db, { team_id: teamId, order_id: order.id });
  if (!results) {
    throw new ApiError(400, `Order ${order.id} has no results yet (status ${order.status}); results exist once it is completed.`);
  }
  return { order, results };
}

export function requisitionModel(order: LabOrderRecord): RequisitionModel {
  const body = bodyOf(order);
  return {
    order_id: order.id,
    sample_id: order.sample_id,
    created_at: order.created_at,
    patient: body.patient_details,
    address: body.patient_address,
    lab: body.lab_test.lab,
    lab_test: { name: body.lab_test.name },
    markers: body.lab_test.markers.map((marker) => ({ name: marker.name, provider_id: marker.provider_id })),
    physician: body.physician ?? null,
    collection_method: order.method,
    priority: body.priority ?? false,
    fasting: body.lab_test.fasting ?? false,
    icd_codes: body.icd_codes ?? [],
    billing_type: body.billing_type ?? null,
  };
}

export function resultReportModel(order: LabOrderRecord, results: LabResultsRecord<LabResults>): ResultReportModel {
  const body = bodyOf(order);
  return {
    order_id: order.id,
    sample_id: order.sample_id,
    patient: body.patient_details,
    lab: body.lab_test.lab,
    lab_test: { name: body.lab_test.name },
    physician: body.physician ?? null,
    results: results.results,
    reported_at: results.updated_at,
  };
}
