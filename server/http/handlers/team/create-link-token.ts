import type { operations } from '../../../../generated/team/schema.js';
import { hashSecret, newLinkToken } from '../../../domain/credentials/secrets.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import { createLinkToken as storeLinkToken } from '../../../storage/repositories/link-tokens.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

export const LINK_TOKEN_LIFETIME_MS = 10 * 60 * 1000;

/** POST /v2/link/token: a one-time link token, valid 10 minutes, stored hashed. */
export const createLinkToken =
  (deps: Deps): Handler<operations['createLinkToken'], TeamContext> =>
  async ({ body }, { teamId }) => {
    if (body.provider && !findProvider(body.provider)) throw ValidationFailure.single(['body', 'provider'], `Unknown provider ${body.provider}`);
    // The consent page redirects to it with URL: one it cannot parse (a port above 65535 passes the uri format) is refused now, not then.
    if (body.redirect_url && !URL.canParse(body.redirect_url)) {
      throw ValidationFailure.single(['body', 'redirect_url'], 'redirect_url must be an absolute URL a browser can open (scheme, host, a port up to 65535)');
    }
    const token = newLinkToken();
    const expiresAt = new Date(deps.now().getTime() + LINK_TOKEN_LIFETIME_MS).toISOString();
    const stored = await storeLinkToken(deps.db, {
      team_id: teamId,
      user_id: body.user_id,
      token_hash: hashSecret(token),
      expires_at: expiresAt,
      provider: body.provider ?? null,
      redirect_url: body.redirect_url ?? null,
    });
    if (!stored) throw userNotFound(body.user_id);
    const linkWebUrl = `${deps.config.publicTeamUrl}/link?token=${encodeURIComponent(token)}`;
    return { status: 200, body: { link_token: token, link_web_url: linkWebUrl, expires_at: stored.expires_at } };
  };
