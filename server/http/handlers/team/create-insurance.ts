import type { components, operations } from '../../../../generated/team/schema.js';
import { resolvePayor } from '../../../domain/insurance/payors.js';
import { upsertInsurance } from '../../../storage/repositories/insurances.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toGuarantorDetails, toPersonDetails } from './request-records.js';
import { userNotFound } from './views.js';

type ClientFacingInsurance = components['schemas']['ClientFacingInsurance'];

/** POST /v2/user/{user_id}/insurance: Create insurance. */
export const createInsurance =
  (deps: Deps): Handler<operations['createInsurance'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const payor = resolvePayor(body.payor_code, body.insured.address.state);
    if (!payor.ok) {
      throw ValidationFailure.single(payor.field === 'payor_code' ? ['body', 'payor_code'] : ['body', 'insured', 'address', 'state'], payor.message);
    }
    const record: ClientFacingInsurance = {
      payor_code: payor.payor_code,
      member_id: body.member_id,
      relationship: body.relationship,
      insured: toPersonDetails(body.insured),
      company: payor.company,
      group_id: body.group_id ?? null,
      guarantor: body.guarantor ? toGuarantorDetails(body.guarantor) : null,
      is_primary: body.is_primary ?? true,
    };
    const stored = await upsertInsurance(deps.db, { team_id: teamId, user_id: path.user_id, is_primary: record.is_primary, record });
    if (!stored) throw userNotFound(path.user_id);
    return { status: 200, body: stored.record };
  };
