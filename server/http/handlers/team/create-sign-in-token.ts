import type { operations } from '../../../../generated/team/schema.js';
import { hashSecret, newSignInToken } from '../../../domain/credentials/secrets.js';
import { createSignInToken as storeSignInToken } from '../../../storage/repositories/sign-in-tokens.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** POST /v2/user/{user_id}/sign_in_token: a new one-time token per call, stored hashed until exchanged. */
export const createSignInToken =
  (deps: Deps): Handler<operations['createSignInToken'], TeamContext> =>
  async ({ path }, { teamId, region }) => {
    const token = newSignInToken(region);
    const stored = await storeSignInToken(deps.db, { team_id: teamId, user_id: path.user_id, token_hash: hashSecret(token) });
    if (!stored) throw userNotFound(path.user_id);
    return { status: 200, body: { user_id: stored.user_id, sign_in_token: token } };
  };
