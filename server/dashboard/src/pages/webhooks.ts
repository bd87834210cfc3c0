/**
 * Webhooks (management session only): the team's endpoints (add with an event-type
 * filter, the secret shown once, delete), each endpoint's deliveries with their
 * attempts, next retry and the answer received (its status and body), payloads, replay, and a live feed of
 * the events as they are emitted.
 */
import { clearSession, ok, type Apis, type ManagementSchemas } from '../api.js';
import { confirmButton, jsonBlock, lazyDetails, okAs, poll } from '../interactions.js';
import { deliveryStatusText, eventTypeChoices, filterText, isReplayable, responseBodyView, responseText } from '../lib/delivery-format.js';
import { FEED_CAP, mergeFeed, nextAfter } from '../lib/event-feed.js';
import { formatDateTime } from '../lib/format.js';
import type { Page, PageContext } from '../page.js';
import { actionButton, copyable, errorBox, errorText, field, h, replace, table, toast, withStates } from '../ui.js';

type Endpoint = ManagementSchemas['WebhookEndpoint'];
type Delivery = ManagementSchemas['WebhookDelivery'];
type EventPage = ManagementSchemas['TeamEventPage'];
type TeamEvent = ManagementSchemas['TeamEvent'];

const eventsPage = (scope: Scope, query: { after?: string; event_type?: string; limit?: number; next_cursor?: string }) =>
  okAs<EventPage>(scope.management.GET('/v1/org/{org_id}/team/{team_id}/event', { params: { path: { org_id: scope.org_id, team_id: scope.team_id }, query } }));

const FEED_POLL_MS = 1000;
const DELIVERY_POLL_MS = 2000;
const DELIVERIES_PER_PAGE = 20;

interface Scope {
  apis: Apis;
  management: NonNullable<Apis['management']>;
  org_id: string;
  team_id: string;
  signal: AbortSignal;
}

let eventTypesCache: Promise<string[]> | undefined;

/** The event types of the team API document's `webhooks` section (the server serves its bundle). */
function eventTypes(): Promise<string[]> {
  eventTypesCache ??= fetch('/openapi.json', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`The API document could not be read (HTTP ${response.status}).`);
      const document = (await response.json()) as { webhooks?: Record<string, unknown> };
      return Object.keys(document.webhooks ?? {});
    })
    .catch((error: unknown) => {
      eventTypesCache = undefined;
      throw error;
    });
  return eventTypesCache;
}

/** Explains why the page needs the management key and offers that sign-in. */
function needsManagement(view: HTMLElement) {
  replace(
    view,
    h('h1', null, 'Webhooks'),
    h(
      'div',
      { class: 'card', 'data-testid': 'webhooks-needs-management' },
      h('p', null, 'Webhook endpoints belong to the management API: this session signed in with a team API key, which cannot list or change them.'),
      h('p', null, 'Sign in with the organization’s management key to manage endpoints, see deliveries and replay them.'),
      h(
        'button',
        {
          type: 'button',
          'data-testid': 'webhooks-management-sign-in',
          onclick: () => {
            // A team-key session has no key of its own to revoke: forgetting it is signing out.
            clearSession();
            location.hash = '';
            location.reload();
          },
        },
        'Sign in with the management key',
      ),
    ),
  );
}

