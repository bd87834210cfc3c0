import type { operations } from '../../../../generated/team/schema.js';
import { pauseReport } from '../../../domain/connections/export.js';
import { pauseConnections } from '../../../jobs/connections/connection-status.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { checkLinkMigrationRequest } from './link-migration-checks.js';

/**
 * POST /v2/link/bulk_pause: pauses each named user's connection to the provider in one
 * transaction (as simulate_error breaks one: the sync and pulls stop; no error, no event) and
 * reports every user id of the request in one list.
 */
export const bulkPauseConnections =
  (deps: Deps): Handler<operations['bulkPauseConnections'], TeamContext> =>
  async ({ body, query }, { teamId }) => {
    await checkLinkMigrationRequest(deps, teamId, query.team_id, body.user_ids);
    const states = await deps.db.transaction((tx) => pauseConnections(tx, { team_id: teamId, provider: body.provider, user_ids: body.user_ids, at: deps.now() }));
    const report = pauseReport(body.user_ids, (id) => {
      const state = states.get(id);
      return state === 'paused' ? 'paused' : state === 'error' ? 'error' : null;
    });
    return { status: 200, body: report };
  };
