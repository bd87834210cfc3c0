/** POST /v3/compendium/search: Search the compendium. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { invalid } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const search = (client: TeamClient, body: TeamSchemas['SearchCompendiumBody']) => client.POST('/v3/compendium/search', { body });
const BODY: TeamSchemas['SearchCompendiumBody'] = { mode: 'crosswalk', query: 'TSH', labs: ['labcorp', 'quest'], limit: 1 };

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'searchCompendium',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/compendium/search', body: requestExample('team', 'searchCompendium', 'crosswalk') }),
  checks: [
    always('finds TSH at Labcorp and Quest: on a mock the first example', async (t) => {
      const found = t.expect.successOrFirstExample<TeamSchemas['SearchCompendiumResponse']>('team', 'searchCompendium', await search(t.team, BODY));
      checkEqual(found.selected_canonical?.display_name, 'TSH', 'the selected canonical test');
    }),
    notOnMock('domain-rules', '422 naming ["body"] when no criterion is given', async (t) => {
      t.expect.validation('team', 'searchCompendium', await search(t.team, { mode: 'canonical' }), [{ loc: ['body'] }]);
    }),
    always('422 naming ["body", "mode"] when it is missing', async (t) => {
      t.expect.validation('team', 'searchCompendium', await search(t.team, invalid({ query: 'tsh' })), [{ loc: ['body', 'mode'], type: 'missing' }]);
    }),
    tooLarge('searchCompendium', (t) => t.team.POST('/v3/compendium/search', OVERSIZED)),
    missingKey('searchCompendium', (t) => search(t.teamWithoutKey, BODY)),
    unknownKey('searchCompendium', (_t, client) => search(client, BODY)),
  ],
};
