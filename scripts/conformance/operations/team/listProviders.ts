/** GET /v2/providers: List providers. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';
import { TEAM_API_KEY_HEADER } from '../../../../server/shared/wire.js';

const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listProviders',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/providers' }),
  checks: [
    always('lists the provider catalog', async (t) => {
      t.expect.success('team', 'listProviders', await t.team.GET('/v2/providers'));
    }),
    always('lists the device providers: on a mock the first example, on a server a list with Oura', async (t) => {
      const providers = t.expect.successOrFirstExample<TeamSchemas['ProviderList']>('team', 'listProviders', await t.team.GET('/v2/providers', { params: { query: { source_type: 'device' } } }));
      if (!t.isMock) check(providers.some((provider) => provider.slug === 'oura'), `source_type=device lists ${show(providers.map((provider) => provider.slug))}, without oura`);
    }),
    notOnMock('static-examples', 'source_type filters the catalog to a subset of it', async (t) => {
      const all = t.expect.success<TeamSchemas['ProviderList']>('team', 'listProviders', await t.team.GET('/v2/providers'));
      const slugs = new Set(all.map((provider) => provider.slug));
      let filteredTotal = 0;
      for (const source_type of ['app', 'ble', 'device', 'lab', 'provider']) {
        const filtered = t.expect.success<TeamSchemas['ProviderList']>('team', 'listProviders', await t.team.GET('/v2/providers', { params: { query: { source_type } } }));
        const outside = filtered.filter((provider) => !slugs.has(provider.slug));
        check(outside.length === 0, `source_type=${source_type} lists providers outside the catalog: ${show(outside.map((p) => p.slug))}`);
        filteredTotal += filtered.length;
      }
      check(filteredTotal > 0 && filteredTotal <= all.length, `the source types list ${filteredTotal} providers, the catalog ${all.length}`);
    }),
    always('answers /v2/providers/ (trailing slash) like /v2/providers', async (t) => {
      const withSlash = await t.fetch(`${t.target.teamUrl}/v2/providers/?source_type=device`, { headers: { [TEAM_API_KEY_HEADER]: t.target.apiKey } });
      const withoutSlash = await t.team.GET('/v2/providers', { params: { query: { source_type: 'device' } } });
      checkEqual({ status: withSlash.status, body: (await withSlash.json()) as unknown }, { status: withoutSlash.response.status, body: withoutSlash.data as unknown }, '/v2/providers/');
    }),
    missingKey('listProviders', (t) => t.teamWithoutKey.GET('/v2/providers')),
    unknownKey('listProviders', (_t, client) => client.GET('/v2/providers')),
  ],
};
