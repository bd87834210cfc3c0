import { randomInt, randomUUID } from 'node:crypto';
import type { operations } from '../../../../generated/team/schema.js';
import { checkDiagnosisCodes, violationMessage } from '../../../domain/insurance/diagnoses.js';
import { storedConsents, type ConsentInput } from '../../../domain/lab-orders/consents.js';
import { bodyHash, earlierBodyHash } from '../../../domain/lab-orders/idempotency.js';
import { initialStatus, parseStatus } from '../../../domain/lab-orders/lifecycle.js';
import { newOrderBody, patientName, recipientName, toOrderView } from '../../../domain/lab-orders/order.js';
import { resolveOrderLabTests } from '../../../domain/lab-orders/order-set.js';
import { COLLECTION_METHODS, toLabTestView, type CollectionMethod, type LabTestDefinition } from '../../../domain/lab-tests/catalog.js';
import { createLabOrder, createLabOrders, type CreateOrderOutcome } from '../../../jobs/lab-orders/create-order.js';
import { LabOrderVacuum } from '../../../jobs/lab-orders/maintenance.js';
import { groupCommit } from '../../../storage/group-commit.js';
import type { NewLabOrder } from '../../../storage/repositories/lab-orders.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { teamMarkerCatalog } from './lab-account-views.js';
import { findTeamLabTests, storedLabTestView } from './lab-test-views.js';
import { birthDateItems, toGuarantorDetails, toPhysician } from './request-records.js';
import { requisitionFormUrl } from './requisition-url.js';
import { userNotFound } from './views.js';

const IDEMPOTENCY_HEADER = 'x-idempotency-key';

const isMethod = (value: string | null | undefined): value is CollectionMethod => (COLLECTION_METHODS as readonly string[]).includes(value ?? '');

/** A sample id as labs print them on the tube: `SB` and 10 digits. */
const newSampleId = () => `SB${String(randomInt(0, 1e10)).padStart(10, '0')}`;

/**
 * POST /v3/order: Create an order. The request is checked in full first (one 422 naming
 * every problem: the patient's date of birth, the order set, the consents, the diagnosis codes), then the user
 * (404), then the idempotency key (see the spec). Concurrent plain orders (no idempotency
 * key, an existing lab test) are stored together: one transaction, one statement for the
 * orders (group commit).
 */
