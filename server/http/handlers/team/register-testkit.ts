import { randomUUID } from 'node:crypto';
import type { operations } from '../../../../generated/team/schema.js';
import { storedConsents, type ConsentInput } from '../../../domain/lab-orders/consents.js';
import { patientName, toOrderView } from '../../../domain/lab-orders/order.js';
import { registeredKitPatch } from '../../../domain/lab-orders/testkit.js';
import { registerTestkitOrder } from '../../../jobs/lab-orders/register-testkit.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { birthDateItems, toGuarantorDetails, toPhysician } from './request-records.js';

/**
 * POST /v3/order/testkit/register: Register a testkit. The request is checked in full first
 * (one 422: the date of birth, the consents), then the kit by its sample id (404, 409, 400)
 * and the user it was ordered for (422).
 */
export const registerTestkit =
  (deps: Deps): Handler<operations['registerTestkit'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const problems: ValidationErrorItem[] = birthDateItems(['body', 'patient_details', 'dob'], body.patient_details.dob, deps.now());
    const consents = storedConsents((body.consents ?? []) as ConsentInput[]);
    if (!consents.ok) problems.push(...consents.problems.map((p) => ({ loc: ['body', 'consents', ...p.loc], msg: p.msg, type: 'value_error' })));
    if (problems.length > 0 || !consents.ok) throw new ValidationFailure(problems);
    const patch = registeredKitPatch({
      patient_details: { ...body.patient_details, medical_proxy: body.patient_details.medical_proxy ? toGuarantorDetails(body.patient_details.medical_proxy) : null },
      patient_address: body.patient_address,
      physician: body.physician ? toPhysician(body.physician) : null,
      consents: consents.consents,
      health_insurance_id: body.health_insurance ? randomUUID() : null,
    });
    const outcome = await registerTestkitOrder(deps.db, {
      team_id: teamId,
      sample_id: body.sample_id,
      user_id: body.user_id ?? null,
      patient_name: patientName(body.patient_details),
      body_patch: patch,
      now: deps.now,
    }, deps.caches.labOrders);
    switch (outcome.outcome) {
      case 'not_found':
        throw new ApiError(404, `No testkit with sample id ${body.sample_id}.`);
      case 'conflict':
        throw new ApiError(409, outcome.detail);
      case 'refused':
        throw new ApiError(400, outcome.detail);
      case 'other_user':
        throw ValidationFailure.single(['body', 'user_id'], `The testkit was ordered for user ${outcome.order_user_id}; it is registered by the patient it was sent to`);
      case 'registered':
        return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Testkit registered' } };
      default:
        throw new ApiError(500, 'Unexpected outcome');
    }
  };
