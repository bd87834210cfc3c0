/**
 * One lab order: its status timeline (polled while a simulation walks it), buttons to
 * simulate to any reachable status or cancel, its results with their flags, and the
 * requisition and result PDFs (fetched with the key, shown from a blob: URL), for at-home
 * and walk-in orders their appointment (lab-order-appointment.ts), and the order's transaction
 * (the order and its redraws) with the sandbox's redraw once its sample failed.
 */
import { fetchBlob, type Apis, type TeamSchemas } from '../api.js';
import { confirmButton, okAs, poll } from '../interactions.js';
import { formatDateTime } from '../lib/format.js';
import { cancelAllowed, humanize, isFinal, orderTimeline, redrawAllowed, redrawOf, resultsReady, simulationTargets, statusLabel } from '../lib/order-timeline.js';
import { FLAG_LABELS, isHighlighted, resultFlags, resultsSummary } from '../lib/result-flags.js';
import type { Page, PageContext } from '../page.js';
import { drawAppointment } from './lab-order-appointment.js';
import { actionButton, details, errorBox, errorText, field, h, replace, toast, withStates } from '../ui.js';

type Order = TeamSchemas['Order'];
type Results = TeamSchemas['LabResultsRaw'];
type OrderResponse = TeamSchemas['OrderResponse'];

const getOrder = (apis: Apis, order_id: string) => okAs<Order>(apis.team.GET('/v3/order/{order_id}', { params: { path: { order_id } } }));
const getResults = (apis: Apis, order_id: string) => okAs<Results>(apis.team.GET('/v3/order/{order_id}/result', { params: { path: { order_id } } }));

const POLL_MS = 1000;

const TOP_BADGE: Record<string, string> = { completed: 'ok', cancelled: 'bad', failed: 'bad' };

function timelineView(order: Order): HTMLElement {
  const entries = orderTimeline(order.events);
  return h(
    'ol',
    { class: 'timeline', 'data-testid': 'order-timeline' },
    ...entries.map((entry) =>
      h(
        'li',
        { class: entry.current ? 'current' : null, 'data-testid': 'timeline-entry', 'data-status': entry.status, 'aria-current': entry.current ? 'step' : null },
        h('span', { class: 'timeline-dot', 'aria-hidden': 'true' }),
        h('div', null, h('strong', null, entry.label), entry.top ? h('span', { class: 'muted' }, ` · ${humanize(entry.top)}`) : null),
        h('time', { class: 'muted', datetime: entry.at }, formatDateTime(entry.at)),
        entry.detail ? h('p', { class: 'muted' }, entry.detail) : null,
      ),
    ),
  );
}

/** The order's transaction: its status and every order of it, oldest first, each linked. */
function transactionView(order: Order): HTMLElement | null {
  const transaction = order.order_transaction;
  if (!transaction) return null;
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'transaction-title', 'data-testid': 'order-transaction', 'data-status': transaction.status },
    h('h2', { id: 'transaction-title' }, `Transaction · ${humanize(transaction.status)}`),
    h(
      'ol',
      { class: 'transaction' },
      ...transaction.orders.map((member) =>
        h(
          'li',
          { 'data-testid': 'transaction-order', 'data-order-id': member.id, 'aria-current': member.id === order.id ? 'page' : null },
          member.id === order.id ? h('strong', null, 'This order') : h('a', { href: `#/lab-orders/${encodeURIComponent(member.id)}` }, member.id),
          ` · ${humanize(member.origin ?? 'initial')}`,
          member.low_level_status ? ` · ${humanize(member.low_level_status)}` : '',
          member.low_level_status_created_at ? h('span', { class: 'muted' }, ` (${formatDateTime(member.low_level_status_created_at)})`) : null,
        ),
      ),
    ),
  );
}

