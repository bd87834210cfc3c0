import express, { type Request, type Response, type Router } from 'express';
import { connectProvider } from '../jobs/connections/connect-provider.js';
import { hashSecret } from '../domain/credentials/secrets.js';
import { findProvider, isOAuthProviderSlug, OAUTH_PROVIDER_SLUGS, type ProviderDefinition } from '../domain/providers/catalog.js';
import { consumeLinkToken, findActiveLinkToken } from '../storage/repositories/link-tokens.js';
import type { Deps } from './handlers/context.js';
import { inlineHash, setPagePolicy } from './page-headers.js';

/** Where `oauth_url` of a provider's link detail points for a link token: the local consent page. */
export const consentPageUrl = (publicTeamUrl: string, provider: string, linkToken: string) =>
  `${publicTeamUrl}/link/oauth/${encodeURIComponent(provider)}/authorize?state=${encodeURIComponent(linkToken)}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2933}
button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:.375rem;border:1px solid #52606d;background:#fff;cursor:pointer}
button.primary{background:#1f2933;color:#fff}.muted{color:#616e7c;font-size:.9rem}`;

/**
 * A link page: its one inline style (by its hash) and nothing else may load or run. `postsTo`:
 * where its form may post, the page itself and, for the consent form, the origin the approval
 * redirects to (browsers hold a form's redirects to `form-action` too).
 */
function page(res: Response, status: number, title: string, body: string, postsTo: readonly string[] = []) {
  setPagePolicy(res, ["default-src 'none'", `style-src ${inlineHash(STYLE)}`, postsTo.length > 0 ? `form-action ${postsTo.join(' ')}` : "form-action 'none'"]);
  res
    .status(status)
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body>${body}</body></html>`);
}

/** The origin a link's approval redirects to, as a CSP source, when it has one. */
function redirectOrigin(redirectUrl: string | null | undefined): string[] {
  if (!redirectUrl) return [];
  try {
    return [new URL(redirectUrl).origin];
  } catch {
    return [];
  }
}

const stateOf = (req: Request) => (typeof req.query.state === 'string' ? req.query.state : typeof req.body?.state === 'string' ? req.body.state : '');

/** The consent pages serve the cloud OAuth providers only (the ones *Get OAuth provider link detail* serves). */
const oauthProvider = (slug: string | undefined): ProviderDefinition | undefined => (slug && isOAuthProviderSlug(slug) ? findProvider(slug) : undefined);

const INVALID_LINK = '<h1>This link is not valid</h1><p>The link token is unknown, expired or already used, or was issued for another provider. Ask the app for a new link.</p>';

/**
 * The sandbox stand-in for a provider's OAuth consent: `oauth_url` of
 * *Get OAuth provider link detail* opens it with the link token as `state`;
 * approving consumes the token and creates the connection, so the whole link
 * flow runs locally.
 */
export function mountLinkPages(app: Router, deps: Deps): void {
  // `link_web_url` of *Create a link token*: the providers the token can connect, each linking to its consent page.
  app.get('/link', async (req, res, next) => {
    try {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const link = token && (await findActiveLinkToken(deps.db, { token_hash: hashSecret(token), now: deps.now().toISOString() }));
      if (!link) return page(res, 400, 'Link expired', INVALID_LINK);
      const slugs = link.provider ? [link.provider] : [...OAUTH_PROVIDER_SLUGS];
      const providers = slugs.map(oauthProvider).filter((provider) => provider !== undefined);
      const items = providers
        .map((provider) => `<li><a href="${escapeHtml(consentPageUrl('', provider.slug, token))}">${escapeHtml(provider.name)}</a></li>`)
        .join('');
      page(res, 200, 'Connect a provider', `<h1>Connect a provider</h1><ul>${items}</ul>
<p class="muted">Sandbox link flow of the reference server: no data leaves this machine.</p>`);
    } catch (error) {
      next(error);
    }
  });

  app.get('/link/oauth/:provider/authorize', async (req, res, next) => {
    try {
      const provider = oauthProvider(req.params.provider);
      const token = stateOf(req);
      const link = token && (await findActiveLinkToken(deps.db, { token_hash: hashSecret(token), now: deps.now().toISOString() }));
      if (!provider || !link || (link.provider && link.provider !== provider.slug)) {
        return page(res, 400, 'Link expired', INVALID_LINK);
      }
      page(
        res,
        200,
        `Connect ${provider.name}`,
        `<h1>Connect ${escapeHtml(provider.name)}</h1>
<p>Allow the app to read your ${escapeHtml(provider.name)} data (${escapeHtml(provider.supported_resources.slice(0, 6).join(', '))}${provider.supported_resources.length > 6 ? ', …' : ''}).</p>
<form method="post"><input type="hidden" name="state" value="${escapeHtml(token)}">
<button class="primary" name="decision" value="approve" type="submit">Approve</button>
<button name="decision" value="deny" type="submit">Deny</button></form>
<p class="muted">Sandbox consent page of the reference server: no data leaves this machine.</p>`,
        ["'self'", ...redirectOrigin(link.redirect_url)],
      );
    } catch (error) {
      next(error);
    }
  });

  app.post('/link/oauth/:provider/authorize', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res, next) => {
    try {
      const provider = oauthProvider(req.params.provider);
      const token = stateOf(req);
      const approved = req.body?.decision === 'approve';
      const result = await deps.db.transaction(async (tx) => {
        const lookup = { token_hash: hashSecret(token), now: deps.now().toISOString() };
        // A token posted to another provider's page is refused without being used up.
        const found = provider && token ? await findActiveLinkToken(tx, lookup) : null;
        if (!provider || !found || (found.provider && found.provider !== provider.slug)) return { outcome: 'invalid' as const };
        const link = await consumeLinkToken(tx, lookup);
        if (!link) return { outcome: 'invalid' as const };
        if (!approved) return { outcome: 'denied' as const, link };
        await connectProvider(tx, { team_id: link.team_id, user_id: link.user_id, provider: provider.slug });
        return { outcome: 'connected' as const, link };
      });
      if (result.outcome === 'invalid') {
        return page(res, 400, 'Link expired', INVALID_LINK);
      }
      const redirect = result.link.redirect_url;
      if (redirect) {
        const url = new URL(redirect);
        url.searchParams.set('state', result.outcome === 'connected' ? 'success' : 'error');
        url.searchParams.set('provider', provider!.slug);
        return res.redirect(303, url.toString());
      }
      page(
        res,
        200,
        result.outcome === 'connected' ? 'Connected' : 'Not connected',
        result.outcome === 'connected'
          ? `<h1>${escapeHtml(provider!.name)} is connected</h1><p>You can close this page.</p>`
          : `<h1>${escapeHtml(provider!.name)} was not connected</h1><p>You denied access. You can close this page.</p>`,
      );
    } catch (error) {
      next(error);
    }
  });
}
