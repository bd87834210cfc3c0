/**
 * Lab orders: the team's lab tests, its orders (status filter, pages) and a form to
 * order a lab test for a user, the patient prefilled from the user's info record.
 */
import { ApiError, type Apis, type TeamSchemas } from '../api.js';
import { okAs } from '../interactions.js';
import { formatDateTime } from '../lib/format.js';
import { billingSummary } from '../lib/lab-accounts.js';
import { humanize, lowLevelStatuses, statusLabel } from '../lib/order-timeline.js';
import { orderPatient, patientFromInfo, PLACEHOLDER_PATIENT, type PatientForm } from '../lib/patient-prefill.js';
import type { Page, PageContext } from '../page.js';
import { actionButton, errorBox, field, h, replace, table, withStates } from '../ui.js';

type LabTest = TeamSchemas['LabTest'];
type User = TeamSchemas['ClientFacingUser'];
type LabAccount = TeamSchemas['ClientFacingLabAccount'];

const labTestPage = (apis: Apis, cursor: string | null) =>
  okAs<TeamSchemas['LabTestPage']>(apis.team.GET('/v3/lab_test', { params: { query: { lab_test_limit: 100, ...(cursor ? { next_cursor: cursor } : {}) } } }));
const labAccounts = (apis: Apis) => okAs<TeamSchemas['LabAccountList']>(apis.team.GET('/v3/lab_test/lab_account'));
const usersPage = (apis: Apis) => okAs<TeamSchemas['PaginatedUsersResponse']>(apis.team.GET('/v2/user', { params: { query: { limit: 500 } } }));

const ORDERS_PER_PAGE = 20;

/** Every lab test of the team, following the cursor (a team has a handful to a few hundred). */
async function allLabTests(apis: Apis): Promise<LabTest[]> {
  const tests: LabTest[] = [];
  let cursor: string | null = null;
  do {
    const page: TeamSchemas['LabTestPage'] = await labTestPage(apis, cursor);
    tests.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor !== null && tests.length < 1000);
  return tests;
}

