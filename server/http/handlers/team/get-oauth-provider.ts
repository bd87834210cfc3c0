import type { operations } from '../../../../generated/team/schema.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import { consentPageUrl } from '../../link-pages.js';
import type { Deps, TeamContext } from '../context.js';
import { LINK_TOKEN_HEADER } from '../../../shared/wire.js';

/**
 * GET /v2/link/provider/oauth/{oauth_provider}: the provider's link detail. Authenticated by
 * the team key, a link token, or both (authenticateTeamOrLinkToken verified the token and its
 * team). With a link token, `oauth_url` is the local consent page for the token's user; a
 * token issued for another provider is a 401.
 */
export const getOAuthProvider =
  (deps: Deps): Handler<operations['getOAuthProvider'], TeamContext> =>
  async ({ path, headers }, { linkToken: link }) => {
    const provider = findProvider(path.oauth_provider);
    if (!provider) throw new ApiError(404, `Unknown provider ${path.oauth_provider}.`);
    const linkToken = headers[LINK_TOKEN_HEADER]?.trim();
    let oauthUrl: string | null = null;
    if (link && linkToken) {
      if (link.provider && link.provider !== provider.slug) {
        throw new ApiError(401, `Invalid link token: it was issued for ${link.provider}, not ${provider.slug}.`);
      }
      oauthUrl = consentPageUrl(deps.config.publicTeamUrl, provider.slug, linkToken);
    }
    return {
      status: 200,
      body: {
        name: provider.name,
        slug: provider.slug,
        description: provider.description,
        logo: provider.logo,
        id: provider.id,
        group: provider.group,
        oauth_url: oauthUrl,
        auth_type: provider.auth_type,
        source_type: provider.source_type,
        is_active: provider.is_active,
        backfill_num_days: provider.backfill_num_days,
      },
    };
  };
