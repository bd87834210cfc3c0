/**
 * The request processing every way of placing an order shares (POST /v3/order and
 * POST /v3/order/import): the request checked in full (one 422 naming every problem: the
 * patient's date of birth, the order set and its lab account, the consents, the diagnosis
 * codes), then the stored order built from it. The handlers keep what is theirs: the
 * idempotency key of createOrder, the sample id rule of importOrder.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { operations } from '../../../../generated/team/schema.js';
import { checkDiagnosisCodes, violationMessage } from '../../../domain/insurance/diagnoses.js';
import { storedConsents, type ConsentInput } from '../../../domain/lab-orders/consents.js';
import { initialStatus, parseStatus } from '../../../domain/lab-orders/lifecycle.js';
import { newOrderBody, patientName, recipientName, redrawOrderBody } from '../../../domain/lab-orders/order.js';
import { requisitionUrlExpiry, signedRequisitionUrl } from '../../../domain/lab-documents/signed-url.js';
import { resolveOrderLabTests } from '../../../domain/lab-orders/order-set.js';
import { COLLECTION_METHODS, toLabTestView, type CollectionMethod, type LabTestDefinition } from '../../../domain/lab-tests/catalog.js';
import type { LabOrderRecord, NewLabOrder } from '../../../storage/repositories/lab-orders.js';
import type { NewLabTest } from '../../../storage/repositories/lab-tests.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';
import { ValidationFailure } from '../../api-error.js';
import type { Deps, TeamContext } from '../context.js';
import { teamMarkerCatalog } from './lab-account-views.js';
import { findTeamLabTests, storedLabTestView } from './lab-test-views.js';
import { birthDateItems, toGuarantorDetails, toPhysician } from './request-records.js';
import { requisitionFormUrl } from './requisition-url.js';

type CreateOrderBody = operations['createOrder']['requestBody']['content']['application/json'];

/**
 * An order request: the fields of CreateOrderRequest, of which ImportOrderRequest has a part
 * (the same schemas, so the same types); what a request leaves out is what createOrder's
 * leaves out.
 */
export type OrderRequest = Pick<CreateOrderBody, 'user_id' | 'patient_details' | 'patient_address'> &
  Partial<Pick<CreateOrderBody,
    'order_set' | 'lab_test_id' | 'collection_method' | 'physician' | 'health_insurance' | 'priority' | 'billing_type'
    | 'icd_codes' | 'consents' | 'activate_by' | 'passthrough' | 'clinical_notes' | 'lab_account_id'>>;

export interface PreparedOrder {
  order: NewLabOrder;
  /** The lab test an order set of several tests or add-ons becomes, stored with the order; null for one existing lab test. */
  new_lab_test: NewLabTest | null;
}

const isMethod = (value: string | null | undefined): value is CollectionMethod => (COLLECTION_METHODS as readonly string[]).includes(value ?? '');

/** A sample id as labs print them on the tube: `SB` and 10 digits. */
const newSampleId = () => `SB${String(randomInt(0, 1e10)).padStart(10, '0')}`;

/**
 * Checks an order request in full and builds the order it places, at `received.<method>.ordered`,
 * under `sample_id` when given (an import's) or a new one. Throws the one 422 naming every
 * problem; the user is not looked up here (storing the order finds it, or not: a 404).
 */
