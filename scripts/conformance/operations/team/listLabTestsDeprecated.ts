/** GET /v3/lab_tests: List lab tests (deprecated). */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';


const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabTestsDeprecated',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/lab_tests' }),
  checks: [
    always('lists the lab tests: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listLabTestsDeprecated', await t.team.GET('/v3/lab_tests'));
    }),
    notOnMock('state', 'a team has one standard lab test of each collection method', async (t) => {
      const page = t.expect.success<TeamSchemas['LabTestList']>('team', 'listLabTestsDeprecated', await t.team.GET('/v3/lab_tests', { params: { query: { name: 'Essential Health Panel' } } }));
      const methods = page.map((test) => test.method);
      checkEqual([...new Set(methods)].sort(), ['at_home_phlebotomy', 'on_site_collection', 'walk_in_test'], 'the methods of the Essential Health Panel lab tests');
    }),
    always('422 naming ["query", "collection_method"] when it is not a method', async (t) => {
      t.expect.validation('team', 'listLabTestsDeprecated', await t.team.GET('/v3/lab_tests', { params: { query: { collection_method: invalid('by_pigeon') } } }), [{ loc: ['query', 'collection_method'] }]);
    }),

    missingKey('listLabTestsDeprecated', (t) => t.teamWithoutKey.GET('/v3/lab_tests')),
    unknownKey('listLabTestsDeprecated', (_t, client) => client.GET('/v3/lab_tests')),
  ],
};
