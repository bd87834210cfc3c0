import type { operations } from '../../../../generated/team/schema.js';
import { findUnmatchedResult } from '../../../storage/repositories/unmatched-results.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { unmatchedResultNotFound, unmatchedResultView } from './unmatched-result-views.js';

/** GET /v3/unmatched_result/{raw_result_id}: Get an unmatched result (another team's is a 404). */
export const getUnmatchedResult =
  (deps: Deps): Handler<operations['getUnmatchedResult'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const row = await findUnmatchedResult(deps.db, teamId, path.raw_result_id);
    if (!row) throw unmatchedResultNotFound(path.raw_result_id);
    return { status: 200, body: unmatchedResultView(row) };
  };
