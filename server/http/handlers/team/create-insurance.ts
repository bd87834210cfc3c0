import type { components, operations } from '../../../../generated/team/schema.js';
import { resolvePayor } from '../../../domain/insurance/payors.js';
import { groupCommit } from '../../../storage/group-commit.js';
import { upsertInsurances, type InsuranceWrite } from '../../../storage/repositories/insurances.js';
import { findTeamPayor } from '../../../storage/repositories/team-payors.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { birthDateItems, toGuarantorDetails, toPersonDetails } from './request-records.js';
import { userNotFound } from './views.js';

type ClientFacingInsurance = components['schemas']['ClientFacingInsurance'];

/**
 * POST /v2/user/{user_id}/insurance: Create insurance. The payor and the insured person's date
 * of birth (the rule of user info, domain/users/rules.ts) are checked together: one 422 names
 * both. A payor code is one of the catalog's or of the team's own payors (POST /v3/payor). Concurrent requests are stored together (group commit), one statement per batch.
 */
export const createInsurance = (deps: Deps): Handler<operations['createInsurance'], TeamContext> => {
  const store = groupCommit((batch: readonly InsuranceWrite<ClientFacingInsurance>[]) => upsertInsurances(deps.db, batch), { schedule: deps.requestRounds.afterRequests });
  return async ({ path, body }, { teamId }) => {
    let payor = resolvePayor(body.payor_code, body.insured.address.state);
    if (!payor.ok && payor.field === 'payor_code') {
      // Not a catalog code: a payor of the team's own (POST /v3/payor) is one too.
      const own = await findTeamPayor(deps.db, teamId, body.payor_code.trim().toUpperCase());
      if (own) payor = { ok: true, payor_code: own.payor_code, company: { name: own.name, address: { ...own.org_address } } };
    }
    const problems = [
      ...(payor.ok ? [] : [{ loc: payor.field === 'payor_code' ? ['body', 'payor_code'] : ['body', 'insured', 'address', 'state'], msg: payor.message, type: 'value_error' }]),
      ...birthDateItems(['body', 'insured', 'dob'], body.insured.dob, deps.now()),
    ];
    if (!payor.ok || problems.length > 0) throw new ValidationFailure(problems);
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
    const stored = await store({ team_id: teamId, user_id: path.user_id, is_primary: record.is_primary, record });
    if (!stored) throw userNotFound(path.user_id);
    return { status: 200, body: stored.record };
  };
};