/** The user's latest info record, or null when it has none (404). */
async function latestInfo(apis: Apis, userId: string): Promise<TeamSchemas['UserInfo'] | null> {
  try {
    return await okAs<TeamSchemas['UserInfo']>(apis.team.GET('/v2/user/{user_id}/info/latest', { params: { path: { user_id: userId } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const PATIENT_FIELDS: [key: keyof PatientForm, label: string, type: string][] = [
  ['first_name', 'First name', 'text'],
  ['last_name', 'Last name', 'text'],
  ['dob', 'Date of birth', 'date'],
  ['email', 'Email', 'email'],
  ['phone_number', 'Phone', 'tel'],
  ['first_line', 'Address', 'text'],
  ['second_line', 'Address line 2 (optional)', 'text'],
  ['city', 'City', 'text'],
  ['state', 'State', 'text'],
  ['zip', 'ZIP', 'text'],
  ['country', 'Country', 'text'],
];

function newOrderForm(ctx: PageContext, tests: LabTest[], users: User[], totalUsers: number): HTMLElement {
  const userSelect = h(
    'select',
    { 'data-testid': 'order-user', required: true },
    h('option', { value: '' }, users.length === 0 ? 'No user yet' : 'Choose a user'),
    ...users.map((user) => h('option', { value: user.user_id }, user.client_user_id)),
  );
  const testSelect = h(
    'select',
    { 'data-testid': 'order-lab-test', required: true },
    ...tests.filter((test) => test.status === 'active' || test.is_active).map((test) => h('option', { value: test.id }, `${test.name} (${humanize(test.method)})`)),
  );
  const inputs = new Map<keyof PatientForm, HTMLInputElement | HTMLSelectElement>();
  for (const [key, , type] of PATIENT_FIELDS) inputs.set(key, h('input', { type, name: key, 'data-testid': `patient-${key}`, required: key !== 'second_line' }));
  inputs.set(
    'gender',
    h('select', { name: 'gender', 'data-testid': 'patient-gender' }, ...['female', 'male', 'other', 'unknown'].map((g) => h('option', { value: g }, humanize(g)))),
  );
  const prefillNote = h('p', { class: 'hint', 'aria-live': 'polite', 'data-testid': 'order-prefill-note' }, 'Choose a user to prefill the patient.');
  const fill = (form: PatientForm) => {
    for (const [key, input] of inputs) input.value = form[key];
  };
  fill(PLACEHOLDER_PATIENT);
  userSelect.addEventListener('change', async () => {
    const userId = userSelect.value;
    if (!userId) return;
    prefillNote.textContent = 'Reading the user’s info…';
    try {
      const info = await latestInfo(ctx.apis, userId);
      if (userSelect.value !== userId) return;
      fill(patientFromInfo(info));
      prefillNote.textContent = info ? 'Prefilled from the user’s info record.' : 'The user has no info record: sandbox placeholders filled in; edit as needed.';
    } catch (error) {
      prefillNote.textContent = `The user’s info could not be read (${error instanceof Error ? error.message : String(error)}); placeholders kept.`;
    }
  });
  const problem = h('div', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'order-error' });
  const place = actionButton(
    'Place order',
    async () => {
      problem.hidden = true;
      if (!userSelect.value || !testSelect.value) {
        problem.textContent = !userSelect.value ? 'Choose a user.' : 'Choose a lab test.';
        problem.hidden = false;
        return;
      }
      const form = Object.fromEntries([...inputs].map(([key, input]) => [key, input.value])) as unknown as PatientForm;
      const { patient_details, patient_address } = orderPatient(form);
      try {
        const answer = await okAs<TeamSchemas['OrderResponse']>(
          ctx.apis.team.POST('/v3/order', {
            body: {
              user_id: userSelect.value,
              patient_details: patient_details as TeamSchemas['OrderPatientDetailsInput'],
              patient_address,
              order_set: { lab_test_ids: [testSelect.value] },
            },
          }),
        );
        ctx.navigate(`/lab-orders/${encodeURIComponent(answer.order.id)}`);
      } catch (error) {
        problem.replaceChildren(errorBox(error));
        problem.hidden = false;
      }
    },
    { 'data-testid': 'order-place' },
  );
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'new-order-title' },
    h('h2', { id: 'new-order-title' }, 'New order'),
    h('div', { class: 'form-grid' }, field('User', userSelect, totalUsers > users.length ? `The ${users.length} newest of ${totalUsers} users.` : undefined), field('Lab test', testSelect)),
    h('h3', null, 'Patient'),
    prefillNote,
    h('div', { class: 'form-grid' }, ...PATIENT_FIELDS.slice(0, 5).map(([key, label]) => field(label, inputs.get(key)!)), field('Gender', inputs.get('gender')!)),
    h('div', { class: 'form-grid' }, ...PATIENT_FIELDS.slice(5).map(([key, label]) => field(label, inputs.get(key)!))),
    problem,
    place,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    place.click();
  });
  return form;
}

function ordersList(ctx: PageContext): HTMLElement {
  let page = 1;
  const status = h('select', { 'data-testid': 'orders-status-filter' }, h('option', { value: '' }, 'Any status'), ...lowLevelStatuses().map((s) => h('option', { value: s }, humanize(s))));
  const results = h('div', { 'data-testid': 'orders-results' });
  const load = () =>
    withStates(
      results,
      () =>
        okAs<TeamSchemas['OrderPage']>(
          ctx.apis.team.GET('/v3/orders', {
            params: { query: { page, size: ORDERS_PER_PAGE, ...(status.value ? { status: [status.value as TeamSchemas['OrderLowLevelStatus']] } : {}) } },
          }),
        ),
      (answer) => {
        if (answer.orders.length === 0) return h('p', { class: 'empty', 'data-testid': 'orders-empty' }, status.value ? `No order in status ${humanize(status.value)}.` : 'No order yet.');
        const pages = Math.max(1, Math.ceil(answer.total / answer.size));
        const rows = answer.orders.map((order) => [
          h('a', { href: `#/lab-orders/${encodeURIComponent(order.id)}`, 'data-testid': 'order-link' }, order.lab_test.name),
          order.patient_details ? `${order.patient_details.first_name} ${order.patient_details.last_name}` : `Unregistered kit for ${order.shipping_details?.receiver_name ?? '–'}`,
          h('span', { class: 'badge', 'data-testid': 'order-row-status' }, statusLabel(order.last_event.status)),
          humanize(order.lab_test.method),
          formatDateTime(order.created_at),
        ]);
        return [
          table(['Lab test', 'Patient', 'Status', 'Method', 'Created'], rows, { 'data-testid': 'orders-table' }),
          h(
            'div',
            { class: 'pager' },
            h('button', { type: 'button', class: 'secondary', disabled: page <= 1, onclick: () => ((page -= 1), void load()) }, 'Previous'),
            h('span', null, `Page ${answer.page} of ${pages} (${answer.total} ${answer.total === 1 ? 'order' : 'orders'})`),
            h('button', { type: 'button', class: 'secondary', disabled: page >= pages, onclick: () => ((page += 1), void load()) }, 'Next'),
          ),
        ];
      },
      ctx.signal,
    );
  status.addEventListener('change', () => {
    page = 1;
    void load();
  });
  void load();
  return h('section', { 'aria-labelledby': 'orders-title' }, h('h2', { id: 'orders-title' }, 'Orders'), h('div', { class: 'controls' }, field('Status', status)), results);
}

function labTestsTable(tests: LabTest[]): HTMLElement {
  const rows = tests.map((test) => [
    test.name,
    h('code', null, test.slug),
    humanize(test.method),
    humanize(test.sample_type),
    test.lab?.name ?? '–',
    String(test.markers?.length ?? 0),
    test.price === null || test.price === undefined ? '–' : `$${test.price}`,
  ]);
  return h(
    'section',
    { 'aria-labelledby': 'lab-tests-title' },
    h('h2', { id: 'lab-tests-title' }, 'Lab tests'),
    tests.length === 0 ? h('p', { class: 'empty' }, 'No lab test.') : table(['Name', 'Slug', 'Method', 'Sample', 'Lab', 'Markers', 'Price'], rows, { 'data-testid': 'lab-tests-table' }),
  );
}

/** The team's lab accounts: what an order may go through (lab, status, methods, billing by state). */
function labAccountsTable(accounts: LabAccount[]): HTMLElement {
  const rows = accounts.map((account) => [
    account.account_name ?? '–',
    humanize(account.lab),
    h('span', { class: `status status-${account.status}` }, humanize(account.status)),
    (account.allowed_collection_methods ?? []).map(humanize).join(', ') || '–',
    billingSummary(account.allowed_billing),
    h('code', null, account.id),
  ]);
  return h(
    'section',
    { 'aria-labelledby': 'lab-accounts-title' },
    h('h2', { id: 'lab-accounts-title' }, 'Lab accounts'),
    accounts.length === 0 ? h('p', { class: 'empty' }, 'No lab account.') : table(['Account', 'Lab', 'Status', 'Collection methods', 'Billing', 'Id'], rows, { 'data-testid': 'lab-accounts-table' }),
  );
}

export const labOrdersPage: Page = {
  title: 'Lab orders',
  render(view, ctx) {
    const top = h('div');
    replace(view, h('h1', null, 'Lab orders'), top);
    void withStates(
      top,
      async () => {
        const [tests, users, accounts] = await Promise.all([allLabTests(ctx.apis), usersPage(ctx.apis), labAccounts(ctx.apis)]);
        return { tests, users: users.users, totalUsers: users.total, accounts: accounts.data };
      },
      ({ tests, users, totalUsers, accounts }) => [newOrderForm(ctx, tests, users, totalUsers), ordersList(ctx), labTestsTable(tests), labAccountsTable(accounts)],
      ctx.signal,
    );
  },
};
