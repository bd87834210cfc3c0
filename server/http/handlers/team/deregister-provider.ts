import type { operations } from '../../../../generated/team/schema.js';
import { deleteConnection, lockConnection } from '../../../storage/repositories/connections.js';
import { endDataWindow } from '../../../storage/repositories/data-windows.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

/**
 * DELETE /v2/user/{user_id}/{provider}: removes a cloud connection. A mobile SDK
 * connection made in Auto Connect mode is left as it is (`success: false`),
 * since the SDK would reconnect it at its next sync; one made in Explicit
 * Connect mode is removed. No connection to the provider is a 404. Removing it ends its
 * data window: no more sync or events, and the history synced so far stays readable.
 */
export const deregisterProvider =
  (deps: Deps): Handler<operations['deregisterProvider'], TeamContext> =>
  async ({ path }, { teamId }) => {
    await requireUser(deps.db, teamId, path.user_id);
    const key = { team_id: teamId, user_id: path.user_id, provider: path.provider };
    const removed = await deps.db.transaction(async (tx) => {
      // Locked: a deregistration sent twice at once finds the connection gone in the second (a 404).
      const connection = await lockConnection(tx, key);
      if (!connection) throw notFound(`User ${path.user_id} has no connection to ${path.provider}.`);
      if (connection.connect_mode === 'auto') return false;
      if ((await deleteConnection(tx, key)) === null) return false;
      await endDataWindow(tx, { ...key, at: deps.now().toISOString() });
      return true;
    });
    return { status: 200, body: { success: removed } };
  };
