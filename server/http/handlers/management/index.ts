/**
 * The management API's handler map: one handler per operationId of
 * generated/management/openapi.json. The type makes a missing handler, or a
 * status/body pair the operation does not declare, a compile error.
 * `npm run scaffold` adds a stub (501) for every new operation.
 */
import type { operations } from '../../../../generated/management/schema.js';
import type { HandlerMap } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { listTeams } from './list-teams.js';
import { createTeam } from './create-team.js';
import { createTeamApiKey } from './create-team-api-key.js';
import { updateTeam } from './update-team.js';
import { revokeTeamApiKey } from './revoke-team-api-key.js';
import { listDataPullPreferences } from './list-data-pull-preferences.js';
import { setDataPullPreference } from './set-data-pull-preference.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { listWebhookDeliveries } from './list-webhook-deliveries.js';
import { listTeamEvents } from './list-team-events.js';
import { replayWebhookDeliveries } from './replay-webhook-deliveries.js';
import { getTeam } from './get-team.js';
// scaffold:imports

export function createManagementHandlers(deps: Deps): HandlerMap<operations, ManagementContext> {
  return {
    listTeams: listTeams(deps),
    createTeam: createTeam(deps),
    createTeamApiKey: createTeamApiKey(deps),
    updateTeam: updateTeam(deps),
    revokeTeamApiKey: revokeTeamApiKey(deps),
    listDataPullPreferences: listDataPullPreferences(deps),
    setDataPullPreference: setDataPullPreference(deps),
    listWebhookEndpoints: listWebhookEndpoints(deps),
    createWebhookEndpoint: createWebhookEndpoint(deps),
    deleteWebhookEndpoint: deleteWebhookEndpoint(deps),
    listWebhookDeliveries: listWebhookDeliveries(deps),
    listTeamEvents: listTeamEvents(deps),
    replayWebhookDeliveries: replayWebhookDeliveries(deps),
    getTeam: getTeam(deps),
    // scaffold:handlers
  };
}
