import { isDeepStrictEqual } from 'node:util';
import type { operations } from '../../../../generated/team/schema.js';
import { teamPayorCode, teamPayorHit, teamPayorProblems, type PayorIdProvider } from '../../../domain/insurance/payor-search.js';
import { insertTeamPayor, type TeamPayorRecord } from '../../../storage/repositories/team-payors.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/**
 * POST /v3/payor: Create a payor of the team's own. Its code comes from its name
 * (domain/insurance/payor-search.ts); the same code again with the same details answers the
 * stored payor, with other details a 400.
 */
export const createPayor =
  (deps: Deps): Handler<operations['createPayor'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const problems = teamPayorProblems(body);
    if (problems.length > 0) throw new ValidationFailure(problems.map((p) => ({ loc: ['body', ...p.loc], msg: p.msg, type: 'value_error' })));
    const a = body.address;
    const payor: TeamPayorRecord = {
      payor_code: teamPayorCode(body.name),
      name: body.name,
      org_address: { first_line: a.first_line, second_line: a.second_line ?? '', city: a.city, state: a.state, zip: a.zip, country: a.country },
      provider: (body.provider ?? null) as PayorIdProvider | null,
      provider_payor_id: body.provider_payor_id ?? null,
    };
    const stored = await insertTeamPayor(deps.db, teamId, payor);
    if (!stored.created && !isDeepStrictEqual(stored.payor, payor)) {
      throw new ApiError(400, `The team already has the payor ${payor.payor_code} (named "${stored.payor.name}") with other details; a payor's name gives its code, so name this one differently.`);
    }
    return { status: 200, body: teamPayorHit({ ...stored.payor, provider: stored.payor.provider as PayorIdProvider | null }) };
  };
