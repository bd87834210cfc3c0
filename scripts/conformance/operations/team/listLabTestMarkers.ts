/** GET /v3/lab_tests/{lab_test_id}/markers: List the markers of a lab test. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const list = (client: TeamClient, lab_test_id: string, query: { page?: number; size?: number } = {}) =>
  client.GET('/v3/lab_tests/{lab_test_id}/markers', { params: { path: { lab_test_id }, query } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabTestMarkers',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: `/v3/lab_tests/${STANDARD_WALK_IN_LAB_TEST}/markers` }),
  checks: [
    always('lists the markers of the standard walk-in lab test: on a mock the first example', async (t) => {
      const page = t.expect.successOrFirstExample<TeamSchemas['LabMarkerPage']>('team', 'listLabTestMarkers', await list(t.team, STANDARD_WALK_IN_LAB_TEST));
      if (!t.isMock) check(page.markers.some((m) => m.slug === 'free-t4'), `no reflex of TSH: ${show(page.markers.map((m) => m.slug))}`);
    }),
    notOnMock('static-examples', 'pages: a page past the last has no markers', async (t) => {
      const page = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listLabTestMarkers', await list(t.team, STANDARD_WALK_IN_LAB_TEST, { page: 99, size: 10 }));
      check(page.markers.length === 0 && (page.total ?? 0) > 0, `page 99: ${show(page)}`);
    }),
    always('422 naming ["query", "size"] above 100', async (t) => {
      t.expect.validation('team', 'listLabTestMarkers', await list(t.team, STANDARD_WALK_IN_LAB_TEST, { size: 101 }), [{ loc: ['query', 'size'] }]);
    }),
    pathNotAUuid('listLabTestMarkers', 'lab_test_id', (t) => list(t.team, NOT_A_UUID)),
    notFound('listLabTestMarkers', '404 for an unknown lab_test_id', (t) => list(t.team, UNKNOWN_ID)),
    missingKey('listLabTestMarkers', (t) => list(t.teamWithoutKey, STANDARD_WALK_IN_LAB_TEST)),
    unknownKey('listLabTestMarkers', (_t, client) => list(client, STANDARD_WALK_IN_LAB_TEST)),
  ],
};
