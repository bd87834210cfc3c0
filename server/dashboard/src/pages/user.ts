/**
 * One user: its record, user info and insurance, connections (connect a demo
 * provider, deregister), its devices and introspection (pages/user-introspection.ts),
 * the link-code and sign-in-token generators, the refresh button, and the Data
 * section (pages/user-data.ts).
 */
import { ApiError, ok, type Apis, type TeamSchemas } from '../api.js';
import type { Page, PageContext } from '../page.js';
import { shared } from '../lib/async.js';
import { formatDateTime } from '../lib/format.js';
import { actionButton, copyable, details, errorBox, field, h, replace, table, toast, withStates } from '../ui.js';
import { renderDataSection, type ProvidersRead } from './user-data.js';
import { devicesSection, introspectionSection } from './user-introspection.js';

type User = TeamSchemas['ClientFacingUser'];
/**
 * What the views read of user info and insurance. Open enums (`gender`, `relationship`) are
 * `unknown` here: openapi-fetch's response types turn their `string & {}` into an object type.
 */
type UserInfo = Pick<TeamSchemas['UserInfo'], 'first_name' | 'last_name' | 'email' | 'phone_number' | 'dob' | 'address'> & { gender: unknown };
type Insurance = Pick<TeamSchemas['ClientFacingInsurance'], 'payor_code' | 'member_id' | 'group_id' | 'is_primary' | 'company'> & {
  relationship: unknown;
  insured: { first_name: string; last_name: string };
};

/** The providers the API family's demo connections support. */
export const DEMO_PROVIDERS = ['fitbit', 'oura', 'garmin', 'apple_health_kit', 'freestyle_libre'] as const;

const userPath = (user_id: string) => ({ params: { path: { user_id } } });

/** "None stored yet" is a 404 of the latest-info reads: an answer, not an error. */
async function noneOn404<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function recordView(user: User): Node {
  return details([
    ['client_user_id', h('span', { 'data-testid': 'user-client-id' }, user.client_user_id)],
    ['user_id', h('code', null, user.user_id)],
    ['Created', formatDateTime(user.created_on)],
    ['Fallback time zone', user.fallback_time_zone?.id ?? ''],
    ['Fallback birth date', user.fallback_birth_date?.value ?? ''],
    ['Ingestion', user.ingestion_start || user.ingestion_end ? `${user.ingestion_start ?? '…'} to ${user.ingestion_end ?? '…'}` : ''],
    ['Connected providers', user.connected_sources.map((source) => source.provider.slug).join(', ')],
  ]);
}

function userInfoView(info: UserInfo | null): Node {
  if (!info) return h('p', { class: 'empty', 'data-testid': 'user-info-none' }, 'None yet (PATCH /v2/user/{user_id}/info sets it).');
  const address = info.address;
  return details([
    ['Name', `${info.first_name} ${info.last_name}`],
    ['Email', info.email],
    ['Phone', info.phone_number],
    ['Gender', String(info.gender)],
    ['Date of birth', info.dob],
    ['Address', address ? [address.first_line, address.second_line, `${address.zip_code ?? ''} ${address.city}`.trim(), address.state].filter(Boolean).join(', ') : ''],
  ]);
}

function insuranceView(insurance: Insurance | null): Node {
  if (!insurance) return h('p', { class: 'empty', 'data-testid': 'insurance-none' }, 'None yet (POST /v2/user/{user_id}/insurance adds one).');
  return details([
    ['Payor', `${insurance.company?.name ?? ''} (${insurance.payor_code})`],
    ['Member id', insurance.member_id],
    ['Group id', insurance.group_id ?? ''],
    ['Relationship', String(insurance.relationship)],
    ['Insured', `${insurance.insured.first_name} ${insurance.insured.last_name}`],
    ['Primary', insurance.is_primary ? 'yes' : 'no'],
  ]);
}

