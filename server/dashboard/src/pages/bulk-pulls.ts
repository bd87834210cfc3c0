/**
 * Bulk pulls: trigger a historical pull for a selection of users and one provider, and
 * follow every operation's progress (polled every second while one is running) with
 * its expected finish under the provider's throttle.
 */
import { ApiError, type TeamSchemas } from '../api.js';
import { okAs, poll } from '../interactions.js';
import { anyActive, bulkProgress, finishText, isActive } from '../lib/bulk-progress.js';
import { formatDateTime } from '../lib/format.js';
import type { Page, PageContext } from '../page.js';
import { actionButton, errorBox, errorText, field, h, replace, toast, withStates } from '../ui.js';

type BulkOp = TeamSchemas['BulkOp'];
type BulkOpsPage = TeamSchemas['BulkOpsPage'];
type UsersPage = TeamSchemas['PaginatedUsersResponse'];
type User = TeamSchemas['ClientFacingUser'];

const opsPage = (ctx: PageContext, query: { page_size: number; next_cursor?: string }) => okAs<BulkOpsPage>(ctx.apis.team.GET('/v2/link/bulk_op', { params: { query } }));
const usersPage = (ctx: PageContext, query: { offset: number; limit: number; search?: string }) => okAs<UsersPage>(ctx.apis.team.GET('/v2/user', { params: { query } }));

const USERS_PER_PAGE = 50;
const OPS_PER_PAGE = 10;
const POLL_MS = 1000;

const STATUS_BADGE: Record<string, string> = { in_progress: '', success: 'ok', failure: 'bad', aborted: 'bad' };

/** One operation's row: drawn once, then updated in place so focus and scroll stay put. */
class OperationView {
  readonly root: HTMLElement;
  private readonly status = h('span', { class: 'badge', 'data-testid': 'bulk-op-status' });
  private readonly bar = h('div', { class: 'progress', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'data-testid': 'bulk-progress' });
  private readonly percent = h('span', { class: 'progress-percent', 'aria-hidden': 'true' });
  private readonly legend = h('ul', { class: 'progress-legend' });
  private readonly finish = h('p', { class: 'muted', 'data-testid': 'bulk-op-finish' });
  private readonly segments = new Map<string, HTMLElement>();

  constructor(op: BulkOp) {
    for (const key of ['processed', 'failed', 'not_connected', 'running', 'pending']) {
      const segment = h('span', { class: `segment segment-${key}` });
      this.segments.set(key, segment);
      this.bar.append(segment);
    }
    this.root = h(
      'li',
      { class: 'card bulk-op', 'data-testid': 'bulk-op', 'data-op-id': op.id },
      h('div', { class: 'bulk-op-head' }, h('strong', null, op.provider), this.status, h('span', { class: 'muted' }, `started ${formatDateTime(op.started_at)}`), h('code', { class: 'muted' }, op.id)),
      h('div', { class: 'progress-row' }, this.bar, this.percent),
      this.legend,
      this.finish,
    );
    this.update(op, new Date());
  }

  update(op: BulkOp, now: Date) {
    const progress = bulkProgress(op);
    this.root.setAttribute('data-status', op.status);
    this.status.textContent = op.status.replaceAll('_', ' ');
    this.status.className = `badge ${STATUS_BADGE[op.status] ?? ''}`.trim();
    this.bar.setAttribute('aria-valuenow', String(progress.percent));
    this.bar.setAttribute('aria-label', `Progress of the ${op.provider} bulk pull`);
    this.bar.setAttribute('aria-valuetext', progress.label);
    this.percent.textContent = `${progress.percent}%`;
    for (const segment of progress.segments) {
      // CSSOM, not a style attribute: the CSP allows no inline styles.
      this.segments.get(segment.key)!.style.width = `${segment.share}%`;
    }
    this.legend.replaceChildren(
      ...progress.segments.map((segment) =>
        h('li', { 'data-testid': `bulk-count-${segment.key}` }, h('span', { class: `swatch segment-${segment.key}`, 'aria-hidden': 'true' }), `${segment.label} `, h('strong', null, String(segment.count))),
      ),
      h('li', { class: 'muted' }, `of ${progress.total}`),
    );
    this.finish.textContent = finishText(op, now);
  }
}

/**
 * Bulk pulls belong to the link migration endpoints, off for a new team. A management
 * session can switch them on here (the management API's team update); a team-key
 * session is told where.
 */
function linkMigrationHelp(ctx: PageContext, onEnabled: () => void): HTMLElement {
  const { management, session } = ctx.apis;
  if (!management || !session.orgId || !session.teamId) {
    return h('p', { class: 'hint' }, 'An organization admin enables them with the management API (team update, ', h('code', null, 'link_migration_enabled: true'), '); sign in with the management key to do it from here.');
  }
  const path = { org_id: session.orgId, team_id: session.teamId };
  return h(
    'p',
    { class: 'row' },
    actionButton(
      'Enable bulk pulls for this team',
      async () => {
        await okAs<unknown>(management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body: { link_migration_enabled: true } }));
        toast('Bulk pulls are enabled for the team: start the pull again.');
        onEnabled();
      },
      { 'data-testid': 'bulk-enable-link-migration' },
    ),
  );
}

