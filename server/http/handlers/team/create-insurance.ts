import type { components, operations } from '../../../../generated/team/schema.js';
import { resolvePayor } from '../../../domain/insurance/payors.js';
import { upsertInsurance } from '../../../storage/repositories/insurances.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

type InsuranceAddress = components['schemas']['InsuranceAddress'];
type ClientFacingInsurance = components['schemas']['ClientFacingInsurance'];

/** Addresses are stored as returned: `second_line` null (or absent) is an empty string. */
const normaliseAddress = ({ access_notes, ...address }: InsuranceAddress): InsuranceAddress => ({
  ...address,
  second_line: address.second_line ?? '',
  ...(access_notes ? { access_notes } : {}),
});

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
      insured: { ...body.insured, address: normaliseAddress(body.insured.address) },
      company: payor.company,
      group_id: body.group_id ?? null,
      guarantor: body.guarantor ? { ...body.guarantor, address: normaliseAddress(body.guarantor.address) } : null,
      is_primary: body.is_primary ?? true,
    };
    const stored = await upsertInsurance(deps.db, { team_id: teamId, user_id: path.user_id, is_primary: record.is_primary, record });
    if (!stored) throw userNotFound(path.user_id);
    return { status: 200, body: stored.record };
  };