/** The user's connections, as the connections section and the data section's provider filter read them. */
function connectionsSection(ctx: PageContext, user_id: string, providersRead: () => ProvidersRead, changed: () => void): HTMLElement {
  const list = h('div', { 'data-testid': 'connections' });
  const section = h('section', { class: 'card', 'aria-labelledby': 'connections-title' }, h('h2', { id: 'connections-title' }, 'Connections'), list);
  const load = () =>
    withStates(
      list,
      () => providersRead()(),
      ({ providers }) => {
        const path = (provider: { slug: string }) => ({ params: { path: { user_id, provider: provider.slug as TeamSchemas['ProviderSlug'] } } });
        const rows = providers.map((provider) => [
          h('span', { 'data-testid': `connection-${provider.slug}` }, provider.name, ' ', h('code', null, provider.slug)),
          h(
            'span',
            { 'data-testid': `connection-status-${provider.slug}` },
            h('span', { class: `badge ${provider.status === 'connected' ? 'ok' : 'bad'}` }, String(provider.status)),
            provider.error_details ? h('span', { class: 'muted' }, ` ${provider.error_details.error_type}: ${provider.error_details.error_message} (${formatDateTime(provider.error_details.errored_at)})`) : '',
          ),
          formatDateTime(provider.created_on),
          // Sandbox: break the connection on demand, and repair it with a fresh demo connection.
          provider.status === 'connected'
            ? actionButton(
                'Simulate error',
                async () => {
                  await ok(ctx.apis.team.POST('/v2/user/{user_id}/{provider}/simulate_error', { ...path(provider), body: { error_type: 'token_refresh_failed' } }));
                  toast(`${provider.name}: connection in error (token_refresh_failed); provider.connection.error sent.`);
                  changed();
                  void load();
                },
                { 'data-testid': `simulate-error-${provider.slug}`, 'aria-label': `Simulate an error of ${provider.name}` },
              )
            : actionButton(
                'Repair',
                async () => {
                  const result = await ok(ctx.apis.team.POST('/v2/link/connect/demo', { body: { user_id, provider: provider.slug as TeamSchemas['ProviderSlug'] } }));
                  toast(result.detail);
                  changed();
                  void load();
                },
                { 'data-testid': `repair-${provider.slug}`, 'aria-label': `Repair ${provider.name}` },
              ),
          actionButton(
            'Deregister',
            async () => {
              if (!confirm(`Deregister ${provider.name}? The connection ends; its data window stops growing.`)) return;
              await ok(ctx.apis.team.DELETE('/v2/user/{user_id}/{provider}', path(provider)));
              toast(`${provider.name} deregistered.`);
              changed();
              void load();
            },
            { class: 'danger', 'data-testid': `deregister-${provider.slug}`, 'aria-label': `Deregister ${provider.name}` },
          ),
        ]);
        const connected = new Set(providers.map((provider) => provider.slug));
        const choice = h(
          'select',
          { name: 'demo-provider', 'data-testid': 'demo-provider' },
          ...DEMO_PROVIDERS.map((slug) => h('option', { value: slug, disabled: connected.has(slug) }, connected.has(slug) ? `${slug} (connected)` : slug)),
        );
        const firstFree = DEMO_PROVIDERS.find((slug) => !connected.has(slug));
        if (firstFree) choice.value = firstFree;
        const connect = actionButton(
          'Connect demo provider',
          async () => {
            const result = await ok(ctx.apis.team.POST('/v2/link/connect/demo', { body: { user_id, provider: choice.value as TeamSchemas['ProviderSlug'] } }));
            toast(result.detail);
            changed();
            void load();
          },
          { 'data-testid': 'connect-demo', disabled: !firstFree },
        );
        return [
          providers.length ? table(['Provider', 'Status', 'Connected', '', ''], rows, { 'data-testid': 'connections-table' }) : h('p', { class: 'empty' }, 'No connection yet.'),
          h('div', { class: 'controls' }, field('Demo provider', choice), connect),
        ];
      },
      ctx.signal,
    );
  void load();
  return section;
}