/** The users checklist: search, pages, select all on the page; the selection survives paging. */
function userPicker(ctx: PageContext, selected: Set<string>, onChange: () => void): HTMLElement {
  let offset = 0;
  let search = '';
  const list = h('div', { class: 'user-picker-list', 'data-testid': 'bulk-users' });
  const searchInput = h('input', { type: 'search', placeholder: 'client_user_id or user_id', 'data-testid': 'bulk-user-search' });
  const searchForm = h('form', { class: 'controls', role: 'search' }, field('Find users', searchInput), h('button', { type: 'submit', class: 'secondary' }, 'Search'));
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    search = searchInput.value.trim();
    offset = 0;
    void load();
  });

  const load = () =>
    withStates(
      list,
      () => usersPage(ctx, { offset, limit: USERS_PER_PAGE, ...(search ? { search } : {}) }),
      (page) => {
        if (page.users.length === 0) return h('p', { class: 'empty' }, search ? 'No user matches.' : 'The team has no users yet: create some on the Users page.');
        const boxes: HTMLInputElement[] = [];
        const all = h('input', { type: 'checkbox', 'data-testid': 'bulk-select-all' });
        const syncAll = () => {
          const count = boxes.filter((box) => box.checked).length;
          all.checked = count === boxes.length;
          all.indeterminate = count > 0 && count < boxes.length;
        };
        const rows = page.users.map((user: User) => {
          const box = h('input', { type: 'checkbox', value: user.user_id, checked: selected.has(user.user_id), 'data-testid': 'bulk-user' });
          box.addEventListener('change', () => {
            if (box.checked) selected.add(user.user_id);
            else selected.delete(user.user_id);
            syncAll();
            onChange();
          });
          boxes.push(box);
          const providers = user.connected_sources.map((source) => source.provider.slug).join(', ');
          return h('li', null, h('label', { class: 'check' }, box, h('span', null, user.client_user_id), h('span', { class: 'muted' }, providers ? ` (${providers})` : ' (no connection)')));
        });
        all.addEventListener('change', () => {
          for (const box of boxes) {
            box.checked = all.checked;
            if (all.checked) selected.add(box.value);
            else selected.delete(box.value);
          }
          syncAll();
          onChange();
        });
        syncAll();
        const last = Math.min(page.offset + page.users.length, page.total);
        const pager = h(
          'div',
          { class: 'pager' },
          h('button', { type: 'button', class: 'secondary', disabled: page.offset === 0, onclick: () => ((offset = Math.max(0, offset - USERS_PER_PAGE)), void load()) }, 'Previous'),
          h('span', null, `${page.offset + 1}–${last} of ${page.total}`),
          h('button', { type: 'button', class: 'secondary', disabled: last >= page.total, onclick: () => ((offset += USERS_PER_PAGE), void load()) }, 'Next'),
        );
        return [h('label', { class: 'check select-all' }, all, 'Select all on this page'), h('ul', { class: 'plain checklist' }, ...rows), pager];
      },
      ctx.signal,
    );
  void load();
  return h('div', { class: 'user-picker' }, searchForm, list);
}

export const bulkPullsPage: Page = {
  title: 'Bulk pulls',
  render(view, ctx) {
    const selected = new Set<string>();
    const count = h('span', { class: 'muted', 'data-testid': 'bulk-selected-count', 'aria-live': 'polite' }, 'No user selected');
    const provider = h('select', { 'data-testid': 'bulk-provider', required: true });
    const problem = h('div', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'bulk-error' });
    const onChange = () => {
      count.textContent = selected.size === 0 ? 'No user selected' : `${selected.size} ${selected.size === 1 ? 'user' : 'users'} selected`;
    };

    // Only cloud OAuth providers can be pulled in bulk (OAuthProviderSlug).
    void okAs<TeamSchemas['ProviderList']>(ctx.apis.team.GET('/v2/providers'))
      .then((providers) => {
        const pullable = providers.filter((p) => p.auth_type === 'oauth');
        provider.replaceChildren(...pullable.map((p) => h('option', { value: p.slug }, `${p.name} (${p.slug})`)));
      })
      .catch((error: unknown) => {
        problem.textContent = `The providers could not be listed: ${errorText(error)}`;
        problem.hidden = false;
      });

    const operations = new Operations(ctx);
    const trigger = actionButton(
      'Start bulk pull',
      async () => {
        problem.hidden = true;
        if (selected.size === 0 || !provider.value) {
          problem.textContent = selected.size === 0 ? 'Select at least one user.' : 'Choose a provider.';
          problem.hidden = false;
          return;
        }
        try {
          const answer = await okAs<TeamSchemas['BulkTriggerHistoricalPullResponse']>(
            ctx.apis.team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [...selected], provider: provider.value } }),
          );
          toast(answer.detail);
          operations.upsert([answer.operation], true);
        } catch (error) {
          problem.replaceChildren(errorBox(error));
          if (error instanceof ApiError && error.status === 403) problem.append(linkMigrationHelp(ctx, () => (problem.hidden = true)));
          problem.hidden = false;
        }
      },
      { 'data-testid': 'bulk-trigger' },
    );

    replace(
      view,
      h('h1', null, 'Bulk pulls'),
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'bulk-new-title' },
        h('h2', { id: 'bulk-new-title' }, 'New bulk historical pull'),
        h('p', { class: 'hint' }, 'One historical pull per selected user, throttled per provider as the provider limits require. Users without a connection to the provider are counted as not connected.'),
        userPicker(ctx, selected, onChange),
        h('div', { class: 'controls' }, field('Provider', provider), h('div', { class: 'row' }, trigger, count)),
        problem,
      ),
      h('section', { 'aria-labelledby': 'bulk-ops-title' }, h('h2', { id: 'bulk-ops-title' }, 'Operations'), operations.root),
    );
    void operations.load();
  },
};