export async function prepareOrder(deps: Deps, caller: TeamContext, request: OrderRequest, options: { sample_id?: string } = {}): Promise<PreparedOrder> {
  const teamId = caller.teamId;
  const hasOrderSet = request.order_set !== undefined && request.order_set !== null;
  const hasLabTestId = request.lab_test_id !== undefined && request.lab_test_id !== null;
  if (hasOrderSet === hasLabTestId) {
    throw ValidationFailure.single(['body'], hasOrderSet ? 'Give order_set or the deprecated lab_test_id, not both' : 'Give order_set (or the deprecated lab_test_id)');
  }
  const orderSet = request.order_set ?? null;
  const labTestIds = hasLabTestId ? [request.lab_test_id as string] : (orderSet?.lab_test_ids ?? []);
  const collectionMethod = request.collection_method ?? null;
  if (collectionMethod !== null && !isMethod(collectionMethod)) throw ValidationFailure.single(['body', 'collection_method'], `Unknown collection method ${collectionMethod}`);

  // Every problem of the request in one 422: the patient's, the order set's and the consents'.
  const problems: ValidationErrorItem[] = birthDateItems(['body', 'patient_details', 'dob'], request.patient_details.dob, deps.now());

  const found = await findTeamLabTests(deps, teamId, labTestIds);
  const resolved = resolveOrderLabTests(teamMarkerCatalog(deps, caller), {
    lab_test_ids: labTestIds,
    lab_test_loc: hasLabTestId ? ['lab_test_id'] : ['order_set', 'lab_test_ids'],
    single_lab_test: hasLabTestId,
    add_on_marker_ids: orderSet?.add_on?.marker_ids ?? [],
    add_on_provider_ids: orderSet?.add_on?.provider_ids ?? [],
    collection_method: collectionMethod,
    lab_accounts: [
      ...(orderSet?.lab_account_id ? [{ id: orderSet.lab_account_id, loc: ['order_set', 'lab_account_id'] }] : []),
      ...(request.lab_account_id ? [{ id: request.lab_account_id, loc: ['lab_account_id'] }] : []),
    ],
    billing_type: request.billing_type ?? null,
    patient_state: request.patient_address.state ?? null,
  }, found);
  if (!resolved.ok) {
    problems.push(...resolved.problems.map((p) => ({
      loc: ['body', ...(p.loc[0] === 'add_on' ? ['order_set', ...p.loc] : p.loc.length > 0 ? p.loc : ['collection_method'])],
      msg: p.msg,
      type: 'value_error',
    })));
  }

  // Consent's anyOf (one spelling of consent_type required) types as unknown; the validator checked its shape.
  const consents = storedConsents((request.consents ?? []) as ConsentInput[]);
  if (!consents.ok) problems.push(...consents.problems.map((p) => ({ loc: ['body', 'consents', ...p.loc], msg: p.msg, type: 'value_error' })));
  // The diagnosis codes, by the rules of POST /v3/insurance/validate_icd_codes.
  const diagnoses = checkDiagnosisCodes(request.icd_codes ?? []);
  problems.push(
    ...diagnoses.error_positions.map((e) => ({ loc: ['body', 'icd_codes', e.index], msg: e.message, type: 'value_error' })),
    ...diagnoses.violations.map((v) => ({ loc: ['body', 'icd_codes'], msg: violationMessage(v), type: 'value_error' })),
  );
  if (problems.length > 0 || !resolved.ok || !consents.ok) throw new ValidationFailure(problems);

  const orderId = randomUUID();
  const at = deps.now().toISOString();
  const method = resolved.method;
  const labTest: LabTestDefinition = 'lab_test' in resolved ? resolved.lab_test : { ...resolved.new_lab_test, id: orderId };
  const status = initialStatus(method);
  const orderBody = newOrderBody({
    order_id: orderId,
    details_id: randomUUID(),
    shipment_id: randomUUID(),
    at,
    requisition_form_url: await requisitionFormUrl(deps, orderId, at),
    lab_test: 'lab_test' in resolved ? storedLabTestView(deps, labTest) : toLabTestView(deps.markers, labTest),
    method,
    patient_details: { ...request.patient_details, medical_proxy: request.patient_details.medical_proxy ? toGuarantorDetails(request.patient_details.medical_proxy) : null },
    patient_address: request.patient_address,
    physician: request.physician ? toPhysician(request.physician) : null,
    health_insurance_id: request.health_insurance ? randomUUID() : null,
    priority: request.priority,
    billing_type: request.billing_type,
    icd_codes: request.icd_codes,
    consents: consents.consents,
    activate_by: request.activate_by,
    passthrough: request.passthrough,
    clinical_notes: request.clinical_notes,
    lab_account_id: request.lab_account_id ?? orderSet?.lab_account_id ?? null,
  });
  const order: NewLabOrder = {
    id: orderId,
    team_id: teamId,
    user_id: request.user_id.toLowerCase(), // as the database writes a uuid: the answer and the event say what a read says
    lab_test_id: labTest.id,
    method,
    status,
    low_status: parseStatus(status)?.low ?? 'ordered',
    patient_name: patientName(request.patient_details),
    sample_id: options.sample_id ?? newSampleId(),
    activate_by: orderBody.activate_by,
    receiver_name: recipientName(request.patient_details, request.patient_address),
    body: orderBody as unknown as Record<string, unknown>,
    at,
  };
  const newLabTest = 'new_lab_test' in resolved ? { team_id: teamId, ...resolved.new_lab_test, marker_ids: [...resolved.new_lab_test.marker_ids] } : null;
  return { order, new_lab_test: newLabTest };
}

/**
 * The new order that redraws `parent` at `at` (POST /v3/order/{order_id}/redraw): the parent's
 * patient, lab test and terms (domain redrawOrderBody) under a new id, sample id and requisition
 * form signed with `requisitionKey`. Synchronous: it runs inside the redraw's transaction.
 */
export function redrawnOrder(deps: Pick<Deps, 'config'>, requisitionKey: string, parent: LabOrderRecord, at: string): NewLabOrder {
  const orderId = randomUUID();
  const parentBody = parent.body as unknown as Parameters<typeof redrawOrderBody>[0];
  const body = redrawOrderBody(parentBody, {
    order_id: orderId,
    details_id: randomUUID(),
    shipment_id: randomUUID(),
    at,
    requisition_form_url: signedRequisitionUrl({ base_url: deps.config.publicTeamUrl, order_id: orderId, expires: requisitionUrlExpiry(at), key: requisitionKey }),
  });
  const status = initialStatus(parentBody.details.type);
  return {
    id: orderId,
    team_id: parent.team_id,
    user_id: parent.user_id,
    lab_test_id: parent.lab_test_id,
    method: parent.method,
    status,
    low_status: parseStatus(status)?.low ?? 'ordered',
    patient_name: patientName(parentBody.patient_details),
    sample_id: newSampleId(),
    activate_by: null,
    receiver_name: recipientName(parentBody.patient_details, parentBody.patient_address),
    body: body as unknown as Record<string, unknown>,
    at,
  };
}