function toolsSection(apis: Apis, user_id: string, refreshed: () => void): HTMLElement {
  const output = h('div', { 'aria-live': 'polite', 'data-testid': 'tools-output' });
  const linkCode = actionButton(
    'Create a link code',
    async () => {
      const code = await ok(apis.team.POST('/v2/link/code/create', { params: { query: { user_id } } }));
      replace(output, h('h3', null, 'Link code'), copyable(code.code, 'link-code'), h('p', { class: 'muted' }, `Expires ${formatDateTime(code.expires_at)}. Exchange URL:`), copyable(code.exchange_url, 'link-code-url'));
    },
    { 'data-testid': 'create-link-code' },
  );
  const signInToken = actionButton(
    'Create a sign-in token',
    async () => {
      const token = await ok(apis.team.POST('/v2/user/{user_id}/sign_in_token', userPath(user_id)));
      replace(output, h('h3', null, 'Sign-in token (mobile SDK)'), copyable(token.sign_in_token, 'sign-in-token'), h('p', { class: 'muted' }, 'One-time: the app signs in once per install.'));
    },
    { 'data-testid': 'create-sign-in-token' },
  );
  const refresh = actionButton(
    'Refresh',
    async () => {
      const result = await ok(apis.team.POST('/v2/user/refresh/{user_id}', userPath(user_id)));
      const list = (items: string[]) => (items.length ? items.join(', ') : 'none');
      replace(
        output,
        h('h3', null, 'Refresh'),
        details([
          ['Refreshed', list(result.refreshed_sources)],
          ['In progress', list(result.in_progress_sources)],
          ['Failed', list(result.failed_sources)],
        ]),
      );
      refreshed();
    },
    { 'data-testid': 'refresh-user' },
  );
  return h('section', { class: 'card', 'aria-labelledby': 'tools-title' }, h('h2', { id: 'tools-title' }, 'Tools'), h('div', { class: 'row' }, linkCode, signInToken, refresh), output);
}

export const userPage: Page = {
  title: 'User',
  async render(view, ctx) {
    const user_id = ctx.params.user_id!;
    const status = h('div', { 'data-testid': 'user-page-status' }, h('p', { class: 'loading', role: 'status' }, 'Loading…'));
    const record = h('div', { 'data-testid': 'user-record' });
    const info = h('div', { 'data-testid': 'user-info' });
    const insurance = h('div', { 'data-testid': 'user-insurance' });
    const data = h('section', { class: 'card', 'aria-labelledby': 'data-title', 'data-testid': 'data-section' });
    const heading = h('h1', null, 'User');
    const readUser = () => ok(ctx.apis.team.GET('/v2/user/{user_id}', userPath(user_id)));
    const showUser = (user: User) => {
      heading.textContent = `User ${user.client_user_id}`;
      document.title = `${user.client_user_id} · Sandbox dashboard`;
      return recordView(user);
    };
    const reloadRecord = () => void withStates(record, readUser, showUser, ctx.signal);
    // One read of the connections for both sections, asked again after a connection changed.
    const readProviders = (): ProvidersRead => shared(() => ok(ctx.apis.team.GET('/v2/user/providers/{user_id}', userPath(user_id))));
    let providers = readProviders();
    const devices = devicesSection(ctx, user_id);
    const introspection = introspectionSection(ctx, user_id);
    const changed = () => {
      providers = readProviders();
      reloadRecord();
      devices.reload();
      introspection.reload();
      renderDataSection(data, ctx, user_id, providers);
    };
    // Everything is asked at once; the sections show once the user is known to exist (an
    // unknown user is one error, not one per section, and its 404s are not "none yet").
    const user = readUser();
    const body = h(
      'div',
      { hidden: true },
      h(
        'div',
        { class: 'grid' },
        h('section', { class: 'card', 'aria-labelledby': 'record-title' }, h('h2', { id: 'record-title' }, 'Record'), record),
        h('section', { class: 'card', 'aria-labelledby': 'info-title' }, h('h2', { id: 'info-title' }, 'User info'), info, h('h2', { id: 'insurance-title' }, 'Insurance'), insurance),
      ),
      connectionsSection(ctx, user_id, () => providers, changed),
      devices.section,
      introspection.section,
      toolsSection(ctx.apis, user_id, () => renderDataSection(data, ctx, user_id, providers)),
      data,
    );
    view.append(h('p', null, h('a', { href: '#/users' }, '← Users')), heading, status, body);
    renderDataSection(data, ctx, user_id, providers);
    void withStates(info, (signal) => noneOn404(ok(ctx.apis.team.GET('/v2/user/{user_id}/info/latest', { ...userPath(user_id), signal }))), userInfoView, ctx.signal);
    void withStates(insurance, (signal) => noneOn404(ok(ctx.apis.team.GET('/v2/user/{user_id}/insurance/latest', { ...userPath(user_id), signal }))), insuranceView, ctx.signal);
    try {
      replace(record, showUser(await user));
    } catch (error) {
      if (ctx.signal.aborted) return;
      replace(
        status,
        errorBox(error, () => {
          view.replaceChildren();
          void userPage.render(view, ctx);
        }),
      );
      return;
    }
    if (ctx.signal.aborted) return;
    status.replaceChildren();
    body.hidden = false;
  },
};