/** The add-endpoint form: URL, description, event-type filter (checkboxes, narrowed by a search). */
function addEndpointForm(scope: Scope, onCreated: (created: ManagementSchemas['WebhookEndpointWithSecret']) => void): HTMLElement {
  const url = h('input', { type: 'url', required: true, placeholder: 'https://example.com/webhooks or http://127.0.0.1:port/', 'data-testid': 'webhook-url' });
  const description = h('input', { type: 'text', maxlength: 200, 'data-testid': 'webhook-description' });
  const narrow = h('input', { type: 'search', placeholder: 'Narrow the list', 'data-testid': 'webhook-filter-search' });
  const choices = h('div', { class: 'event-choices', 'data-testid': 'webhook-event-types' }, h('p', { class: 'loading', role: 'status' }, 'Loading event types…'));
  const chosen = h('p', { class: 'hint', 'aria-live': 'polite' }, 'No filter: every event is delivered.');
  const problem = h('div', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'webhook-error' });
  const boxes: HTMLInputElement[] = [];
  const selected = () => boxes.filter((box) => box.checked).map((box) => box.value);
  const showChosen = () => {
    const values = selected();
    chosen.textContent = values.length === 0 ? 'No filter: every event is delivered.' : `Only: ${values.join(', ')}`;
  };

  void eventTypes()
    .then((types) => {
      const { prefixes, types: sorted } = eventTypeChoices(types);
      const option = (value: string) => {
        const box = h('input', { type: 'checkbox', value, 'data-testid': 'webhook-event-type' });
        box.addEventListener('change', showChosen);
        boxes.push(box);
        return h('li', { 'data-value': value }, h('label', { class: 'check' }, box, h('code', null, value)));
      };
      choices.replaceChildren(
        h('h4', null, 'Prefixes'),
        h('ul', { class: 'plain' }, ...prefixes.map(option)),
        h('h4', null, 'Event types'),
        h('ul', { class: 'plain' }, ...sorted.map(option)),
      );
    })
    .catch((error: unknown) => choices.replaceChildren(errorBox(error)));

  narrow.addEventListener('input', () => {
    const term = narrow.value.trim().toLowerCase();
    for (const item of choices.querySelectorAll<HTMLElement>('li[data-value]')) item.hidden = term !== '' && !item.dataset.value!.includes(term);
    // A group with nothing left to show loses its heading too.
    for (const list of choices.querySelectorAll<HTMLElement>('ul')) {
      const empty = [...list.children].every((item) => (item as HTMLElement).hidden);
      list.hidden = empty;
      if (list.previousElementSibling instanceof HTMLElement) list.previousElementSibling.hidden = empty;
    }
  });

  const submit = actionButton(
    'Add endpoint',
    async () => {
      problem.hidden = true;
      if (!url.value.trim()) {
        problem.textContent = 'Enter the URL events are delivered to.';
        problem.hidden = false;
        return;
      }
      const types = selected();
      try {
        const created = await ok(
          scope.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
            params: { path: { org_id: scope.org_id, team_id: scope.team_id } },
            body: { url: url.value.trim(), event_types: types.length > 0 ? types : null, description: description.value.trim() || null },
          }),
        );
        url.value = '';
        description.value = '';
        for (const box of boxes) box.checked = false;
        showChosen();
        onCreated(created);
      } catch (error) {
        problem.replaceChildren(errorBox(error));
        problem.hidden = false;
      }
    },
    { 'data-testid': 'webhook-add' },
  );
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'webhook-add-title' },
    h('h2', { id: 'webhook-add-title' }, 'Add an endpoint'),
    field('URL', url, 'HTTPS, or HTTP to a loopback host (localhost, 127.0.0.1) for local development.'),
    field('Description (optional)', description),
    h('details', { class: 'event-filter' }, h('summary', null, 'Filter by event type'), field('Narrow the list', narrow), choices),
    chosen,
    problem,
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.click();
  });
  return form;
}

/** The secret of a new endpoint, shown once with a Copy button. */
function secretOnce(created: ManagementSchemas['WebhookEndpointWithSecret'], onDismiss: () => void): HTMLElement {
  const box = h(
    'section',
    { class: 'card secret-once', 'data-testid': 'webhook-secret-once', 'aria-labelledby': 'secret-title', tabindex: '-1' },
    h('h2', { id: 'secret-title' }, 'Signing secret of the new endpoint'),
    h('p', null, 'Copy it now: it is shown only this once. Verify each delivery’s ', h('code', null, 'webhook-signature'), ' with it (Standard Webhooks).'),
    h('p', { class: 'muted' }, created.url),
    copyable(created.secret, 'webhook-secret'),
    h('button', { type: 'button', class: 'secondary', 'data-testid': 'webhook-secret-dismiss', onclick: onDismiss }, 'I have saved it'),
  );
  return box;
}

