/**
 * Users: a searchable, paged list (client_user_id, created, connected providers),
 * newest first, and the "Create user" form. The search and the page are kept in
 * the hash (`#/users?search=...&offset=...`), so Back returns to the same list.
 */
import { ok, type TeamSchemas } from '../api.js';
import { formatDateTime } from '../lib/format.js';
import { pageSummary, usersQuery } from '../lib/users.js';
import type { Page, PageContext } from '../page.js';
import { actionButton, debounce, field, h, replace, table, withStates } from '../ui.js';

type User = TeamSchemas['ClientFacingUser'];

export const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;

function userRows(users: User[]) {
  return users.map((user) => [
    h('a', { href: `#/users/${encodeURIComponent(user.user_id)}`, 'data-testid': 'user-link' }, user.client_user_id),
    formatDateTime(user.created_on),
    user.connected_sources.map((source) => source.provider.slug).join(', ') || '–',
  ]);
}

function createForm(ctx: PageContext): HTMLElement {
  const input = h('input', { type: 'text', name: 'client_user_id', required: true, maxlength: 256, autocomplete: 'off', 'data-testid': 'new-client-user-id' });
  const problem = h('div', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'create-user-error' });
  const submit = actionButton(
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
  );
  const form = h('form', { class: 'card inline-form', 'aria-labelledby': 'create-user-title' }, h('h2', { id: 'create-user-title' }, 'Create a user'), field('client_user_id', input, 'Your own reference of the user, unique in the team.'), submit, problem);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.click();
  });
  return form;
}

export const usersPage: Page = {
  title: 'Users',
  render(view, ctx) {
    const state = { search: ctx.query.get('search') ?? '', offset: Math.max(0, Number(ctx.query.get('offset')) || 0) };
    const search = h('input', { type: 'search', name: 'search', value: state.search, placeholder: 'client_user_id or user_id', autocomplete: 'off', 'data-testid': 'user-search' });
    const list = h('section', { 'data-testid': 'users-list', 'aria-live': 'polite' });
    let run: AbortController | undefined;

    const load = () => {
      run?.abort();
      run = new AbortController();
      const signal = AbortSignal.any([ctx.signal, run.signal]);
      // The hash keeps the list's state without re-routing (replaceState fires no hashchange).
      const query = new URLSearchParams();
      if (state.search) query.set('search', state.search);
      if (state.offset) query.set('offset', String(state.offset));
      history.replaceState(null, '', `#/users${query.size ? `?${query}` : ''}`);
      void withStates(
        list,
        (s) => ok(ctx.apis.team.GET('/v2/user', { params: { query: usersQuery(state.search, state.offset, PAGE_SIZE) }, signal: s })),
        (page) => {
          if (page.users.length === 0) {
            return h('p', { class: 'empty', 'data-testid': 'users-empty' }, state.search ? `No user matches "${state.search}".` : 'No user yet: create one below.');
          }
          const previous = h('button', { type: 'button', class: 'secondary', disabled: page.offset === 0, 'data-testid': 'users-previous' }, 'Previous');
          const next = h('button', { type: 'button', class: 'secondary', disabled: page.offset + page.users.length >= page.total, 'data-testid': 'users-next' }, 'Next');
          previous.addEventListener('click', () => {
            state.offset = Math.max(0, page.offset - PAGE_SIZE);
            load();
          });
          next.addEventListener('click', () => {
            state.offset = page.offset + PAGE_SIZE;
            load();
          });
          return [
            table(['client_user_id', 'Created', 'Connected providers'], userRows(page.users), { 'data-testid': 'users-table' }),
            h('div', { class: 'pager' }, previous, h('span', { 'data-testid': 'users-count' }, pageSummary(page.offset, page.users.length, page.total)), next),
          ];
        },
        signal,
      );
    };
    const searchNow = debounce(() => {
      state.search = search.value.trim();
      state.offset = 0;
      load();
    }, SEARCH_DELAY_MS);
    search.addEventListener('input', searchNow);
    const searchForm = h('form', { class: 'inline-form', role: 'search' }, field('Search users', search, 'Part of a client_user_id (any case), or a whole user_id.'));
    searchForm.addEventListener('submit', (event) => event.preventDefault());
    replace(view, h('h1', null, 'Users'), createForm(ctx), searchForm, list);
    load();
  },
};