export const createOrder = (deps: Deps): Handler<operations['createOrder'], TeamContext> => {
  // Orders without an idempotency key or a new lab test: concurrent ones are stored together.
  const createTogether = groupCommit((batch: readonly NewLabOrder[]) => createLabOrders(deps.db, batch, deps.caches.labOrders));
  // The orders this handler writes, which schedule the PGlite vacuum of the order tables.
  const vacuum = new LabOrderVacuum(deps.db, deps.logger);
  return async ({ body, headers }, caller) => {
    const teamId = caller.teamId;
    const hasOrderSet = body.order_set !== undefined && body.order_set !== null;
    const hasLabTestId = body.lab_test_id !== undefined && body.lab_test_id !== null;
    if (hasOrderSet === hasLabTestId) {
      throw ValidationFailure.single(['body'], hasOrderSet ? 'Give order_set or the deprecated lab_test_id, not both' : 'Give order_set (or the deprecated lab_test_id)');
    }
    const orderSet = body.order_set ?? null;
    const labTestIds = hasLabTestId ? [body.lab_test_id as string] : (orderSet?.lab_test_ids ?? []);
    const collectionMethod = body.collection_method ?? null;
    if (collectionMethod !== null && !isMethod(collectionMethod)) throw ValidationFailure.single(['body', 'collection_method'], `Unknown collection method ${collectionMethod}`);

    // Every problem of the request in one 422: the patient's, the order set's and the consents'.
    const problems: ValidationErrorItem[] = birthDateItems(['body', 'patient_details', 'dob'], body.patient_details.dob, deps.now());

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
        ...(body.lab_account_id ? [{ id: body.lab_account_id, loc: ['lab_account_id'] }] : []),
      ],
      billing_type: body.billing_type ?? null,
      patient_state: body.patient_address.state ?? null,
    }, found);
    if (!resolved.ok) {
      problems.push(...resolved.problems.map((p) => ({
        loc: ['body', ...(p.loc[0] === 'add_on' ? ['order_set', ...p.loc] : p.loc.length > 0 ? p.loc : ['collection_method'])],
        msg: p.msg,
        type: 'value_error',
      })));
    }

    // Consent's anyOf (one spelling of consent_type required) types as unknown; the validator checked its shape.
    const consents = storedConsents((body.consents ?? []) as ConsentInput[]);
    if (!consents.ok) problems.push(...consents.problems.map((p) => ({ loc: ['body', 'consents', ...p.loc], msg: p.msg, type: 'value_error' })));
    // The diagnosis codes, by the rules of POST /v3/insurance/validate_icd_codes.
    const diagnoses = checkDiagnosisCodes(body.icd_codes ?? []);
    problems.push(
      ...diagnoses.error_positions.map((e) => ({ loc: ['body', 'icd_codes', e.index], msg: e.message, type: 'value_error' })),
      ...diagnoses.violations.map((v) => ({ loc: ['body', 'icd_codes'], msg: violationMessage(v), type: 'value_error' })),
    );
    if (problems.length > 0 || !resolved.ok || !consents.ok) throw new ValidationFailure(problems);

    const key = headers[IDEMPOTENCY_HEADER as keyof typeof headers] as string | undefined;
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
      patient_details: { ...body.patient_details, medical_proxy: body.patient_details.medical_proxy ? toGuarantorDetails(body.patient_details.medical_proxy) : null },
      patient_address: body.patient_address,
      physician: body.physician ? toPhysician(body.physician) : null,
      health_insurance_id: body.health_insurance ? randomUUID() : null,
      priority: body.priority,
      billing_type: body.billing_type,
      icd_codes: body.icd_codes,
      consents: consents.consents,
      activate_by: body.activate_by,
      passthrough: body.passthrough,
      clinical_notes: body.clinical_notes,
      lab_account_id: body.lab_account_id ?? orderSet?.lab_account_id ?? null,
    });
    const order: NewLabOrder = {
      id: orderId,
      team_id: teamId,
      user_id: body.user_id.toLowerCase(), // as the database writes a uuid: the answer and the event say what a read says
      lab_test_id: labTest.id,
      method,
      status,
      low_status: parseStatus(status)?.low ?? 'ordered',
      patient_name: patientName(body.patient_details),
      sample_id: newSampleId(),
      activate_by: orderBody.activate_by,
      receiver_name: recipientName(body.patient_details, body.patient_address),
      body: orderBody as unknown as Record<string, unknown>,
      at,
    };
    const outcome: CreateOrderOutcome = key === undefined && 'lab_test' in resolved
      ? await createTogether(order).then((created) => (created ? { outcome: 'created', order: created } : { outcome: 'user_not_found' }))
      : await createLabOrder(deps.db, {
        team_id: teamId,
        idempotency: key === undefined ? null : { key, body_hash: bodyHash(body), earlier_body_hash: earlierBodyHash(body) },
        new_lab_test: 'new_lab_test' in resolved
          ? { team_id: teamId, ...resolved.new_lab_test, marker_ids: [...resolved.new_lab_test.marker_ids] }
          : null,
        order,
      }, deps.caches.labOrders);
    if (outcome.outcome === 'created') vacuum.noteWrites(1);
    switch (outcome.outcome) {
      case 'user_not_found':
        throw userNotFound(body.user_id);
      case 'key_reused':
        throw ValidationFailure.single(['header', IDEMPOTENCY_HEADER], `The idempotency key was used for another request body (order ${outcome.order_id}); use a new key for a new order`);
      case 'created':
      case 'replayed':
        return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: outcome.outcome === 'created' ? 'Order created' : 'Order already created with this idempotency key' } };
      default:
        throw new ApiError(500, 'Unexpected outcome');
    }
  };
};
