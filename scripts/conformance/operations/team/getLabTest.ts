/** GET /v3/lab_tests/{lab_test_id}: Get a lab test. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const get = (t: { team: import('../../../../server/client/index.js').TeamClient }, id: string) => t.team.GET('/v3/lab_tests/{lab_test_id}', { params: { path: { lab_test_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getLabTest',
  // The standard lab tests are every team's.
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: `/v3/lab_tests/${STANDARD_WALK_IN_LAB_TEST}` }),
  checks: [
    always('reads the standard walk-in lab test: on a mock the first example', async (t) => {
      const test = t.expect.successOrFirstExample<TeamSchemas['LabTest']>('team', 'getLabTest', await get(t, STANDARD_WALK_IN_LAB_TEST));
      if (!t.isMock) checkEqual(test.method, 'walk_in_test', 'method');
    }),
    notOnMock('state', 'reads back a lab test the team made', async (t) => {
      const made = t.expect.success<TeamSchemas['LabTest']>('team', 'createLabTest', await t.team.POST('/v3/lab_tests', { body: { name: 'Conformance vitamin D', description: 'One marker.', method: 'walk_in_test', marker_ids: [1065] } }));
      checkEqual(t.expect.success('team', 'getLabTest', await get(t, made.id)), made, 'the lab test read back');
    }),
    pathNotAUuid('getLabTest', 'lab_test_id', (t) => get(t, NOT_A_UUID)),
    notFound('getLabTest', '404 for an unknown lab_test_id', (t) => get(t, UNKNOWN_ID)),
    missingKey('getLabTest', (t) => t.teamWithoutKey.GET('/v3/lab_tests/{lab_test_id}', { params: { path: { lab_test_id: STANDARD_WALK_IN_LAB_TEST } } })),
    unknownKey('getLabTest', (_t, client) => client.GET('/v3/lab_tests/{lab_test_id}', { params: { path: { lab_test_id: STANDARD_WALK_IN_LAB_TEST } } })),
  ],
};