function resultsView(results: Results): HTMLElement {
  const rows = results.results.map((result) => {
    const flags = resultFlags(result);
    const row = h(
      'tr',
      { class: isHighlighted(result) ? 'highlighted' : null, 'data-testid': 'result-row', 'data-flags': flags.join(' ') },
      h('th', { scope: 'row' }, result.name),
      h('td', null, h('strong', null, result.result), result.unit ? ` ${result.unit}` : ''),
      h('td', null, result.reference_range ?? '–'),
      h(
        'td',
        null,
        flags.length === 0 ? h('span', { class: 'muted' }, 'In range') : null,
        ...flags.map((flag) => h('span', { class: `badge flag flag-${flag}`, 'data-testid': 'result-flag', 'data-flag': flag }, FLAG_LABELS[flag])),
      ),
      h('td', null, result.interpretation ? humanize(result.interpretation) : '–'),
    );
    return row;
  });
  const missing = results.missing_results ?? [];
  return h(
    'div',
    { 'data-testid': 'order-results' },
    h('p', { 'data-testid': 'results-summary' }, resultsSummary(results.results)),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'results' },
        h('thead', null, h('tr', null, ...['Marker', 'Result', 'Reference range', 'Flags', 'Interpretation'].map((label) => h('th', { scope: 'col' }, label)))),
        h('tbody', null, ...rows),
      ),
    ),
    missing.length > 0 ? h('p', { class: 'muted' }, `Not reported: ${missing.map((m) => m.name).join(', ')}`) : null,
  );
}

/** A PDF of the order: fetched with the key header, then links (new tab, download) to its blob: URL; the key never goes in a URL. */
function pdfButton(apis: Apis, label: string, path: string, name: string, testid: string, urls: string[]): HTMLElement {
  const out = h('div', { class: 'pdf-out' });
  const button = actionButton(
    label,
    async () => {
      const blob = await fetchBlob(apis, path);
      const url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
      urls.push(url);
      replace(
        out,
        h(
          'div',
          { class: 'row' },
          h('a', { href: url, target: '_blank', rel: 'noopener', 'data-testid': `${testid}-open` }, `Open ${name} in a new tab`),
          h('a', { href: url, download: `${name.replaceAll(' ', '-')}.pdf`, 'data-testid': `${testid}-download` }, 'Download'),
        ),
      );
    },
    { class: 'secondary', 'data-testid': testid },
  );
  return h('div', { class: 'pdf' }, button, out);
}

