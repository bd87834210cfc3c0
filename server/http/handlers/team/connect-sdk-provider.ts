import type { operations } from '../../../../generated/team/schema.js';
import { connectProvider } from '../../../jobs/connections/connect-provider.js';
import { hashSecret } from '../../../domain/credentials/secrets.js';
import { consumeSignInToken } from '../../../storage/repositories/sign-in-tokens.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

export const INVALID_SIGN_IN_TOKEN = 'Invalid sign-in token; it is unknown or was already exchanged.';

/**
 * POST /v2/link/sdk/connect: the mobile SDK exchanges its sign-in token (once) and connects a
 * health store for the token's user, in one transaction: a failed connect leaves the token
 * unused. The connection (Auto Connect unless `connect_mode` is `explicit`) emits
 * provider.connection.created; connecting a connected store again returns the connection,
 * switched to the mode the SDK says now (Auto Connect when it says none), so that
 * deregistering it does what that mode does.
 */
export const connectSdkProvider =
  (deps: Deps): Handler<operations['connectSdkProvider'], TeamContext> =>
  async ({ body }) => {
    const connection = await deps.db.transaction(async (tx) => {
      const token = await consumeSignInToken(tx, hashSecret(body.sign_in_token));
      if (!token) throw new ApiError(401, INVALID_SIGN_IN_TOKEN);
      const result = await connectProvider(tx, {
        team_id: token.team_id,
        user_id: token.user_id,
        provider: body.provider,
        connect_mode: body.connect_mode ?? 'auto',
      });
      // The token's user exists (tokens go with their user), so only the provider can be unknown.
      if (!result) throw ValidationFailure.single(['body', 'provider'], `Unknown provider ${body.provider}`, 'enum');
      return result.connection;
    });
    return {
      status: 200,
      body: {
        user_id: connection.user_id,
        provider: connection.provider as typeof body.provider,
        connect_mode: connection.connect_mode ?? 'auto',
        created_on: connection.created_on,
      },
    };
  };
