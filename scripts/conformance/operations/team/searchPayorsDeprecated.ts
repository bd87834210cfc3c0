/** POST /v3/insurance/search/payor: Search payors (deprecated). */
import { check, show } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { invalid } from '../../values.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'searchPayorsDeprecated',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/insurance/search/payor', body: requestExample('team', 'searchPayorsDeprecated', 'by_name') }),
  checks: [
    always('finds a catalog payor by name, its code as `code`: on a mock the first example', async (t) => {
      const found = t.expect.successOrFirstExample<TeamSchemas['PayorSearchResponseDeprecatedList']>('team', 'searchPayorsDeprecated', await t.team.POST('/v3/insurance/search/payor', { body: { insurance_name: 'aetna' } }));
      check(found.some((p) => p.code === 'AETNA'), `aetna does not find AETNA: ${show(found)}`);
    }),
    always('422 naming ["body", "insurance"] for a key it does not declare', async (t) => {
      t.expect.validation('team', 'searchPayorsDeprecated', await t.team.POST('/v3/insurance/search/payor', { body: invalid({ insurance: 'aetna' }) }), [{ loc: ['body', 'insurance'] }]);
    }),
    tooLarge('searchPayorsDeprecated', (t) => t.team.POST('/v3/insurance/search/payor', OVERSIZED)),
    missingKey('searchPayorsDeprecated', (t) => t.teamWithoutKey.POST('/v3/insurance/search/payor', { body: {} })),
    unknownKey('searchPayorsDeprecated', (_t, client) => client.POST('/v3/insurance/search/payor', { body: {} })),
  ],
};
