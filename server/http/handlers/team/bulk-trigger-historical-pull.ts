import type { operations } from '../../../../generated/team/schema.js';
import { notifyTriggersEnqueued } from '../../../jobs/bulk-pull/signals.js';
import { enqueueBulkPull, getBulkOp, getBulkOpStatus } from '../../../storage/repositories/bulk-ops.js';
import { findTeam } from '../../../storage/repositories/teams.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toBulkOp } from './bulk-op-views.js';

const POLL_MS = 100;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * POST /v2/link/bulk_trigger_historical_pull: validates the users, then stores
 * the operation and one trigger per connected user in one transaction and
 * answers 202 at once; the pulls run in the background, throttled per team and
 * provider. With `wait_for_completion`, waits up to the wait window (20 s) for
 * the operation to end: 200 when it did, 202 otherwise.
 */
export const bulkTriggerHistoricalPull =
  (deps: Deps): Handler<operations['bulkTriggerHistoricalPull'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const team = await findTeam(deps.db, teamId);
    if (!team?.link_migration_enabled) {
      throw new ApiError(403, 'The link migration endpoints are not enabled for this team; enable them through the management API.');
    }
    // One statement classifies the ids and stores the op, its triggers and the bucket mark (see
    // enqueueBulkPull); with an id that is not a user of the team nothing is stored.
    const enqueued = await deps.db.transaction((tx) =>
      enqueueBulkPull(tx, { team_id: teamId, type: 'link_bulk_historical_trigger', provider: body.provider, user_ids: body.user_ids }),
    );
    if (!enqueued.op) {
      const index = new Map(body.user_ids.map((id, i) => [id.toLowerCase(), i]));
      throw new ValidationFailure(
        enqueued.missing.map((id) => ({ loc: ['body', 'user_ids', index.get(id) ?? 0], msg: `Unknown user ${id}`, type: 'value_error' })),
      );
    }
    const op = enqueued.op;
    const users = { not_connected: enqueued.not_connected };
    if (op.total > 0) notifyTriggersEnqueued();
    let current = op;
    if (body.wait_for_completion && current.status === 'in_progress') {
      // Polls the status alone (counting a 100,000-trigger op's triggers ten times a second would
      // compete with the pulls), and reads the counts once at the end.
      const deadline = Date.now() + deps.config.bulkWaitWindowMs;
      let status = current.status;
      while (status === 'in_progress' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
        status = (await getBulkOpStatus(deps.db, { team_id: teamId, id: op.id })) ?? status;
      }
      current = (await getBulkOp(deps.db, { team_id: teamId, id: op.id })) ?? current;
    }
    const done = current.status !== 'in_progress';
    const notConnected = users.not_connected.length ? `; ${plural(users.not_connected.length, 'user')} not connected to ${body.provider}` : '';
    const detail = done && body.wait_for_completion
      ? `Historical pull completed for ${current.processed} of ${current.total} connected users (${body.provider})${notConnected}.`
      : `Enqueued ${plural(op.total, 'historical pull trigger')} for ${body.provider}${notConnected}.`;
    const responseBody = { detail, operation: toBulkOp(current), not_connected_user_ids: users.not_connected };
    return body.wait_for_completion && done ? { status: 200, body: responseBody } : { status: 202, body: responseBody };
  };
