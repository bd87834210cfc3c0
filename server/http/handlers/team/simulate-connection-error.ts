import type { operations } from '../../../../generated/team/schema.js';
import { simulateConnectionError as breakConnection } from '../../../jobs/connections/connection-status.js';
import { ApiError, notFound, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { providerWithStatus } from './connection-views.js';
import { userNotFound } from './views.js';

/**
 * POST /v2/user/{user_id}/{provider}/simulate_error (sandbox): the connection becomes `error`,
 * its sync stops and `provider.connection.error` is emitted, in one transaction
 * (server/jobs/connections/connection-status.ts; the rules in server/domain/connections/status.ts).
 */
export const simulateConnectionError =
  (deps: Deps): Handler<operations['simulateConnectionError'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const result = await deps.db.transaction((tx) =>
      breakConnection(tx, { team_id: teamId, user_id: path.user_id, provider: path.provider, error_type: body?.error_type, error_message: body?.error_message, at: deps.now() }),
    );
    switch (result.outcome) {
      case 'no_user':
        throw userNotFound(path.user_id);
      case 'not_connected':
        throw notFound(`User ${path.user_id} has no connection to ${path.provider}.`);
      case 'refused':
        if (result.status === 422) throw ValidationFailure.single(['body', 'error_type'], result.message, 'value_error');
        throw new ApiError(400, result.message);
      case 'broken':
        return { status: 200, body: providerWithStatus(result.connection) };
    }
  };
