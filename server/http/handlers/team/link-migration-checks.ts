import { namesCallersTeam, otherTeamMessage } from '../../../domain/link/team-scope.js';
import { repeatedIds } from '../../../domain/connections/export.js';
import { LINK_MIGRATION_DISABLED } from '../../../jobs/bulk-pull/trigger.js';
import { findTeam } from '../../../storage/repositories/teams.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Deps } from '../context.js';

/**
 * What the link migration operations (bulk export, pause) check first: `team_id` names the
 * key's team, `user_ids` repeat no id (compared without letter case; the schema's uniqueItems
 * compares the strings), both a 422 listing every problem; then the team has the operations
 * enabled (a 403, as POST /v2/link/bulk_trigger_historical_pull).
 */
export async function checkLinkMigrationRequest(deps: Deps, teamId: string, teamIdParam: string | null | undefined, userIds: readonly string[] | null | undefined): Promise<void> {
  const otherTeam = namesCallersTeam(teamIdParam, teamId) ? [] : [{ loc: ['query', 'team_id'], msg: otherTeamMessage(teamIdParam!), type: 'value_error' }];
  const duplicates = repeatedIds(userIds ?? []).map(({ index, first, id }) => ({
    loc: ['body', 'user_ids', index],
    msg: `User id ${id} is the id at index ${first} again (ids are compared without letter case)`,
    type: 'unique_items',
  }));
  if (otherTeam.length + duplicates.length > 0) throw new ValidationFailure([...otherTeam, ...duplicates]);
  const team = await findTeam(deps.db, teamId);
  if (!team?.link_migration_enabled) throw new ApiError(403, LINK_MIGRATION_DISABLED);
}
