/** Unmatched results the checks and valid requests of the unmatched-result operations make (sandbox operation). */
import { must, type SeededTeam } from './operation.js';
import { newOrder, newUser } from './world.js';
import type { TeamClient, TeamSchemas } from '../../server/client/index.js';

/** A new unmatched result of a new user of the team (`no_match`), or resembling a new order of it (`match_demo`). */
export async function newUnmatchedResult(team: SeededTeam, withOrder = false): Promise<{ id: string; order_id: string | null; user_id: string }> {
  if (withOrder) {
    const order = await newOrder(team);
    const made = must('createSandboxUnmatchedResult', await team.team.POST('/v3/sandbox/unmatched_result', { body: { user_id: order.user_id, order_id: order.order_id } }));
    return { id: made.id, order_id: order.order_id, user_id: order.user_id };
  }
  const user = await newUser(team);
  const made = must('createSandboxUnmatchedResult', await team.team.POST('/v3/sandbox/unmatched_result', { body: { user_id: user.user_id } }));
  return { id: made.id, order_id: null, user_id: user.user_id };
}

/** Makes an unmatched result for `userId` through `client`. */
export const makeUnmatchedResult = (client: TeamClient, body: TeamSchemas['CreateSandboxUnmatchedResultBody']) => client.POST('/v3/sandbox/unmatched_result', { body });
