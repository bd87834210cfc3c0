import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { acceptUnmatchedResult as accept } from '../../../jobs/lab-results/unmatched.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';
import { unmatchedResultNotFound } from './unmatched-result-views.js';
import { userNotFound } from './views.js';
import { findUser } from '../../../storage/repositories/users.js';

/** POST /v3/unmatched_result/{raw_result_id}/accept: Accept an unmatched result (the order completes with it). */
export const acceptUnmatchedResult =
  (deps: Deps): Handler<operations['acceptUnmatchedResult'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const userId = body.user_id ?? null;
    if (userId !== null && !(await findUser(deps.db, { team_id: teamId, user_id: userId }))) throw userNotFound(userId);
    const outcome = await accept(deps.db, {
      team_id: teamId,
      id: path.raw_result_id,
      order_id: body.order_id ?? null,
      user_id: userId,
      note: body.note ?? null,
      now: deps.now,
    }, deps.caches.labOrders);
    switch (outcome.outcome) {
      case 'result_not_found':
        throw unmatchedResultNotFound(path.raw_result_id);
      case 'order_not_found':
        throw orderNotFound(outcome.order_id);
      case 'refused':
        throw new ApiError(400, outcome.detail);
      case 'invalid':
        throw ValidationFailure.single(outcome.loc, outcome.msg);
      case 'accepted':
        return { status: 200, body: toOrderView(outcome.order) };
      default:
        throw new ApiError(500, 'Unexpected outcome');
    }
  };
