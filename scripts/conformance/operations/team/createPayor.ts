/** POST /v3/payor: Create a payor. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, uniqueValue, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const address = { first_line: '100 Market Street', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createPayor',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/payor', body: requestExample('team', 'createPayor', 'with_clearinghouse_id') }),
  checks: [
    always('creates a team payor whose code comes from its name: on a mock the first example', async (t) => {
      const name = t.isMock ? 'Acme Health Plan' : `Conformance Plan ${uniqueValue('c')}`;
      const payor = t.expect.successOrFirstExample<TeamSchemas['ClientFacingPayor']>('team', 'createPayor', await t.team.POST('/v3/payor', { body: { name, address } }));
      if (!t.isMock) checkEqual({ code: payor.payor_code, source: payor.source, name: payor.name }, { code: `TEAM_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`, source: 'team', name }, 'payor');
    }),
    notOnMock('domain-rules', '422 naming ["body", "provider"] for a provider_payor_id without its provider', async (t) => {
      t.expect.validation('team', 'createPayor', await t.team.POST('/v3/payor', { body: { name: `Plan ${uniqueValue('c')}`, address, provider_payor_id: 'X1' } }), [{ loc: ['body', 'provider'] }]);
    }),
    always('422 naming ["body", "address"] when it is missing', async (t) => {
      t.expect.validation('team', 'createPayor', await t.team.POST('/v3/payor', { body: { name: 'Plan' } as never }), [{ loc: ['body', 'address'], type: 'missing' }]);
    }),
    tooLarge('createPayor', (t) => t.team.POST('/v3/payor', OVERSIZED)),
    missingKey('createPayor', (t) => t.teamWithoutKey.POST('/v3/payor', { body: { name: 'Plan', address } })),
    unknownKey('createPayor', (_t, client) => client.POST('/v3/payor', { body: { name: 'Plan', address } })),
  ],
};