/** The operations list: first page, "Load more" by cursor, live progress while any runs. */
class Operations {
  readonly root: HTMLElement;
  private readonly list = h('ul', { class: 'plain bulk-ops', 'data-testid': 'bulk-ops' });
  private readonly status = h('div', { 'data-testid': 'bulk-ops-state' });
  private readonly more = h('button', { type: 'button', class: 'secondary', hidden: true, 'data-testid': 'bulk-ops-more' }, 'Load more');
  private readonly views = new Map<string, OperationView>();
  private cursor: string | null = null;
  private polling = false;

  constructor(private readonly ctx: PageContext) {
    this.root = h('div', null, this.status, this.list, this.more);
    this.more.addEventListener('click', () => void this.loadMore());
  }

  async load() {
    await withStates(
      this.status,
      () => opsPage(this.ctx, { page_size: OPS_PER_PAGE }),
      (page) => {
        this.cursor = page.next_cursor;
        this.more.hidden = page.next_cursor === null;
        this.upsert(page.data, false);
        return this.views.size === 0 ? h('p', { class: 'empty', 'data-testid': 'bulk-ops-empty' }, 'No bulk operation yet.') : [];
      },
      this.ctx.signal,
    );
  }

  private async loadMore() {
    if (this.cursor === null) return;
    try {
      const page = await opsPage(this.ctx, { page_size: OPS_PER_PAGE, next_cursor: this.cursor });
      this.cursor = page.next_cursor;
      this.more.hidden = page.next_cursor === null;
      for (const op of page.data) this.add(op, false);
      this.startPolling();
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  /** Updates the rows of known operations, adds new ones (on top when `newest`), and polls while any runs. */
  upsert(ops: BulkOp[], newest: boolean) {
    const now = new Date();
    for (const op of newest ? [...ops].reverse() : ops) {
      const known = this.views.get(op.id);
      if (known) known.update(op, now);
      else this.add(op, newest);
    }
    if (this.views.size > 0) this.status.replaceChildren();
    this.startPolling();
  }

  private add(op: BulkOp, onTop: boolean) {
    const row = new OperationView(op);
    this.views.set(op.id, row);
    if (onTop) this.list.prepend(row.root);
    else this.list.append(row.root);
  }

  private running(): boolean {
    return anyActive([...this.views.values()].map((row) => ({ status: row.root.getAttribute('data-status') ?? '' })));
  }

  private startPolling() {
    if (this.polling || !this.running()) return;
    this.polling = true;
    poll(
      async () => {
        // Every operation shown, newest first, in as few pages as the API allows.
        const ids = new Set([...this.views.keys()]);
        const fresh: BulkOp[] = [];
        let cursor: string | null = null;
        do {
          const page: BulkOpsPage = await opsPage(this.ctx, { page_size: 50, ...(cursor ? { next_cursor: cursor } : {}) });
          for (const op of page.data) {
            fresh.push(op);
            ids.delete(op.id);
          }
          cursor = page.next_cursor;
        } while (cursor !== null && ids.size > 0 && !this.ctx.signal.aborted);
        if (this.ctx.signal.aborted) return false;
        const now = new Date();
        for (const op of fresh) {
          const row = this.views.get(op.id);
          if (row) row.update(op, now);
          else if (isActive(op)) this.add(op, true); // started elsewhere (another tab, the API)
        }
        const again = this.running();
        if (!again) this.polling = false;
        return again;
      },
      POLL_MS,
      this.ctx.signal,
    );
  }
}