export const labOrderPage: Page = {
  title: 'Lab order',
  render(view, ctx: PageContext) {
    const orderId = ctx.params.order_id ?? '';
    const urls: string[] = [];
    ctx.signal.addEventListener('abort', () => urls.forEach((url) => URL.revokeObjectURL(url)), { once: true });
    const path = { order_id: orderId };
    let target: string | null = null;
    let polling = false;
    let failing = false;
    let lastStatus = '';

    const head = h('div');
    const timeline = h('section', { class: 'card', 'aria-labelledby': 'timeline-title' });
    const actions = h('section', { class: 'card', 'aria-labelledby': 'actions-title' });
    const results = h('section', { class: 'card', 'aria-labelledby': 'results-title', 'data-testid': 'results-section' });
    const documents = h('section', { class: 'card', 'aria-labelledby': 'documents-title' });
    const appointment = h('section', { class: 'card', 'aria-labelledby': 'appointment-title', 'data-testid': 'appointment-section' });
    const transaction = h('div');
    const body = h('div', { class: 'order-page' }, head, h('div', { class: 'grid' }, timeline, actions), transaction, appointment, results, documents);

    const drawResults = async (order: Order) => {
      const status = order.last_event.status;
      if (!resultsReady(status)) {
        replace(results, h('h2', { id: 'results-title' }, 'Results'), h('p', { class: 'empty', 'data-testid': 'results-none' }, 'No results yet: they arrive with partial results or completion.'));
        return;
      }
      const box = h('div');
      replace(results, h('h2', { id: 'results-title' }, 'Results'), box);
      await withStates(box, () => getResults(ctx.apis, orderId), resultsView, ctx.signal);
    };

    const drawDocuments = (order: Order) => {
      const status = order.last_event.status;
      const cancelled = status.startsWith('cancelled.');
      replace(
        documents,
        h('h2', { id: 'documents-title' }, 'Documents'),
        h(
          'div',
          { class: 'pdfs' },
          cancelled
            ? h('p', { class: 'muted' }, 'A cancelled order has no requisition form.')
            : pdfButton(ctx.apis, 'Requisition PDF', `/v3/order/${encodeURIComponent(orderId)}/requisition/pdf`, 'requisition', 'requisition-pdf', urls),
          resultsReady(status)
            ? pdfButton(ctx.apis, 'Result PDF', `/v3/order/${encodeURIComponent(orderId)}/result/pdf`, 'result report', 'result-pdf', urls)
            : h('p', { class: 'muted' }, 'The result report exists once results are in.'),
        ),
      );
    };

    const simulate = async (finalStatus: string, interpretation: string) => {
      const answer = await okAs<OrderResponse>(
        ctx.apis.team.POST('/v3/order/{order_id}/test', {
          params: { path, query: { final_status: finalStatus as TeamSchemas['OrderStatus'], delay: 0 } },
          body: interpretation ? { interpretation: interpretation as TeamSchemas['Interpretation'] } : {},
        }),
      );
      toast(answer.message);
      target = finalStatus;
      draw(answer.order);
      watch();
    };

    const drawActions = (order: Order) => {
      const status = order.last_event.status;
      const targets = simulationTargets(status);
      const interpretation = h(
        'select',
        { 'data-testid': 'simulate-interpretation' },
        h('option', { value: '' }, 'Normal (default)'),
        h('option', { value: 'abnormal' }, 'Abnormal'),
        h('option', { value: 'critical' }, 'Critical'),
      );
      const others = targets.filter((t) => !t.direct);
      const pick = h('select', { 'data-testid': 'simulate-target' }, ...others.map((t) => h('option', { value: t.status }, `${t.label} (${t.path.length} steps)`)));
      const cancel = cancelAllowed(status);
      replace(
        actions,
        h('h2', { id: 'actions-title' }, 'Simulate'),
        targets.length === 0
          ? h('p', { class: 'muted', 'data-testid': 'simulate-none' }, isFinal(status) ? 'The order is in a final status: nothing more can happen to it.' : 'No status is reachable from here.')
          : h(
              'div',
              null,
              field('Results read as', interpretation, 'Applies when the walk reaches partial results or completion.'),
              h('p', { class: 'hint' }, 'Next status:'),
              h(
                'div',
                { class: 'row', role: 'group', 'aria-label': 'Simulate to the next status' },
                ...targets
                  .filter((t) => t.direct)
                  .map((t) => actionButton(t.label, () => simulate(t.status, interpretation.value), { 'data-testid': `simulate-${t.status.split('.')[2]}`, class: 'secondary' })),
              ),
              others.length > 0
                ? h(
                    'div',
                    { class: 'controls' },
                    field('Or walk to', pick),
                    actionButton('Simulate', () => simulate(pick.value, interpretation.value), { 'data-testid': 'simulate-to' }),
                  )
                : null,
            ),
        redrawAllowed({ id: order.id, status, redrawn_as: redrawOf(order.id, order.order_transaction?.orders ?? []) })
          ? h(
              'div',
              null,
              h('h3', null, 'Redraw'),
              h('p', { class: 'hint' }, 'Sandbox: the lab draws a new sample, as a new order in this order’s transaction.'),
              confirmButton(
                'Redraw',
                status.includes('.walk_in_test.') ? 'Redraw this order? It is cancelled and a new order takes over.' : 'Redraw this order? A new order is placed for the same patient and lab test.',
                async () => {
                  const answer = await okAs<OrderResponse>(ctx.apis.team.POST('/v3/order/{order_id}/redraw', { params: { path } }));
                  toast(answer.message);
                  location.hash = `#/lab-orders/${encodeURIComponent(answer.order.id)}`;
                },
                { testid: 'order-redraw', confirmLabel: 'Yes, redraw it' },
              ),
            )
          : null,
        h('h3', null, 'Cancel'),
        cancel.ok
          ? confirmButton(
              'Cancel order',
              'Cancel this order? It cannot be undone.',
              async () => {
                const answer = await okAs<OrderResponse>(ctx.apis.team.POST('/v3/order/{order_id}/cancel', { params: { path } }));
                toast(answer.message);
                target = null;
                draw(answer.order);
              },
              { testid: 'order-cancel', confirmLabel: 'Yes, cancel it' },
            )
          : h('p', { class: 'muted', 'data-testid': 'order-cancel-refused' }, cancel.reason),
      );
    };

    const draw = (order: Order) => {
      const status = order.last_event.status;
      const changed = status !== lastStatus;
      lastStatus = status;
      replace(
        head,
        h('p', null, h('a', { href: '#/lab-orders' }, '← Lab orders')),
        h('h1', null, order.lab_test.name),
        h(
          'p',
          { class: 'row' },
          h('span', { class: `badge ${TOP_BADGE[status.split('.')[0] ?? ''] ?? ''}`, 'data-testid': 'order-status', 'data-status': status }, statusLabel(status)),
          h('code', { class: 'muted' }, status),
          target && target !== status ? h('span', { class: 'muted', role: 'status', 'data-testid': 'order-simulating' }, `Simulating to ${statusLabel(target)}…`) : null,
        ),
        details([
          ['Patient', order.patient_details ? `${order.patient_details.first_name} ${order.patient_details.last_name}` : 'Not registered yet (testkit)'],
          // The Order answers the date of birth as a date-time at midnight UTC: its date is the one given.
          ['Date of birth', order.patient_details ? order.patient_details.dob.slice(0, 10) : '–'],
          ['User', h('a', { href: `#/users/${encodeURIComponent(order.user_id)}` }, order.user_id)],
          ['Method', humanize(order.lab_test.method)],
          ['Lab', order.lab_test.lab?.name ?? '–'],
          ['Sample id', order.sample_id],
          ['Order id', h('code', null, order.id)],
          ['Created', formatDateTime(order.created_at)],
          ['Results expected', order.expected_result_by_date ?? '–'],
          ...(order.notes ? [['Notes', h('span', { 'data-testid': 'order-notes', class: 'notes' }, order.notes)] as [string, HTMLElement]] : []),
        ]),
      );
      replace(timeline, h('h2', { id: 'timeline-title' }, 'Status timeline'), timelineView(order));
      replace(transaction, transactionView(order));
      if (changed) {
        drawAppointment(appointment, ctx.apis, order, ctx.signal, () => void getOrder(ctx.apis, orderId).then((fresh) => { lastStatus = ''; draw(fresh); }));
        drawActions(order);
        drawDocuments(order);
        void drawResults(order);
      }
    };

    /** Polls the order while a simulation walks it (until its target or a final status). */
    const watch = () => {
      if (polling) return;
      polling = true;
      poll(
        async () => {
          try {
            const order = await getOrder(ctx.apis, orderId);
            if (ctx.signal.aborted) return false;
            draw(order);
            const status = order.last_event.status;
            if (status === target || isFinal(status) || target === null) {
              target = null;
              polling = false;
              draw(order);
              return false;
            }
            failing = false;
          } catch (error) {
            // Once per outage, not once a second.
            if (!failing) toast(`The order could not be refreshed: ${errorText(error)}; retrying.`, 'error');
            failing = true;
          }
          return true;
        },
        POLL_MS,
        ctx.signal,
      );
    };

    void withStates(
      view,
      () => getOrder(ctx.apis, orderId),
      (order) => {
        draw(order);
        return body;
      },
      ctx.signal,
    ).catch((error: unknown) => replace(view, errorBox(error)));
  },
};
