import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { findPayors } from './payor-views.js';

/** POST /v3/insurance/search/payor: Search payors (deprecated): the same search, criteria in the body, `code` for `payor_code`. */
export const searchPayorsDeprecated =
  (deps: Deps): Handler<operations['searchPayorsDeprecated'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const hits = await findPayors(deps, teamId, { insurance_name: body.insurance_name, provider: body.provider, provider_payor_id: body.provider_id });
    return { status: 200, body: hits.map(({ payor_code, ...rest }) => ({ code: payor_code, ...rest })) };
  };
