import type { components, operations } from '../../../../generated/team/schema.js';
import { externalUserIdFor, resourceAvailabilityFor } from '../../../domain/connections/rules.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import { listConnections, type ConnectionRecord } from '../../../storage/repositories/connections.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

type ProviderWithStatus = components['schemas']['ProviderWithStatus'];

function withStatus(connection: ConnectionRecord): ProviderWithStatus {
  const provider = findProvider(connection.provider);
  return {
    name: provider?.name ?? connection.provider,
    slug: connection.provider,
    logo: provider?.logo ?? '',
    created_on: connection.created_on,
    // A sandbox connection never fails: there is no provider API whose tokens could expire.
    status: 'connected',
    external_user_id: provider ? externalUserIdFor(connection.user_id, provider) : null,
    error_details: null,
    resource_availability: provider ? resourceAvailabilityFor(provider) : {},
  };
}

/** GET /v2/user/providers/{user_id}: the user's connections, oldest first (404 for an unknown or other team's user). */
export const listUserProviders =
  (deps: Deps): Handler<operations['listUserProviders'], TeamContext> =>
  async ({ path }, { teamId }) => {
    await requireUser(deps.db, teamId, path.user_id);
    const connections = await listConnections(deps.db, { team_id: teamId, user_id: path.user_id });
    return { status: 200, body: { providers: connections.map(withStatus) } };
  };
