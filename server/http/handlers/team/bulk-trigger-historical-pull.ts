import type { operations } from '../../../../generated/team/schema.js';
import { namesCallersTeam, otherTeamMessage } from '../../../domain/link/team-scope.js';
import { triggerHistoricalPull } from '../../../jobs/bulk-pull/trigger.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toBulkOps } from './bulk-op-views.js';

/**
 * POST /v2/link/bulk_trigger_historical_pull: validates `team_id` and the users, then stores
 * the operation and one trigger per connected user in one transaction and
 * answers 202 at once; the pulls run in the background, throttled per team and
 * provider. With `wait_for_completion`, waits up to the wait window (20 s) for
 * the operation to end: 200 when it did, 202 otherwise (server/jobs/bulk-pull/trigger.ts).
 */
export const bulkTriggerHistoricalPull =
  (deps: Deps): Handler<operations['bulkTriggerHistoricalPull'], TeamContext> =>
  async ({ body, query }, { teamId }) => {
    const otherTeam = namesCallersTeam(query.team_id, teamId) ? [] : [{ loc: ['query', 'team_id'], msg: otherTeamMessage(query.team_id!), type: 'value_error' }];
    // User ids are UUIDs, compared without letter case: two spellings of one id are a duplicate (the schema's uniqueItems compares the strings).
    const firstIndex = new Map<string, number>();
    const duplicates = body.user_ids.flatMap((id, index) => {
      const first = firstIndex.get(id.toLowerCase());
      if (first === undefined) firstIndex.set(id.toLowerCase(), index);
      return first === undefined ? [] : [{ loc: ['body', 'user_ids', index], msg: `User id ${id} is the id at index ${first} again (ids are compared without letter case)`, type: 'unique_items' }];
    });
    if (otherTeam.length + duplicates.length > 0) throw new ValidationFailure([...otherTeam, ...duplicates]);
    const result = await triggerHistoricalPull(
      { db: deps.db, signal: deps.triggerSignal, waitWindowMs: deps.config.bulkWaitWindowMs },
      { team_id: teamId, provider: body.provider, user_ids: body.user_ids, wait_for_completion: body.wait_for_completion },
    );
    if (result.outcome === 'disabled') throw new ApiError(403, result.detail);
    if (result.outcome === 'unknown_users') {
      const named = result.unknown.map(({ index, msg }) => ({ loc: ['body', 'user_ids', index], msg, type: 'value_error' }));
      const more = result.unknown_count - result.unknown.length;
      throw new ValidationFailure(more > 0 ? [...named, { loc: ['body', 'user_ids'], msg: `${more} more unknown user ids (the first ${named.length} are named)`, type: 'value_error' }] : named);
    }
    const responseBody = { detail: result.detail, operation: (await toBulkOps(deps, teamId, [result.op]))[0]!, not_connected_user_ids: result.not_connected, unavailable_connections: result.unavailable };
    return result.done ? { status: 200, body: responseBody } : { status: 202, body: responseBody };
  };