/** Looks up the payload of an event: in the feed first, else in the team's events of that type. */
async function eventPayload(scope: Scope, feed: Map<string, TeamEvent>, eventId: string, eventType: string): Promise<TeamEvent | null> {
  const known = feed.get(eventId);
  if (known) return known;
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const answer: EventPage = await eventsPage(scope, { event_type: eventType, limit: 200, ...(cursor ? { next_cursor: cursor } : {}) });
    const found = answer.data.find((event) => event.id === eventId);
    if (found) return found;
    cursor = answer.next_cursor;
    if (cursor === null) break;
  }
  return null;
}

/** One endpoint: its details, actions and deliveries (refreshed every two seconds). */
class EndpointView {
  readonly root: HTMLElement;
  private readonly deliveries = h('div', { 'data-testid': 'webhook-deliveries' });
  private readonly statusFilter = h(
    'select',
    { 'data-testid': 'delivery-status-filter' },
    h('option', { value: '' }, 'All'),
    h('option', { value: 'pending' }, 'Pending'),
    h('option', { value: 'succeeded' }, 'Succeeded'),
    h('option', { value: 'failed' }, 'Failed'),
  );
  private rows: Delivery[] = [];
  private cursor: string | null = null;
  private polling = false;
  private drawn = '';
  /** Deliveries whose answer body is open: it stays open while a replay has no answer yet. */
  private readonly openAnswers = new Set<string>();
  private loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly scope: Scope,
    readonly endpoint: Endpoint,
    private readonly feed: Map<string, TeamEvent>,
    onDeleted: () => void,
  ) {
    this.statusFilter.addEventListener('change', () => void this.refresh(true));
    this.root = h(
      'li',
      { class: 'card endpoint', 'data-testid': 'webhook-endpoint', 'data-endpoint-id': endpoint.id },
      h('div', { class: 'endpoint-head' }, h('h3', null, h('code', { 'data-testid': 'webhook-endpoint-url' }, endpoint.url))),
      h(
        'dl',
        { class: 'details' },
        h('dt', null, 'Events'),
        h('dd', { 'data-testid': 'webhook-endpoint-filter' }, filterText(endpoint.event_types ?? null)),
        h('dt', null, 'Description'),
        h('dd', null, endpoint.description || '–'),
        h('dt', null, 'Created'),
        h('dd', null, formatDateTime(endpoint.created_on)),
      ),
      h(
        'div',
        { class: 'row endpoint-actions' },
        actionButton('Replay failed', () => this.replay(null), { class: 'secondary', 'data-testid': 'replay-failed' }),
        actionButton('Refresh', () => this.refresh(true), { class: 'secondary', 'data-testid': 'deliveries-refresh' }),
        field('Deliveries', this.statusFilter),
        confirmButton(
          'Delete',
          `Delete the endpoint ${endpoint.url}? Its pending deliveries are dropped.`,
          async () => {
            await ok(
              scope.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', {
                params: { path: { org_id: scope.org_id, team_id: scope.team_id, endpoint_id: endpoint.id } },
              }),
            );
            toast('Endpoint deleted.');
            onDeleted();
          },
          { testid: 'webhook-delete', confirmLabel: 'Yes, delete it' },
        ),
      ),
      this.deliveries,
    );
    void this.refresh(true);
  }

  /**
   * Reloads the first page of deliveries (keeping as many rows as are shown), then polls
   * while any is pending. Loads run one after the other, so a refresh asked for after a
   * replay always reads the state after it.
   */
  refresh(reset = false): Promise<void> {
    const run = () => this.load(reset);
    this.loading = this.loading.then(run, run);
    return this.loading;
  }

  private fetchPage(query: { page_size: number; next_cursor?: string }) {
    const status = this.statusFilter.value;
    return okAs<ManagementSchemas['WebhookDeliveryPage']>(
      this.scope.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
        params: {
          path: { org_id: this.scope.org_id, team_id: this.scope.team_id, endpoint_id: this.endpoint.id },
          query: { ...query, ...(status ? { status: status as ManagementSchemas['WebhookDeliveryStatus'] } : {}) },
        },
      }),
    );
  }

  private async load(reset: boolean) {
    const size = reset ? DELIVERIES_PER_PAGE : Math.min(100, Math.max(DELIVERIES_PER_PAGE, this.rows.length));
    try {
      const page = await this.fetchPage({ page_size: size });
      if (this.scope.signal.aborted) return;
      this.rows = page.data;
      this.cursor = page.next_cursor;
      this.draw();
      this.watch();
    } catch (error) {
      if (this.scope.signal.aborted) return;
      this.drawn = '';
      replace(this.deliveries, errorBox(error, () => void this.refresh(true)));
    }
  }

  private async more() {
    if (!this.cursor) return;
    const page = await this.fetchPage({ page_size: DELIVERIES_PER_PAGE, next_cursor: this.cursor });
    this.rows = [...this.rows, ...page.data];
    this.cursor = page.next_cursor;
    this.draw();
  }

  private async replay(ids: string[] | null) {
    const answer = await ok(
      this.scope.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', {
        params: { path: { org_id: this.scope.org_id, team_id: this.scope.team_id, endpoint_id: this.endpoint.id } },
        body: ids ? { delivery_ids: ids } : {},
      }),
    );
    toast(answer.replayed === 0 ? 'Nothing to replay.' : `${answer.replayed} ${answer.replayed === 1 ? 'delivery' : 'deliveries'} queued again.`);
    await this.refresh();
  }

  /** Keeps the deliveries live: a refresh every two seconds while the page is open (new events, retries, replays). */
  private watch() {
    if (this.polling) return;
    this.polling = true;
    poll(
      async () => {
        await this.refresh();
        return true;
      },
      DELIVERY_POLL_MS,
      this.scope.signal,
    );
  }

  private draw() {
    // Redraw only on a change (or for the countdown of a pending retry): keyboard focus stays put.
    const signature = JSON.stringify([this.rows, this.cursor, this.statusFilter.value]);
    if (signature === this.drawn && !this.rows.some((row) => row.status === 'pending')) return;
    this.drawn = signature;
    const now = new Date();
    // Keep open payloads open across refreshes.
    const open = new Set([...this.deliveries.querySelectorAll<HTMLDetailsElement>('details[open][data-delivery-id]')].map((d) => d.dataset.deliveryId));
    if (this.rows.length === 0) {
      replace(this.deliveries, h('p', { class: 'empty', 'data-testid': 'deliveries-empty' }, this.statusFilter.value ? `No ${this.statusFilter.value} delivery.` : 'No delivery yet.'));
      return;
    }
    const rows = this.rows.map((delivery) => {
      const answer = responseText(delivery);
      return [
        h('code', null, delivery.event_type),
        h('span', { class: `badge ${delivery.status === 'succeeded' ? 'ok' : delivery.status === 'failed' ? 'bad' : ''}`, 'data-testid': 'delivery-status' }, delivery.status),
        h('span', { 'data-testid': 'delivery-status-text' }, deliveryStatusText(delivery, now)),
        h(
          'span',
          { 'data-testid': 'delivery-response' },
          answer ?? '–',
          // The error text adds nothing when it only repeats the status.
          delivery.last_error && delivery.last_status_code !== null && delivery.last_error !== `endpoint answered ${delivery.last_status_code}`
            ? h('span', { class: 'muted' }, ` (${delivery.last_error})`)
            : null,
        ),
        delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '–',
        formatDateTime(delivery.created_on),
        actionButton('Replay', () => this.replay([delivery.id]), {
          class: isReplayable(delivery) ? '' : 'secondary',
          'data-testid': 'delivery-replay',
          'aria-label': `Replay the ${delivery.event_type} delivery`,
        }),
      ];
    });
    const payloads = this.rows.map((delivery) => {
      const payload = lazyDetails(
        'Payload',
        async () => {
          const event = await eventPayload(this.scope, this.feed, delivery.event_id, delivery.event_type);
          return event ? jsonBlock(event, 'delivery-payload') : h('p', { class: 'empty' }, 'The event is no longer in the team’s events list.');
        },
        { 'data-delivery-id': delivery.id, class: 'payload' },
      );
      if (open.has(delivery.id)) payload.open = true;
      return payload;
    });
    const answerBodies = this.rows.map((delivery) => {
      const view = responseBodyView(delivery);
      if (!view) return null;
      // Text nodes only: whatever the endpoint answered cannot inject markup.
      const answer = h(
        'details',
        { class: 'response', 'data-response-for': delivery.id },
        h('summary', null, `Response body (HTTP ${delivery.last_status_code})`),
        h('pre', { class: `response-body${view.empty ? ' empty-body' : ''}`, 'data-testid': 'delivery-response-body', tabindex: '0' }, view.text),
        view.note ? h('p', { class: 'muted', 'data-testid': 'delivery-response-truncated' }, view.note) : null,
      );
      if (this.openAnswers.has(delivery.id)) answer.open = true;
      answer.addEventListener('toggle', () => (answer.open ? this.openAnswers.add(delivery.id) : this.openAnswers.delete(delivery.id)));
      return answer;
    });
    const body = [
      table(['Event', 'Status', 'Attempts', 'Last answer', 'Next retry', 'Created', 'Replay'], rows, { 'data-testid': 'deliveries-table', class: 'deliveries' }),
    ];
    if (this.cursor) body.push(actionButton('More deliveries', () => this.more(), { class: 'secondary', 'data-testid': 'deliveries-more' }));
    replace(this.deliveries, ...body);
    // Each cell names its column: the narrow layout shows rows as cards.
    const headers = [...this.deliveries.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    for (const row of this.deliveries.querySelectorAll('tbody tr')) [...row.children].forEach((cell, i) => cell.setAttribute('data-label', headers[i] ?? ''));
    const tableRows = this.deliveries.querySelectorAll('tbody tr');
    this.rows.forEach((delivery, i) => {
      const row = tableRows[i];
      if (!row) return;
      row.setAttribute('data-testid', 'delivery');
      row.setAttribute('data-delivery-id', delivery.id);
      row.setAttribute('data-delivery-status', delivery.status);
      // The payload gets a full-width row of its own under its delivery.
      row.after(h('tr', { class: 'payload-row', 'data-payload-for': delivery.id }, h('td', { colspan: headers.length, 'data-label': '' }, payloads[i]!, answerBodies[i])));
    });
  }
}

