/** PATCH /v3/lab_tests/{lab_test_id}: Update a lab test. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { invalid, NOT_A_UUID, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const patch = (client: TeamClient, lab_test_id: string, body: TeamSchemas['UpdateLabTestRequest']) =>
  client.PATCH('/v3/lab_tests/{lab_test_id}', { params: { path: { lab_test_id } }, body });
/** A lab test of the team to change (on a mock, any id). */
const made = async (client: TeamClient): Promise<{ id: string }> =>
  must('createLabTest', await client.POST('/v3/lab_tests', { body: { name: 'Conformance folate', description: '', method: 'walk_in_test', marker_ids: [1064] } }));

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateLabTest',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => ({ method: 'PATCH', path: `/v3/lab_tests/${(await made(a.team)).id}`, body: { name: 'Conformance folate, renamed' } }),
  checks: [
    always('renames a lab test of the team: on a mock the first example', async (t) => {
      const test = await made(t.team);
      const changed = t.expect.successOrFirstExample<TeamSchemas['LabTest']>('team', 'updateLabTest', await patch(t.team, test.id, { name: 'Conformance folate, renamed', active: false }));
      if (!t.isMock) checkEqual({ name: changed.name, status: changed.status }, { name: 'Conformance folate, renamed', status: 'inactive' }, 'the changed lab test');
    }),
    notOnMock('domain-rules', '400 for a standard lab test', async (t) => {
      t.expect.error('team', 'updateLabTest', await patch(t.team, STANDARD_WALK_IN_LAB_TEST, { name: 'Mine' }), 400);
    }),
    always('422 naming ["body", "name"] when it is empty', async (t) => {
      t.expect.validation('team', 'updateLabTest', await patch(t.team, UNKNOWN_ID, { name: '' }), [{ loc: ['body', 'name'] }]);
    }),
    always('422 naming ["body", "active"] when it is not a boolean', async (t) => {
      t.expect.validation('team', 'updateLabTest', await patch(t.team, UNKNOWN_ID, invalid({ active: 'no' })), [{ loc: ['body', 'active'] }]);
    }),
    pathNotAUuid('updateLabTest', 'lab_test_id', (t) => patch(t.team, NOT_A_UUID, { name: 'x' })),
    notFound('updateLabTest', '404 for an unknown lab_test_id', (t) => patch(t.team, UNKNOWN_ID, { name: 'x' })),
    missingKey('updateLabTest', (t) => patch(t.teamWithoutKey, UNKNOWN_ID, { name: 'x' })),
    unknownKey('updateLabTest', (_t, client) => patch(client, UNKNOWN_ID, { name: 'x' })),
  ],
};
