/** POST /lab_report/v1/parser/job: Create a lab report parsing job (multipart upload). */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { multipartBody, reportPdf, uploadReport } from '../../lab-reports.js';
import { UNKNOWN_ID } from '../../values.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createLabReportParserJob',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: '/lab_report/v1/parser/job', ...multipartBody({ user_id: firstUser(a).user_id }, await reportPdf()) }),
  checks: [
    always('makes a job in started with job_id beside id: on a mock the first example', async (t) => {
      const { user_id } = await t.fixtures.user();
      const job = t.expect.successOrFirstExample<TeamSchemas['ParsingJob']>('team', 'createLabReportParserJob', await uploadReport(t.team, { user_id, file: await reportPdf() }));
      check(job.job_id === job.id, 'job_id is the id');
      if (!t.isMock) checkEqual({ status: job.status, data: job.data, needs_human_review: job.needs_human_review }, { status: 'started', data: null, needs_human_review: false }, 'the new job');
    }),
    always('422 naming ["body", "file"] when no file is sent', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'createLabReportParserJob', await uploadReport(t.team, { user_id }), [{ loc: ['body', 'file'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "file"] when the file is not a PDF', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'createLabReportParserJob', await uploadReport(t.team, { user_id, file: new TextEncoder().encode('Glucose 90 mg/dL') }), [{ loc: ['body', 'file'] }]);
    }),
    always('413 when the file is over 10 MiB', async (t) => {
      const { user_id } = await t.fixtures.user();
      const big = new Uint8Array(10 * 1024 * 1024 + 1024).fill(0x20);
      big.set(new TextEncoder().encode('%PDF-1.7\n'));
      t.expect.error('team', 'createLabReportParserJob', await uploadReport(t.team, { user_id, file: big }), 413);
    }),
    notFound('createLabReportParserJob', '404 for an unknown user', async (t) => uploadReport(t.team, { user_id: UNKNOWN_ID, file: await reportPdf() })),
    missingKey('createLabReportParserJob', async (t) => uploadReport(t.teamWithoutKey, { user_id: UNKNOWN_ID, file: await reportPdf() })),
    unknownKey('createLabReportParserJob', async (_t, client) => uploadReport(client, { user_id: UNKNOWN_ID, file: await reportPdf() })),
    otherTeamsUser('createLabReportParserJob', "404 for a user of another team (with that team's key)", async (other, { user_id }) => uploadReport(other, { user_id, file: await reportPdf() })),
  ],
};
