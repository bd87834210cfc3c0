/** Ported from test/contract/suite.ts (team listProviders): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { check, show } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists the device providers: on a mock the first example, on a server a list with Oura', async (t) => {
    const outcome = await t.team.GET('/v2/providers', { params: { query: { source_type: 'device' } } });
    const providers = t.expect.successOrFirstExample<TeamSchemas['ProviderList']>('team', 'listProviders', outcome);
    if (!t.isMock) check(providers.some((provider) => provider.slug === 'oura'), `source_type=device lists ${show(providers.map((provider) => provider.slug))}, without oura`);
  }),
  missingTeamKey('listProviders', (_t, client) => client.GET('/v2/providers')),
];
