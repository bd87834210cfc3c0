/** GET /v3/lab_test: List lab tests. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { unissuedCursor } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabTests',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/lab_test' }),
  checks: [
    always('lists the lab tests: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listLabTests', await t.team.GET('/v3/lab_test'));
    }),
    notOnMock('state', 'a team has one standard lab test of each collection method', async (t) => {
      const page = t.expect.success<TeamSchemas['LabTestPage']>('team', 'listLabTests', await t.team.GET('/v3/lab_test', { params: { query: { name: 'Essential Health Panel' } } }));
      const methods = page.data.map((test) => test.method);
      checkEqual([...new Set(methods)].sort(), ['at_home_phlebotomy', 'on_site_collection', 'walk_in_test'], 'the methods of the Essential Health Panel lab tests');
    }),
    always('422 naming ["query", "collection_method"] when it is not a method', async (t) => {
      t.expect.validation('team', 'listLabTests', await t.team.GET('/v3/lab_test', { params: { query: { collection_method: invalid('by_pigeon') } } }), [{ loc: ['query', 'collection_method'] }]);
    }),
    unissuedCursor('listLabTests', (t) => t.team.GET('/v3/lab_test', { params: { query: { next_cursor: 'not-a-cursor' } } })),
    missingKey('listLabTests', (t) => t.teamWithoutKey.GET('/v3/lab_test')),
    unknownKey('listLabTests', (_t, client) => client.GET('/v3/lab_test')),
  ],
};
