/** POST /v3/lab_tests: Create a lab test. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const BODY: TeamSchemas['CreateLabTestRequest'] = { name: 'Conformance iron', description: 'Ferritin.', method: 'walk_in_test', marker_ids: [1061] };

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createLabTest',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/lab_tests', body: requestExample('team', 'createLabTest', 'vitamin_d') }),
  checks: [
    always('creates a lab test: on a mock the first example', async (t) => {
      const made = t.expect.successOrFirstExample<TeamSchemas['LabTest']>('team', 'createLabTest', await t.team.POST('/v3/lab_tests', { body: BODY }));
      if (!t.isMock) checkEqual({ status: made.status, method: made.method, markers: made.markers.map((m) => m.id) }, { status: 'active', method: 'walk_in_test', markers: [1061] }, 'the lab test');
    }),
    notOnMock('domain-rules', '422 naming the marker of another lab', async (t) => {
      t.expect.validation('team', 'createLabTest', await t.team.POST('/v3/lab_tests', { body: { ...BODY, marker_ids: [1061, 2061] } }), [{ loc: ['body', 'marker_ids', 1] }]);
    }),
    notOnMock('domain-rules', '422 naming a marker a testkit cannot collect', async (t) => {
      t.expect.validation('team', 'createLabTest', await t.team.POST('/v3/lab_tests', { body: { ...BODY, method: 'testkit', marker_ids: [1002, 1001] } }), [{ loc: ['body', 'marker_ids', 1] }]);
    }),
    always('422 naming ["body", "method"] when it is missing', async (t) => {
      t.expect.validation('team', 'createLabTest', await t.team.POST('/v3/lab_tests', { body: invalid({ name: 'x', description: '' }) }), [{ loc: ['body', 'method'], type: 'missing' }]);
    }),
    always('422 naming ["body", "lab_account_id"] when it is not a UUID', async (t) => {
      t.expect.validation('team', 'createLabTest', await t.team.POST('/v3/lab_tests', { body: invalid({ ...BODY, lab_account_id: `${UNKNOWN_ID}x` }) }), [{ loc: ['body', 'lab_account_id'], type: 'format' }]);
    }),
    tooLarge('createLabTest', (t) => t.team.POST('/v3/lab_tests', OVERSIZED)),
    missingKey('createLabTest', (t) => t.teamWithoutKey.POST('/v3/lab_tests', { body: BODY })),
    unknownKey('createLabTest', (_t, client) => client.POST('/v3/lab_tests', { body: BODY })),
  ],
};
