/**
 * Entry: reads the configuration, gates on the session (sign-in page when there
 * is none), then draws the navigation and routes `#/...` hashes to pages.
 */
import { apisFor, clearSession, loadDashboardConfig, loadSession, managementClient, ok, type Session } from './api.js';
import { renderSignIn } from './pages/sign-in.js';
import { matchRoute } from './routes.js';
import { errorBox, errorText, h, replace, toast } from './ui.js';

const NAV: [hash: string, label: string][] = [
  ['#/users', 'Users'],
  ['#/bulk-pulls', 'Bulk pulls'],
  ['#/webhooks', 'Webhooks'],
  ['#/lab-orders', 'Lab orders'],
  ['#/unmatched-results', 'Unmatched results'],
  ['#/lab-reports', 'Lab reports'],
];

const DEFAULT_HASH = '#/users';

let routeController: AbortController | undefined;
let stopRouting: (() => void) | undefined;

function root(): HTMLElement {
  return document.getElementById('app') ?? document.body;
}

function signIn() {
  stopRouting?.();
  routeController?.abort();
  document.title = 'Sign in · Sandbox dashboard';
  renderSignIn(root(), () => start());
}

/** Revokes the session's own team key (management sign-in), then forgets the session. */
async function signOut(session: Session) {
  if (session.kind === 'management' && session.managementKey && session.orgId && session.teamId && session.teamKeyId) {
    try {
      await ok(
        managementClient(session.managementKey).DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', {
          params: { path: { org_id: session.orgId, team_id: session.teamId, key_id: session.teamKeyId } },
        }),
      );
    } catch (error) {
      toast(`The session's key could not be revoked: ${errorText(error)}`, 'error');
    }
  }
  clearSession();
  history.replaceState(null, '', location.pathname);
  signIn();
}

function start() {
  const session = loadSession();
  if (!session) return signIn();
  const apis = apisFor(session);
  const view = h('main', { id: 'view', tabindex: '-1' });
  const links = NAV.map(([hash, label]) => h('a', { href: hash, 'data-nav': hash }, label));
  const who = session.kind === 'management' ? `${session.teamName ?? 'team'} (management key)` : 'team API key';
  const header = h(
    'header',
    { class: 'top' },
    h('a', { class: 'brand', href: DEFAULT_HASH }, 'Sandbox dashboard'),
    h('nav', { 'aria-label': 'Main' }, ...links),
    h('div', { class: 'who' }, h('span', { 'data-testid': 'session-team' }, who), h('button', { type: 'button', class: 'secondary', 'data-testid': 'sign-out', onclick: () => void signOut(session) }, 'Sign out')),
  );
  replace(root(), header, view);

  let first = true;
  const route = () => {
    // After a navigation (not the first page), keyboard and screen reader users start at the new page.
    const moveFocus = !first;
    first = false;
    routeController?.abort();
    routeController = new AbortController();
    const hash = location.hash || DEFAULT_HASH;
    if (!location.hash) history.replaceState(null, '', DEFAULT_HASH);
    const [path = '', search = ''] = hash.slice(1).split('?');
    for (const link of links) {
      const target = link.getAttribute('data-nav')!.slice(1);
      if (path === target || path.startsWith(`${target}/`)) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    const match = matchRoute(path);
    view.replaceChildren();
    if (!match) {
      document.title = 'Not found · Sandbox dashboard';
      view.append(h('h1', null, 'Not found'), h('p', null, 'No page here. ', h('a', { href: DEFAULT_HASH }, 'Back to the users')));
      return;
    }
    document.title = `${match.page.title} · Sandbox dashboard`;
    if (moveFocus) view.focus({ preventScroll: false });
    const ctx = {
      apis,
      params: match.params,
      query: new URLSearchParams(search),
      navigate: (next: string) => {
        location.hash = next.startsWith('#') ? next : `#${next}`;
      },
      signal: routeController.signal,
    };
    try {
      const rendering = match.page.render(view, ctx);
      if (rendering instanceof Promise) rendering.catch((error: unknown) => !ctx.signal.aborted && view.replaceChildren(errorBox(error, route)));
    } catch (error) {
      view.replaceChildren(errorBox(error, route));
    }
  };
  stopRouting?.();
  window.addEventListener('hashchange', route);
  stopRouting = () => window.removeEventListener('hashchange', route);
  route();
}

async function boot() {
  try {
    await loadDashboardConfig();
  } catch (error) {
    replace(root(), errorBox(error, () => void boot()));
    return;
  }
  start();
}

void boot();
