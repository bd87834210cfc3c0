import type { operations } from '../../../../generated/team/schema.js';
import { formComponentsFor, isOAuthLinkable, linkableProviders } from '../../../domain/link/provider-link.js';
import type { Handler } from '../../handler-types.js';
import { consentPageUrl } from '../../link-pages.js';
import type { Deps, TeamContext } from '../context.js';
import { LINK_TOKEN_HEADER } from '../../../shared/wire.js';

/**
 * GET /v2/link/providers: the providers the link token may connect (authenticateTeamOrLinkToken
 * verified the token and its team); with the team key alone, those of a token issued for no
 * provider, without oauth_url.
 */
export const listLinkProviders =
  (deps: Deps): Handler<operations['listLinkProviders'], TeamContext> =>
  async ({ headers }, { linkToken: link }) => {
    const token = link ? headers[LINK_TOKEN_HEADER]?.trim() : undefined;
    const body = linkableProviders(link?.provider ?? null).map((provider) => ({
      id: provider.id,
      name: provider.name,
      slug: provider.slug,
      description: provider.description,
      logo: provider.logo,
      oauth_url: token && isOAuthLinkable(provider.slug) ? consentPageUrl(deps.config.publicTeamUrl, provider.slug, token) : null,
      auth_type: provider.auth_type,
      form_components: formComponentsFor(provider),
    }));
    return { status: 200, body };
  };
