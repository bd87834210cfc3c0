/** What the operations' valid requests and seeds share: the seeded users, new users and sign-in tokens, the management path of A2. */
import { orderBody } from './values.js';
import { must, type SeededTeam, type SeededUser, type SeededWorld, uniqueValue } from './operation.js';

/** The team's first seeded user (connected to Oura and Fitbit, with user info). */
export function firstUser(team: SeededTeam): SeededUser {
  const user = team.users[0];
  if (!user) throw new Error(`team ${team.label} has no seeded user: seed it with seedTeam`);
  return user;
}

/** A new user of the team (connected to a demo provider when asked), for a request that consumes one. */
export async function newUser(team: SeededTeam, connectTo?: 'oura'): Promise<SeededUser> {
  const user = must('createUser', await team.team.POST('/v2/user', { body: { client_user_id: uniqueValue(team.label) } }));
  if (connectTo) must('connectDemoProvider', await team.team.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider: connectTo } }));
  return { user_id: user.user_id, client_user_id: user.client_user_id };
}

/** A new sign-in token of a user of the team. */
export async function newSignInToken(team: SeededTeam, user: SeededUser): Promise<string> {
  return must('createSignInToken', await team.team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id: user.user_id } } })).sign_in_token;
}

/** The management path of team A2 (in A's organization), where the management requests change settings. */
export const managementPath = (world: SeededWorld, rest = '') => `/v1/org/${world.a.orgId}/team/${world.a2.teamId}${rest}`;

/** A new order of a new user of the team (standard walk-in lab test), for a request that reads or changes one. */
export async function newOrder(team: SeededTeam): Promise<{ order_id: string; user_id: string }> {
  const user = await newUser(team);
  const answer = must('createOrder', await team.team.POST('/v3/order', { body: orderBody(user.user_id) }));
  return { order_id: answer.order.id, user_id: user.user_id };
}
