/** GET /v3/insurance/search/diagnosis: Search diagnosis codes. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;
type Found = TeamSchemas['DiagnosisInformationList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'searchDiagnoses',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/insurance/search/diagnosis', query: { diagnosis_query: 'E11' } }),
  checks: [
    always('finds diagnoses by a code: on a mock the first example, on a server codes that start with it', async (t) => {
      const found = t.expect.successOrFirstExample<Found>('team', 'searchDiagnoses', await t.team.GET('/v3/insurance/search/diagnosis', { params: { query: { diagnosis_query: 'E11' } } }));
      if (!t.isMock) check(found.length > 0 && found.every((d) => d.diagnosis_code.startsWith('E11')), `E11 finds ${show(found.map((d) => d.diagnosis_code))}`);
    }),
    notOnMock('static-examples', 'the exact code first, whatever its case and dot', async (t) => {
      const found = t.expect.success<Found>('team', 'searchDiagnoses', await t.team.GET('/v3/insurance/search/diagnosis', { params: { query: { diagnosis_query: 'e119' } } }));
      checkEqual(found[0], { diagnosis_code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', is_secondary: false }, 'first diagnosis');
    }),
    notOnMock('static-examples', 'finds diagnoses by the starts of words of their titles', async (t) => {
      const found = t.expect.success<Found>('team', 'searchDiagnoses', await t.team.GET('/v3/insurance/search/diagnosis', { params: { query: { diagnosis_query: 'iron defic anem' } } }));
      check(found.some((d) => d.diagnosis_code === 'D50.9'), `iron defic anem does not find D50.9: ${show(found)}`);
    }),
    always('422 naming ["query", "diagnosis_query"] when it is missing', async (t) => {
      t.expect.validation('team', 'searchDiagnoses', await t.team.GET('/v3/insurance/search/diagnosis', { params: { query: {} as never } }), [{ loc: ['query', 'diagnosis_query'] }]);
    }),
    missingKey('searchDiagnoses', (t) => t.teamWithoutKey.GET('/v3/insurance/search/diagnosis', { params: { query: { diagnosis_query: 'E11' } } })),
    unknownKey('searchDiagnoses', (_t, client) => client.GET('/v3/insurance/search/diagnosis', { params: { query: { diagnosis_query: 'E11' } } })),
  ],
};
