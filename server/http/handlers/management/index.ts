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
// scaffold:imports

export function createManagementHandlers(deps: Deps): HandlerMap<operations, ManagementContext> {
  return {
    listTeams: listTeams(deps),
    createTeam: createTeam(deps),
    createTeamApiKey: createTeamApiKey(deps),
    // scaffold:handlers
  };
}
