import type { operations } from '../../../../generated/team/schema.js';
import { decideResolve } from '../../../domain/lab-results/unmatched.js';
import { findUnmatchedResult, reviewUnmatchedResult } from '../../../storage/repositories/unmatched-results.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { unmatchedResultNotFound, unmatchedResultView } from './unmatched-result-views.js';

/** POST /v3/unmatched_result/{raw_result_id}/resolve: Resolve an unmatched result (reject, or hand it to the lab's operations). */
export const resolveUnmatchedResult =
  (deps: Deps): Handler<operations['resolveUnmatchedResult'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const row = await deps.db.transaction(async (tx) => {
      const current = await findUnmatchedResult(tx, teamId, path.raw_result_id, true);
      if (!current) throw unmatchedResultNotFound(path.raw_result_id);
      const decision = decideResolve(current.status, body.action);
      if (!decision.ok) throw new ApiError(400, decision.detail);
      return reviewUnmatchedResult(tx, { team_id: teamId, id: current.id, status: decision.status, note: body.note ?? null, order_id: null, at: deps.now().toISOString() });
    });
    if (!row) throw unmatchedResultNotFound(path.raw_result_id);
    return { status: 200, body: unmatchedResultView(row) };
  };
