/** GET /v3/insurance/search/payor: Search payors. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, uniqueValue, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;
type Found = TeamSchemas['PayorSearchResponseList'];
const address = { first_line: '100 Market Street', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'searchPayors',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/insurance/search/payor', query: { insurance_name: 'aetna' } }),
  checks: [
    always('finds a catalog payor by name: on a mock the first example', async (t) => {
      const found = t.expect.successOrFirstExample<Found>('team', 'searchPayors', await t.team.GET('/v3/insurance/search/payor', { params: { query: { insurance_name: 'aetna' } } }));
      check(found.some((p) => p.payor_code === 'AETNA' && p.source === 'platform'), `aetna does not find AETNA: ${show(found)}`);
    }),
    notOnMock('state', "finds the team's own payor by its clearinghouse id, and another team does not", async (t) => {
      const id = uniqueValue('conf');
      const name = `Conformance Plan ${id}`;
      const created = await t.team.POST('/v3/payor', { body: { name, address, provider: 'stedi', provider_payor_id: id } });
      const payor = t.expect.success<TeamSchemas['ClientFacingPayor']>('team', 'createPayor', created);
      const found = t.expect.success<Found>('team', 'searchPayors', await t.team.GET('/v3/insurance/search/payor', { params: { query: { provider: 'stedi', provider_payor_id: id } } }));
      check(found.length === 1 && found[0]!.payor_code === payor.payor_code && found[0]!.source === 'team', `the payor by its id: ${show(found)}`);
      const other = await otherTeamClient(t);
      const theirs = t.expect.success<Found>('team', 'searchPayors', await other.GET('/v3/insurance/search/payor', { params: { query: { provider_payor_id: id } } }));
      check(theirs.length === 0, `another team finds ${show(theirs)}`);
    }, MANAGEMENT),
    always('422 naming ["query", "provider"] for a clearinghouse it does not know', async (t) => {
      t.expect.validation('team', 'searchPayors', await t.team.GET('/v3/insurance/search/payor', { params: { query: { provider: 'nobody' as never } } }), [{ loc: ['query', 'provider'] }]);
    }),
    missingKey('searchPayors', (t) => t.teamWithoutKey.GET('/v3/insurance/search/payor', { params: { query: {} } })),
    unknownKey('searchPayors', (_t, client) => client.GET('/v3/insurance/search/payor', { params: { query: {} } })),
  ],
};
