/**
 * The server's signed pages, opened without a key through a signed, expiring URL
 * (server/domain/users/signed-pages.ts): the user portal (POST /v2/user/{user_id}/create_portal_url)
 * and the way into the dashboard's webhooks page of a team (GET /v2/team/svix/url).
 */
import type { Response, Router } from 'express';
import { findProvider } from '../domain/providers/catalog.js';
import { newUrlSigningKey, pageSignature, pageUrlExpiry, verifyPageSignature, type PageVerdict, type SignedPage } from '../domain/users/signed-pages.js';
import { listConnections } from '../storage/repositories/connections.js';
import { findOrder } from '../storage/repositories/lab-orders.js';
import { ensureServerSecret } from '../storage/repositories/server-secrets.js';
import { findUserOfAnyTeam } from '../storage/repositories/users.js';
import type { Deps } from './handlers/context.js';

const SECRET_NAME = 'signed_page_url';

/** The key that signs and checks the pages' URLs: a server secret, made by the first process that needs one. */
const signingKey = (deps: Pick<Deps, 'db'>): Promise<string> => ensureServerSecret(deps.db, SECRET_NAME, newUrlSigningKey());

const base = (deps: Pick<Deps, 'config'>) => deps.config.publicTeamUrl.replace(/\/+$/, '');

/** The signed URL of `signed`, valid `seconds` from now. */
export async function signedPageUrl(deps: Pick<Deps, 'db' | 'config' | 'now'>, signed: SignedPage, seconds: number): Promise<string> {
  const expires = pageUrlExpiry(deps.now(), seconds);
  const signature = pageSignature(await signingKey(deps), signed, expires);
  const query = new URLSearchParams();
  if (signed.page === 'portal') {
    query.set('context', signed.context);
    if (signed.order_id) query.set('order_id', signed.order_id);
  } else {
    query.set('team_id', signed.team_id);
  }
  query.set('expires', String(expires));
  query.set('signature', signature);
  const path = signed.page === 'portal' ? `/portal/${signed.user_id}` : '/dashboard/signed/webhooks';
  return `${base(deps)}${path}?${query.toString()}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The headers of the signed pages: those of the dashboard (nothing but the page itself may load,
 * no frame, no form, no referrer), and `no-store`, as the page shows a person's connections.
 */
export const SIGNED_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
});

function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set(SIGNED_PAGE_HEADERS)
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body>${body}</body></html>`);
}

const VERDICT_PAGES: Record<Exclude<PageVerdict, 'valid'>, string> = {
  expired: '<h1>This link has expired</h1><p>Ask the app for a new link.</p>',
  invalid: '<h1>This link is not valid</h1><p>It was changed or cut short. Ask the app for a new link.</p>',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function verdictOf(deps: Deps, signed: SignedPage, query: Record<string, unknown>): Promise<PageVerdict> {
  const expires = Number(text(query.expires));
  return verifyPageSignature({ key: await signingKey(deps), signed, expires, signature: text(query.signature), now: deps.now() });
}

export function mountSignedPages(app: Router, deps: Deps): void {
  app.get('/portal/:user_id', async (req, res, next) => {
    try {
      const signed: SignedPage = { page: 'portal', user_id: req.params.user_id, context: text(req.query.context), order_id: text(req.query.order_id) || null };
      const verdict = await verdictOf(deps, signed, req.query);
      if (verdict !== 'valid') return page(res, 400, 'Link not valid', VERDICT_PAGES[verdict]);
      const user = await findUserOfAnyTeam(deps.db, signed.user_id);
      if (!user) return page(res, 404, 'Account gone', '<h1>This account no longer exists</h1>');
      const connections = await listConnections(deps.db, { team_id: user.team_id, user_id: user.user_id });
      const rows = connections
        .map((c) => `<tr><td>${escapeHtml(findProvider(c.provider)?.name ?? c.provider)}</td><td><time datetime="${escapeHtml(c.created_on)}">${escapeHtml(c.created_on.slice(0, 10))}</time></td></tr>`)
        .join('');
      const list = connections.length > 0 ? `<table><thead><tr><th>Provider</th><th>Connected since</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No provider is connected.</p>';
      let order = '';
      if (signed.order_id) {
        const found = await findOrder(deps.db, user.team_id, signed.order_id);
        order =
          found && found.user_id === user.user_id
            ? `<h2>Your lab order</h2><p>Status: <strong>${escapeHtml(found.status)}</strong> (since ${escapeHtml(found.updated_at.slice(0, 10))})</p>`
            : '<h2>Your lab order</h2><p>This order no longer exists.</p>';
      }
      page(res, 200, 'Your connections', `<h1>Your connections</h1>${list}${order}<p><small>Sandbox portal of the reference server.</small></p>`);
    } catch (error) {
      next(error);
    }
  });

  // The dashboard keeps its key in the tab, never in a URL: a valid link opens its webhooks page, which asks for a key when the tab has none.
  app.get('/dashboard/signed/webhooks', async (req, res, next) => {
    try {
      const signed: SignedPage = { page: 'webhooks', team_id: text(req.query.team_id) };
      const verdict = await verdictOf(deps, signed, req.query);
      if (verdict !== 'valid') return page(res, 400, 'Link not valid', VERDICT_PAGES[verdict]);
      res.set(SIGNED_PAGE_HEADERS).redirect(302, `/dashboard/#/webhooks?team_id=${encodeURIComponent(signed.team_id)}`);
    } catch (error) {
      next(error);
    }
  });
}
