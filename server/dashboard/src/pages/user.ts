/** One user: its record. */
import { ok } from '../api.js';
import type { Page } from '../routes.js';
import { formatDateTime } from '../lib/format.js';
import { details, h, withStates } from '../ui.js';

export const userPage: Page = {
  title: 'User',
  async render(view, ctx) {
    const user_id = ctx.params.user_id!;
    const record = h('section', { 'data-testid': 'user-record' });
    view.append(h('p', null, h('a', { href: '#/users' }, '← Users')), h('h1', null, 'User'), record);
    await withStates(
      record,
      () => ok(ctx.apis.team.GET('/v2/user/{user_id}', { params: { path: { user_id } } })),
      (user) =>
        details([
          ['client_user_id', user.client_user_id],
          ['user_id', h('code', null, user.user_id)],
          ['Created', formatDateTime(user.created_on)],
        ]),
      ctx.signal,
    );
  },
};
