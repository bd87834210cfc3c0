import type { operations } from '../../../../generated/team/schema.js';
import { metricWeekStarts } from '../../../domain/users/metrics.js';
import { teamMetrics } from '../../../storage/repositories/team-metrics.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/user/metrics: the team's counts of users, connections and lab orders. */
export const getTeamMetrics =
  (deps: Deps): Handler<operations['getTeamMetrics'], TeamContext> =>
  async (_request, { teamId }) => {
    const { weeks, ...counts } = await teamMetrics(deps.db, { team_id: teamId, week_starts: metricWeekStarts(deps.now()) });
    return { status: 200, body: { team_id: teamId, ...counts, number_of_connected_sources_by_week: weeks } };
  };
