import type { components, operations } from '../../../../generated/team/schema.js';
import { findLatestInsurance } from '../../../storage/repositories/insurances.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

type ClientFacingInsurance = components['schemas']['ClientFacingInsurance'];

const kind = (isPrimary: boolean | null) => (isPrimary === null ? 'insurance' : isPrimary ? 'primary insurance' : 'secondary insurance');

/** GET /v2/user/{user_id}/insurance/latest: the insurance POST /v2/user/{user_id}/insurance stored last (of one kind with is_primary). */
export const getLatestInsurance =
  (deps: Deps): Handler<operations['getLatestInsurance'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const user = await requireUser(deps.db, teamId, path.user_id);
    const isPrimary = query.is_primary ?? null;
    const stored = await findLatestInsurance<ClientFacingInsurance>(deps.db, { team_id: teamId, user_id: user.user_id, is_primary: isPrimary });
    if (!stored) {
      throw notFound(`User ${path.user_id} has no ${kind(isPrimary)} yet; store one with POST /v2/user/{user_id}/insurance.`);
    }
    return { status: 200, body: stored.record };
  };
