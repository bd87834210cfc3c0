/**
 * The user page's Devices and Introspection sections: the devices the user's providers report
 * (`GET /v2/user/{user_id}/device`), and what the server stored per connection
 * (`GET /v2/introspect/resources?user_id=`: which resources have data and since when;
 * `GET /v2/introspect/historical_pull?user_id=`: each historical pull's state and progress).
 * Both are read again after a connection changed. Shaping in lib/introspection.ts.
 */
import type { TeamSchemas } from '../api.js';
import { okAs } from '../interactions.js';
import { formatDateTime } from '../lib/format.js';
import { notPulled, pullProgressText, pullRows, resourceRows, type UserPullsLike, type UserResourcesLike } from '../lib/introspection.js';
import type { PageContext } from '../page.js';
import { h, table, withStates } from '../ui.js';

/**
 * Devices as the section reads them. `source_type` is an open enum: `unknown` here, as
 * openapi-fetch's response types turn its `string & {}` into an object type.
 */
type Device = Omit<TeamSchemas['ClientFacingDevice'], 'source_type'> & { source_type: unknown };

const orDash = (value: string | null | undefined) => (value ? value : '–');

/** The Devices section; its `reload` reads them again. */
export function devicesSection(ctx: PageContext, user_id: string): { section: HTMLElement; reload: () => void } {
  const list = h('div', { 'data-testid': 'devices' });
  const section = h('section', { class: 'card', 'aria-labelledby': 'devices-title' }, h('h2', { id: 'devices-title' }, 'Devices'), list);
  const reload = () =>
    void withStates(
      list,
      (signal) => okAs<Device[]>(ctx.apis.team.GET('/v2/user/{user_id}/device', { params: { path: { user_id } }, signal })),
      (devices) =>
        devices.length === 0
          ? h('p', { class: 'empty', 'data-testid': 'devices-none' }, 'No device: the user has never been connected to a provider.')
          : table(
              ['Provider', 'Kind', 'Manufacturer', 'Model', 'Firmware', 'Device id', 'App'],
              devices.map((device) => [
                h('code', { 'data-testid': 'device-provider' }, device.provider),
                String(device.source_type),
                orDash(device.device_manufacturer),
                orDash(device.device_model),
                orDash(device.device_version),
                device.device_id ? h('code', null, device.device_id) : '–',
                orDash(device.app_id),
              ]),
              { 'data-testid': 'devices-table' },
            ),
      ctx.signal,
    );
  reload();
  return { section, reload };
}

const attemptBadge = (status: string | null, at: string | null) =>
  status ? h('span', null, h('span', { class: `badge ${status === 'success' ? 'ok' : 'bad'}` }, status), at ? ` ${formatDateTime(at)}` : '') : '–';

/** The Introspection section (resources, then historical pulls); its `reload` reads both again. */
export function introspectionSection(ctx: PageContext, user_id: string): { section: HTMLElement; reload: () => void } {
  const resources = h('div', { 'data-testid': 'introspect-resources' });
  const pulls = h('div', { 'data-testid': 'introspect-pulls' });
  const section = h(
    'section',
    { class: 'card', 'aria-labelledby': 'introspection-title' },
    h('h2', { id: 'introspection-title' }, 'Introspection'),
    h('p', { class: 'muted' }, 'What the server stored for each of the user\u2019s connections, whatever its status.'),
    h('h3', null, 'Resources'),
    resources,
    h('h3', null, 'Historical pulls'),
    pulls,
  );
  const query = { user_id };
  const reload = () => {
    void withStates(
      resources,
      (signal) => okAs<{ data: UserResourcesLike[] }>(ctx.apis.team.GET('/v2/introspect/resources', { params: { query }, signal })),
      ({ data }) => {
        const rows = resourceRows(data);
        if (rows.length === 0) return h('p', { class: 'empty', 'data-testid': 'introspect-resources-none' }, 'No connection, so no resource.');
        return table(
          ['Provider', 'Resource', 'Data', 'Since', 'Up to', 'Last attempt'],
          rows.map((row) => [
            h('code', { 'data-cell': 'provider' }, row.provider),
            h('span', { 'data-cell': 'resource' }, row.resource),
            h('span', { 'data-cell': 'has-data', class: `badge ${row.hasData ? 'ok' : 'bad'}` }, row.hasData ? 'yes' : 'none yet'),
            h('span', { 'data-cell': 'oldest' }, row.oldest ? formatDateTime(row.oldest) : '–'),
            h('span', { 'data-cell': 'newest' }, row.newest ? formatDateTime(row.newest) : '–'),
            h('span', { 'data-cell': 'last-attempt' }, attemptBadge(row.lastAttempt, row.lastAttemptAt)),
          ]),
          { 'data-testid': 'introspect-resources-table' },
        );
      },
      ctx.signal,
    );
    void withStates(
      pulls,
      (signal) => okAs<{ data: UserPullsLike[] }>(ctx.apis.team.GET('/v2/introspect/historical_pull', { params: { query }, signal })),
      ({ data }) => {
        const rows = pullRows(data);
        const missing = notPulled(data);
        const nodes: Node[] = [];
        if (rows.length === 0) nodes.push(h('p', { class: 'empty', 'data-testid': 'introspect-pulls-none' }, 'No historical pull yet (Bulk pulls starts one).'));
        else
          nodes.push(
            table(
              ['Provider', 'Resources', 'State', 'Range', 'Progress', 'Scheduled', 'Started', 'Ended', 'Error'],
              rows.map((row) => [
                h('code', { 'data-cell': 'provider' }, row.provider),
                h('span', { 'data-cell': 'resources' }, row.resources.join(', ')),
                h('span', { 'data-cell': 'status', class: `badge ${row.status === 'success' ? 'ok' : row.status === 'failure' ? 'bad' : ''}` }, row.status),
                h('span', { 'data-cell': 'range' }, row.rangeStart && row.rangeEnd ? `${row.rangeStart.slice(0, 10)} to ${row.rangeEnd.slice(0, 10)}` : '–'),
                h(
                  'span',
                  { 'data-cell': 'progress' },
                  row.rangeDays ? h('progress', { max: String(row.rangeDays), value: String(row.daysWithData), 'aria-label': `${row.provider} pull progress` }) : null,
                  ` ${pullProgressText(row)}`,
                ),
                formatDateTime(row.scheduledAt),
                row.startedAt ? formatDateTime(row.startedAt) : '–',
                row.endedAt ? formatDateTime(row.endedAt) : '–',
                h('span', { 'data-cell': 'error' }, row.error ?? '–'),
              ]),
              { 'data-testid': 'introspect-pulls-table' },
            ),
          );
        if (missing.length > 0)
          nodes.push(
            h(
              'ul',
              { class: 'plain', 'data-testid': 'introspect-not-pulled' },
              ...missing.map((entry) => h('li', { 'data-provider': entry.provider }, h('code', null, entry.provider), ` not pulled: ${entry.resources.join(', ')}`)),
            ),
          );
        return nodes;
      },
      ctx.signal,
    );
  };
  reload();
  return { section, reload };
}
