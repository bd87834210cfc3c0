/**
 * Unmatched results: the team's queue of results that matched no order (waiting for review,
 * or another status picked), each with its patient, lab, markers and candidate orders, and the
 * team's decisions: accept into an order (a candidate's, or an order id typed in), reject, or
 * unsure (hand it to the lab's operations). The status filter is kept in the hash
 * (`#/unmatched-results?status=resolved`).
 */
import { ok, type TeamSchemas } from '../api.js';
import { okAs } from '../interactions.js';
import { formatDateTime } from '../lib/format.js';
import type { Page, PageContext } from '../page.js';
import { actionButton, field, h, replace, table, toast, withStates } from '../ui.js';

type Unmatched = TeamSchemas['UnmatchedResult'];
type Status = TeamSchemas['MatchReviewStatusFilter'];

const STATUSES: [value: string, label: string][] = [
  ['', 'Waiting for review'],
  ['pending_customer_review', 'Waiting for the team'],
  ['pending_ops_review', 'With the lab (unsure)'],
  ['resolved', 'Resolved'],
];

function patientOf(result: Unmatched): string {
  const p = result.patient;
  if (!p) return '–';
  return `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() + (p.dob ? ` (${p.dob.slice(0, 10)})` : '');
}

function decisions(ctx: PageContext, result: Unmatched, reload: () => void): HTMLElement {
  const allowed = result.allowed_actions ?? [];
  if (allowed.length === 0) return h('span', { class: 'muted' }, String(result.status).replaceAll('_', ' '));
  const candidate = result.candidate_groups?.flatMap((g) => g.candidates ?? [])[0]?.order_id ?? '';
  const orderInput = h('input', { type: 'text', name: 'order_id', value: candidate, placeholder: 'order id', size: 38, 'data-testid': 'accept-order-id' });
  const controls: HTMLElement[] = [];
  if (allowed.includes('accept')) {
    controls.push(field('Order', orderInput), actionButton('Accept', async () => {
      const order_id = orderInput.value.trim();
      const order = await ok(ctx.apis.team.POST('/v3/unmatched_result/{raw_result_id}/accept', { params: { path: { raw_result_id: result.id } }, body: order_id ? { order_id } : { user_id: result.candidate_groups?.[0]?.user_id ?? null } }));
      toast(`Order ${order.id} completed with the result`);
      reload();
    }, { 'data-testid': 'accept-result' }));
  }
  for (const action of ['reject', 'unsure'] as const) {
    if (!allowed.includes(action)) continue;
    controls.push(actionButton(action === 'reject' ? 'Reject' : 'Unsure', async () => {
      await ok(ctx.apis.team.POST('/v3/unmatched_result/{raw_result_id}/resolve', { params: { path: { raw_result_id: result.id } }, body: { action } }));
      toast(action === 'reject' ? 'Result rejected' : 'Result handed to the lab');
      reload();
    }, { 'data-testid': `${action}-result` }));
  }
  return h('div', { class: 'actions' }, ...controls);
}

export const unmatchedResultsPage: Page = {
  title: 'Unmatched results',
  render(view, ctx) {
    const status = ctx.query.get('status') ?? '';
    const select = h('select', { name: 'status', 'data-testid': 'unmatched-status' }, ...STATUSES.map(([value, label]) => h('option', { value, selected: value === status }, label)));
    select.addEventListener('change', () => ctx.navigate(`/unmatched-results${select.value ? `?status=${select.value}` : ''}`));
    const list = h('div', { 'data-testid': 'unmatched-results' });
    const load = () =>
      void withStates(
        list,
        () => okAs<TeamSchemas['ListUnmatchedResultResponse']>(ctx.apis.team.GET('/v3/unmatched_result', { params: { query: { limit: 50, ...(status ? { status: status as Status } : {}) } } })),
        (page) =>
          (page.data ?? []).length === 0
            ? h('p', { class: 'muted' }, 'No unmatched results.')
            : [
              h('p', { class: 'muted' }, `${page.total} result${page.total === 1 ? '' : 's'}`),
              table(
                ['Arrived', 'Patient', 'Decision', 'Lab', 'Markers', 'Interpretation', ''],
                (page.data ?? []).map((r) => [
                  formatDateTime(r.created_at),
                  patientOf(r),
                  h('span', { title: r.reason }, String(r.decision_code).replaceAll('_', ' ')),
                  r.lab.name,
                  (r.markers ?? []).map((m) => m.name).join(', ') || '–',
                  r.interpretation ?? '–',
                  decisions(ctx, r, load),
                ]),
                { 'data-testid': 'unmatched-table' },
              ),
            ],
        ctx.signal,
      );
    replace(view, h('h1', null, 'Unmatched results'), h('p', { class: 'muted' }, 'Results a lab sent that matched no order of the team. In the sandbox, POST /v3/sandbox/unmatched_result makes one.'), field('Show', select), list);
    load();
  },
};