/** The live feed: the newest events, then every event emitted after them, polled each second. */
function liveFeed(scope: Scope, feed: Map<string, TeamEvent>, onEvents: () => void): HTMLElement {
  const list = h('ol', { class: 'plain feed', 'data-testid': 'event-feed', 'aria-live': 'off' });
  const state = h('p', { class: 'muted', role: 'status', 'data-testid': 'event-feed-state' }, 'Connecting…');
  let shown: TeamEvent[] = [];
  let after: string | null = null;
  const idOf = (event: TeamEvent) => event.id;

  const item = (event: TeamEvent) =>
    h(
      'li',
      { class: 'feed-item', 'data-testid': 'feed-event', 'data-event-type': event.event_type },
      h('div', { class: 'row' }, h('time', { datetime: event.created_at, class: 'muted' }, formatDateTime(event.created_at)), h('code', null, event.event_type), event.client_user_id ? h('span', { class: 'muted' }, event.client_user_id) : null),
      lazyDetails('Payload', () => jsonBlock(event, 'feed-payload'), { class: 'payload' }),
    );

  const draw = (fresh: TeamEvent[]) => {
    shown = mergeFeed(shown, fresh, idOf, FEED_CAP);
    const keep = new Set(shown.map(idOf));
    for (const event of fresh) feed.set(event.id, event);
    for (const id of [...feed.keys()]) if (!keep.has(id)) feed.delete(id);
    // New items on top; the oldest beyond the cap leave the DOM.
    const known = new Set([...list.children].map((li) => (li as HTMLElement).dataset.eventId));
    const additions = fresh.filter((event) => !known.has(event.id));
    for (const event of additions) {
      const li = item(event);
      li.dataset.eventId = event.id;
      list.prepend(li);
    }
    for (const li of [...list.children]) if (!keep.has((li as HTMLElement).dataset.eventId ?? '')) li.remove();
    state.textContent = shown.length === 0 ? 'No event yet: events appear here as they are emitted.' : `Live: ${shown.length} most recent ${shown.length === 1 ? 'event' : 'events'} (up to ${FEED_CAP}).`;
  };

  const start = async () => {
    const first = await eventsPage(scope, { limit: 20 });
    if (scope.signal.aborted) return;
    // The first page is newest first; the feed takes pages oldest first.
    const oldestFirst = [...first.data].reverse();
    after = nextAfter(null, oldestFirst, idOf);
    draw(oldestFirst);
    poll(
      async () => {
        try {
          const page = await eventsPage(scope, { limit: 200, ...(after ? { after } : {}) });
          if (scope.signal.aborted) return false;
          after = nextAfter(after, page.data, idOf);
          if (page.data.length > 0) {
            draw(page.data);
            onEvents();
          }
        } catch (error) {
          state.textContent = `The feed could not be refreshed (${errorText(error)}); retrying.`;
        }
        return true;
      },
      FEED_POLL_MS,
      scope.signal,
    );
  };
  void start().catch((error: unknown) => replace(state, errorBox(error)));
  return h('section', { class: 'card', 'aria-labelledby': 'feed-title' }, h('h2', { id: 'feed-title' }, 'Live events'), state, list);
}

