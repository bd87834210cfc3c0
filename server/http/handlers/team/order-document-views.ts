import type { components } from '../../../../generated/team/schema.js';
import type { AbnModel } from '../../../domain/lab-documents/abn.js';
import type { CollectionInstructionsModel } from '../../../domain/lab-documents/collection-instructions.js';
import type { LabelsModel } from '../../../domain/lab-documents/labels.js';
import type { DocumentOrder } from '../../../domain/lab-documents/order-document-rules.js';
import type { DocumentAddress, DocumentPatient } from '../../../domain/lab-documents/render.js';
import type { LabTestView } from '../../../domain/lab-tests/catalog.js';
import type { LabOrderRecord } from '../../../storage/repositories/lab-orders.js';

type Insurance = components['schemas']['ClientFacingInsurance'];

/** The parts of a stored order's body the order documents print (the lab test as the order stored it). */
interface OrderBodyForDocuments {
  patient_details: DocumentPatient | null;
  patient_address: DocumentAddress | null;
  lab_test: LabTestView;
  icd_codes?: string[] | null;
}

const bodyOf = (order: LabOrderRecord) => order.body as unknown as OrderBodyForDocuments;

/** What the document rules read of a stored order. */
export const documentOrder = (order: LabOrderRecord): DocumentOrder => ({ id: order.id, method: order.method, status: order.status, body: order.body });

/** The order's collection instructions: its lab test's, headed with the order (no patient while an unregistered kit awaits one). */
export function orderInstructionsModel(order: LabOrderRecord): CollectionInstructionsModel {
  const body = bodyOf(order);
  const test = body.lab_test;
  const patient = body.patient_details;
  return {
    lab_test_id: test.id,
    lab_test_name: test.name,
    method: test.method,
    sample_type: test.sample_type,
    fasting: test.fasting,
    lab_name: test.lab.name,
    markers: test.markers.map((m) => ({ name: m.name, provider_id: m.provider_id })),
    date: order.created_at,
    order: {
      order_id: order.id,
      sample_id: order.sample_id,
      patient: patient ? { name: `${patient.first_name} ${patient.last_name}`.trim(), dob: patient.dob } : null,
    },
  };
}

/** The order's labels; only called once the rules found its patient (labelsRefusal). */
export function labelsModel(order: LabOrderRecord, collectionDate: string, count: number): LabelsModel {
  const body = bodyOf(order);
  return {
    order_id: order.id,
    sample_id: order.sample_id,
    patient: body.patient_details!,
    lab: { name: body.lab_test.lab.name },
    lab_test: { name: body.lab_test.name },
    collection_date: collectionDate,
    count,
    date: order.created_at,
  };
}

/** The order's ABN; only called once the rules found its patient and Medicare insurance (abnRefusal). */
export function abnModel(order: LabOrderRecord, insurance: Insurance): AbnModel {
  const body = bodyOf(order);
  const lab = body.lab_test.lab;
  return {
    order_id: order.id,
    sample_id: order.sample_id,
    created_at: order.created_at,
    patient: body.patient_details!,
    address: body.patient_address!,
    lab: { name: lab.name, first_line_address: lab.first_line_address, city: lab.city, zipcode: lab.zipcode },
    lab_test: { name: body.lab_test.name },
    markers: body.lab_test.markers.map((m) => ({ name: m.name, provider_id: m.provider_id, price: m.price ?? null })),
    insurance: { payor_code: insurance.payor_code, payor_name: insurance.company.name, member_id: insurance.member_id },
    icd_codes: body.icd_codes ?? [],
  };
}
