import type { operations } from '../../../../generated/team/schema.js';
import { listConnections } from '../../../storage/repositories/connections.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { providerWithStatus } from './connection-views.js';
import { requireUser } from './views.js';

/** GET /v2/user/providers/{user_id}: the user's connections with their state, oldest first (404 for an unknown or other team's user). */
export const listUserProviders =
  (deps: Deps): Handler<operations['listUserProviders'], TeamContext> =>
  async ({ path }, { teamId }) => {
    await requireUser(deps.db, teamId, path.user_id);
    const connections = await listConnections(deps.db, { team_id: teamId, user_id: path.user_id });
    return { status: 200, body: { providers: connections.map(providerWithStatus) } };
  };
