/** POST /v3/compendium/convert: Convert lab tests between labs. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { invalid, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const convert = (client: TeamClient, body: TeamSchemas['ConvertCompendiumBody']) => client.POST('/v3/compendium/convert', { body });
const BODY: TeamSchemas['ConvertCompendiumBody'] = { provider_ids: ['004259', '001453'], target_lab: 'quest', limit: 1 };

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'convertCompendium',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/compendium/convert', body: requestExample('team', 'convertCompendium', 'codes') }),
  checks: [
    always("converts Labcorp's TSH and HbA1c to Quest: on a mock the first example", async (t) => {
      const result = t.expect.successOrFirstExample<TeamSchemas['ConvertCompendiumResponse']>('team', 'convertCompendium', await convert(t.team, BODY));
      checkEqual(result.target_lab_slug, 'quest', 'the target lab');
    }),
    notOnMock('state', 'converts the standard walk-in lab test', async (t) => {
      const result = t.expect.success<TeamSchemas['ConvertCompendiumResponse']>('team', 'convertCompendium', await convert(t.team, { lab_test_id: STANDARD_WALK_IN_LAB_TEST, target_lab: 'quest' }));
      checkEqual(result.source_lab_test_id, STANDARD_WALK_IN_LAB_TEST, 'the source lab test');
    }),
    notOnMock('domain-rules', '422 naming ["body", "lab_test_id"] for a lab test the team does not have', async (t) => {
      t.expect.validation('team', 'convertCompendium', await convert(t.team, { lab_test_id: UNKNOWN_ID, target_lab: 'quest' }), [{ loc: ['body', 'lab_test_id'] }]);
    }),
    always('422 naming ["body", "target_lab"] when it is missing', async (t) => {
      t.expect.validation('team', 'convertCompendium', await convert(t.team, invalid({ provider_ids: ['004259'] })), [{ loc: ['body', 'target_lab'], type: 'missing' }]);
    }),
    tooLarge('convertCompendium', (t) => t.team.POST('/v3/compendium/convert', OVERSIZED)),
    missingKey('convertCompendium', (t) => convert(t.teamWithoutKey, BODY)),
    unknownKey('convertCompendium', (_t, client) => convert(client, BODY)),
  ],
};
