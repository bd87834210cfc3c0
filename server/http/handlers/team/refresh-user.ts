import type { operations } from '../../../../generated/team/schema.js';
import { refreshUserData } from '../../../jobs/data-sync/sync.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

/**
 * POST /v2/user/refresh/{user_id}: syncs the user's connections now (their daily.data.* events
 * are in the outbox when it answers). `timeout` bounds the time spent: providers not started
 * within it are left to the interval sync and listed as in progress.
 */
export const refreshUser =
  (deps: Deps): Handler<operations['refreshUser'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    await requireUser(deps.db, teamId, path.user_id);
    const deadline = performance.now() + (query?.timeout ?? 10) * 1000;
    const outcome = await refreshUserData(deps.db, {
      team_id: teamId,
      user_id: path.user_id,
      now: deps.now,
      formatters: deps.caches.dataReads.formatters,
      expired: () => performance.now() >= deadline,
      onError: (provider, error) => deps.logger.error({ err: error, provider }, 'refresh of a connection failed'),
    });
    return { status: 200, body: { success: outcome.failed_sources.length === 0, user_id: path.user_id, ...outcome } };
  };
