import type { operations } from '../../../../generated/management/schema.js';
import { backfillDays } from '../../../domain/synthetic/pull-range.js';
import { setPullPreference } from '../../../storage/repositories/pull-preferences.js';
import { findTeamInOrg } from '../../../storage/repositories/teams.js';
import { notFound, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireOwnOrg } from './views.js';

/**
 * PUT /v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}: how many days of
 * history a pull of the provider fetches for the team; more than the provider's own backfill
 * limit is a 422.
 */
export const setDataPullPreference =
  (deps: Deps): Handler<operations['setDataPullPreference'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    await requireOwnOrg(deps.db, orgId, path.org_id);
    const team = await findTeamInOrg(deps.db, { org_id: path.org_id, team_id: path.team_id });
    if (!team) throw notFound(`Team ${path.team_id} not found in organization ${path.org_id}.`);
    const backfill = backfillDays(path.provider);
    if (backfill === null) throw ValidationFailure.single(['path', 'provider'], `${path.provider} keeps no history to pull`);
    if (body.historical_days > backfill) {
      throw ValidationFailure.single(
        ['body', 'historical_days'],
        `${path.provider} keeps at most ${backfill} days of history; historical_days must be at most ${backfill}`,
        'less_than_equal',
      );
    }
    const stored = await setPullPreference(deps.db, { team_id: team.id, provider: path.provider, range_days: body.historical_days });
    return { status: 200, body: { provider: stored.provider, historical_days: stored.range_days } };
  };
