/** Ported from test/contract/suite.ts (team listMarkers): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists a page of markers of one lab: on a mock the first example, on a server page 1 of size 50 as asked', async (t) => {
    const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: [1], page: 1, size: 50 } } });
    const page = t.expect.successOrFirstExample<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', outcome);
    if (!t.isMock) checkEqual({ page: page.page, size: page.size }, { page: 1, size: 50 }, 'page and size');
  }),
  missingTeamKey('listMarkers', (_t, client) => client.GET('/v3/lab_tests/markers')),
];
