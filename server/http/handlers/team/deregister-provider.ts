import type { operations } from '../../../../generated/team/schema.js';
import { deleteConnection, findConnection } from '../../../storage/repositories/connections.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

/**
 * DELETE /v2/user/{user_id}/{provider}: removes a cloud connection. A mobile SDK
 * connection made in Auto Connect mode is left as it is (`success: false`),
 * since the SDK would reconnect it at its next sync; one made in Explicit
 * Connect mode is removed. No connection to the provider is a 404.
 */
export const deregisterProvider =
  (deps: Deps): Handler<operations['deregisterProvider'], TeamContext> =>
  async ({ path }, { teamId }) => {
    await requireUser(deps.db, teamId, path.user_id);
    const key = { team_id: teamId, user_id: path.user_id, provider: path.provider };
    const removed = await deps.db.transaction(async (tx) => {
      const connection = await findConnection(tx, key);
      if (!connection) throw notFound(`User ${path.user_id} has no connection to ${path.provider}.`);
      if (connection.connect_mode === 'auto') return false;
      return (await deleteConnection(tx, key)) !== null;
    });
    return { status: 200, body: { success: removed } };
  };
