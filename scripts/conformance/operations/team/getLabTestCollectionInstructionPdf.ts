/** GET /v3/lab_test/{lab_test_id}/collection_instruction_pdf: Download the collection instructions of a lab test. */
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, STANDARD_TESTKIT_LAB_TEST, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getPdf = (client: TeamClient, lab_test_id: string) =>
  client.GET('/v3/lab_test/{lab_test_id}/collection_instruction_pdf', { params: { path: { lab_test_id } }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getLabTestCollectionInstructionPdf',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: `/v3/lab_test/${STANDARD_TESTKIT_LAB_TEST}/collection_instruction_pdf` }),
  checks: [
    always('answers the standard testkit\'s instructions as application/pdf: on a server a PDF document', async (t) => {
      expectPdf(t, await getPdf(t.team, STANDARD_TESTKIT_LAB_TEST));
    }),
    notOnMock('state', '404 for a lab test without collection instructions (walk-in)', async (t) => {
      t.expect.error('team', 'getLabTestCollectionInstructionPdf', await getPdf(t.team, STANDARD_WALK_IN_LAB_TEST), 404);
    }),
    pathNotAUuid('getLabTestCollectionInstructionPdf', 'lab_test_id', (t) => getPdf(t.team, NOT_A_UUID)),
    notFound('getLabTestCollectionInstructionPdf', '404 for an unknown lab_test_id', (t) => getPdf(t.team, UNKNOWN_ID)),
    missingKey('getLabTestCollectionInstructionPdf', (t) => getPdf(t.teamWithoutKey, STANDARD_TESTKIT_LAB_TEST)),
    unknownKey('getLabTestCollectionInstructionPdf', (_t, client) => getPdf(client, STANDARD_TESTKIT_LAB_TEST)),
  ],
};