export const webhooksPage: Page = {
  title: 'Webhooks',
  render(view, ctx: PageContext) {
    const { apis } = ctx;
    const session = apis.session;
    if (!apis.management || !session.orgId || !session.teamId) return needsManagement(view);
    const scope: Scope = { apis, management: apis.management, org_id: session.orgId, team_id: session.teamId, signal: ctx.signal };
    const feed = new Map<string, TeamEvent>();
    const endpointViews: EndpointView[] = [];
    const secretArea = h('div');
    const endpointsBox = h('div', { 'data-testid': 'webhook-endpoints-box' });

    const loadEndpoints = () =>
      withStates(
        endpointsBox,
        () => ok(scope.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: scope.org_id, team_id: scope.team_id } } })),
        (list) => {
          endpointViews.length = 0;
          if (list.data.length === 0) return h('p', { class: 'empty', 'data-testid': 'webhook-endpoints-empty' }, 'No endpoint yet: add one above.');
          const items = list.data.map((endpoint) => {
            const row = new EndpointView(scope, endpoint, feed, () => void loadEndpoints());
            endpointViews.push(row);
            return row.root;
          });
          return h('ul', { class: 'plain endpoints', 'data-testid': 'webhook-endpoints' }, ...items);
        },
        ctx.signal,
      );

    const onCreated = (created: ManagementSchemas['WebhookEndpointWithSecret']) => {
      const box = secretOnce(created, () => secretArea.replaceChildren());
      secretArea.replaceChildren(box);
      box.focus();
      void loadEndpoints();
    };

    replace(
      view,
      h('h1', null, 'Webhooks'),
      h('p', { class: 'hint' }, `Endpoints of the team ${session.teamName ?? session.teamId}. Deliveries are signed and retried with backoff; a failed one can be replayed.`),
      addEndpointForm(scope, onCreated),
      secretArea,
      h('section', { 'aria-labelledby': 'endpoints-title' }, h('h2', { id: 'endpoints-title' }, 'Endpoints'), endpointsBox),
      liveFeed(scope, feed, () => {
        // New events mean new deliveries.
        for (const row of endpointViews) void row.refresh();
      }),
    );
    void loadEndpoints();
  },
};
