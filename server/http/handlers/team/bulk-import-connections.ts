import type { operations } from '../../../../generated/team/schema.js';
import { repeatedRecipeUsers } from '../../../domain/connections/import.js';
import { namesCallersTeam, otherTeamMessage } from '../../../domain/link/team-scope.js';
import { importConnections } from '../../../jobs/connections/bulk-import.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { checkLinkMigrationRequest } from './link-migration-checks.js';

/**
 * POST /v2/link/bulk_import: refuses a recipe repeating a user (422 at its index), then imports
 * every recipe in one transaction (server/jobs/connections/bulk-import.ts) and answers the
 * lists: 200 with `wait_for_completion`, else 202 (the import is a `link_bulk_import` bulk op
 * that GET /v2/link/bulk_op shows, ended already: 1,000 recipes are stored within the request).
 */
export const bulkImportConnections =
  (deps: Deps): Handler<operations['bulkImportConnections'], TeamContext> =>
  async ({ body, query }, { teamId }) => {
    const repeated = repeatedRecipeUsers(body.connections).map(({ index, first, id }) => ({
      loc: ['body', 'connections', index, 'user_id'],
      msg: `User id ${id} is the user id of the recipe at index ${first} again (ids are compared without letter case)`,
      type: 'unique_items',
    }));
    const otherTeam = namesCallersTeam(query.team_id, teamId) ? [] : [{ loc: ['query', 'team_id'], msg: otherTeamMessage(query.team_id!), type: 'value_error' }];
    if (otherTeam.length + repeated.length > 0) throw new ValidationFailure([...otherTeam, ...repeated]);
    // The team id and the users are checked already: this checks the gate alone (a 403).
    await checkLinkMigrationRequest(deps, teamId, query.team_id, null);
    const result = await importConnections(deps.db, { team_id: teamId, provider: body.provider, recipes: body.connections });
    const answer = { user_ids_imported: result.user_ids_imported, user_ids_failed: result.user_ids_failed };
    return body.wait_for_completion ? { status: 200, body: answer } : { status: 202, body: answer };
  };
