import type { operations } from '../../../../generated/management/schema.js';
import { backfillDays } from '../../../domain/pull-preferences/pull-range.js';
import { setPullPreference } from '../../../storage/repositories/pull-preferences.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';

/**
 * PUT /v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}: how many days of
 * history a pull of the provider fetches for the team; more than the provider's own backfill
 * limit is a 422.
 */
export const setDataPullPreference =
  (deps: Deps): Handler<operations['setDataPullPreference'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
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
