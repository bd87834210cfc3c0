import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { findPayors } from './payor-views.js';

/** GET /v3/insurance/search/payor: Search payors (the catalog's and the team's own). */
export const searchPayors =
  (deps: Deps): Handler<operations['searchPayors'], TeamContext> =>
  async ({ query }, { teamId }) => ({
    status: 200,
    body: await findPayors(deps, teamId, { insurance_name: query.insurance_name, provider: query.provider, provider_payor_id: query.provider_payor_id }),
  });
