import type { operations } from '../../../../generated/management/schema.js';
import { DEFAULT_HISTORICAL_DAYS } from '../../../domain/pull-preferences/pull-range.js';
import { listPullPreferences } from '../../../storage/repositories/pull-preferences.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';

/**
 * GET /v1/org/{org_id}/team/{team_id}/data_pull_preferences: the team's historical range per
 * provider; providers without one pull the default 30 days (at most their backfill limit).
 */
export const listDataPullPreferences =
  (deps: Deps): Handler<operations['listDataPullPreferences'], ManagementContext> =>
  async ({ path }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    const preferences = await listPullPreferences(deps.db, team.id);
    return {
      status: 200,
      body: {
        default_historical_days: DEFAULT_HISTORICAL_DAYS,
        preferences: preferences.map((preference) => ({ provider: preference.provider, historical_days: preference.range_days })),
      },
    };
  };
