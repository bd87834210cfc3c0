/** GET /v3/lab_tests/markers: List lab markers. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listMarkers',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/lab_tests/markers', query: { size: '5' } }),
  checks: [
    always('lists a page of markers of one lab: on a mock the first example, on a server page 1 of size 50 as asked', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: [1], page: 1, size: 50 } } });
      const page = t.expect.successOrFirstExample<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', outcome);
      if (!t.isMock) checkEqual({ page: page.page, size: page.size }, { page: 1, size: 50 }, 'page and size');
    }),
    notOnMock('static-examples', 'pages: page and size are echoed, pages is ceil(total / size), and pages do not overlap', async (t) => {
      const first = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { page: 1, size: 3 } } }));
      const second = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { page: 2, size: 3 } } }));
      checkEqual({ page: first.page, size: first.size, second: second.page }, { page: 1, size: 3, second: 2 }, 'page and size');
      check(typeof first.total === 'number' && first.total > 3, `total is ${show(first.total)}, expected more than one page`);
      checkEqual(first.pages, Math.ceil(first.total / 3), 'pages');
      checkEqual(first.markers.length, 3, 'markers on a full page');
      const firstIds = new Set(first.markers.map((marker) => marker.id));
      check(!second.markers.some((marker) => firstIds.has(marker.id)), 'page 2 repeats markers of page 1');
    }),
    notOnMock('static-examples', 'lab_id and name filter the markers', async (t) => {
      const all = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { size: 100 } } }));
      const labId = all.markers[0]?.lab_id;
      check(labId !== undefined, 'the catalog lists no markers');
      const ofLab = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: [labId], size: 100 } } }));
      check(ofLab.markers.length > 0 && ofLab.markers.every((marker) => marker.lab_id === labId), `lab_id=${labId} lists markers of other labs`);
      const named = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { name: 'glucose', size: 100 } } }));
      check(named.markers.length > 0, 'name=glucose lists no markers');
      const unrelated = named.markers.filter((marker) => !marker.name.toLowerCase().includes('glucose') && !marker.provider_id.toLowerCase().startsWith('glucose'));
      check(unrelated.length === 0, `name=glucose lists ${show(unrelated.map((marker) => marker.name))}`);
    }),
    always('422 naming ["query", "size"] when it is 1000', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { size: 1000 } } });
      t.expect.validation('team', 'listMarkers', outcome, [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
    }),
    always('422 listing size 0 and page 0', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { size: 0, page: 0 } } });
      t.expect.validation('team', 'listMarkers', outcome, [
        { loc: ['query', 'size'], type: 'greater_than_equal' },
        { loc: ['query', 'page'], type: 'greater_than_equal' },
      ]);
    }),
    always('422 naming ["query", "lab_id", 0] when it is not an integer', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: invalid(['one']) } } });
      t.expect.validation('team', 'listMarkers', outcome, [{ loc: ['query', 'lab_id', 0], type: 'type_error' }]);
    }),
    missingKey('listMarkers', (t) => t.teamWithoutKey.GET('/v3/lab_tests/markers')),
  ],
};
