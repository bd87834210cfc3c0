/** Users: find a user, create one, open its page. */
import { ok, type TeamSchemas } from '../api.js';
import type { Page, PageContext } from '../routes.js';
import { formatDateTime } from '../lib/format.js';
import { actionButton, errorBox, field, h, replace, table } from '../ui.js';

type User = TeamSchemas['ClientFacingUser'];

const providersOf = (user: User) => user.connected_sources.map((source) => source.provider.slug).join(', ');

export function userRows(users: User[]) {
  return users.map((user) => [
    h('a', { href: `#/users/${encodeURIComponent(user.user_id)}`, 'data-testid': 'user-link' }, user.client_user_id),
    formatDateTime(user.created_on),
    providersOf(user) || '–',
  ]);
}

function createForm(ctx: PageContext): HTMLElement {
  const input = h('input', { type: 'text', name: 'client_user_id', required: true, maxlength: 256, 'data-testid': 'new-client-user-id' });
  const problem = h('div', { class: 'error', role: 'alert', hidden: true });
  const form = h('form', { class: 'inline-form', 'aria-labelledby': 'create-user-title' }, h('h2', { id: 'create-user-title' }, 'Create a user'), field('client_user_id', input), problem);
  form.append(
    actionButton(
      'Create user',
      async () => {
        problem.hidden = true;
        const client_user_id = input.value.trim();
        if (!client_user_id) {
          problem.textContent = 'Enter a client_user_id.';
          problem.hidden = false;
          return;
        }
        try {
          const created = await ok(ctx.apis.team.POST('/v2/user', { body: { client_user_id } }));
          ctx.navigate(`/users/${encodeURIComponent(created.user_id)}`);
        } catch (error) {
          problem.textContent = error instanceof Error ? error.message : String(error);
          problem.hidden = false;
        }
      },
      { 'data-testid': 'create-user' },
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.querySelector<HTMLButtonElement>('[data-testid="create-user"]')?.click();
  });
  return form;
}

export const usersPage: Page = {
  title: 'Users',
  render(view, ctx) {
    const results = h('section', { 'aria-live': 'polite', 'data-testid': 'users-results' });
    const lookup = h('input', { type: 'search', name: 'lookup', placeholder: 'user_id or client_user_id', 'data-testid': 'user-lookup' });
    const find = h('form', { class: 'inline-form', role: 'search' }, field('Find a user', lookup));
    find.addEventListener('submit', async (event) => {
      event.preventDefault();
      const term = lookup.value.trim();
      if (!term) return;
      const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(term);
      try {
        const user = byId
          ? await ok(ctx.apis.team.GET('/v2/user/{user_id}', { params: { path: { user_id: term } } }))
          : await ok(ctx.apis.team.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: term } } }));
        replace(results, table(['client_user_id', 'Created', 'Connected providers'], userRows([user]), { 'data-testid': 'users-table' }));
      } catch (error) {
        replace(results, errorBox(error));
      }
    });
    replace(view, h('h1', null, 'Users'), find, results, createForm(ctx));
  },
};
