/** GET /lab_report/v1/parser/job/{job_id}: Get a lab report parsing job. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import { newParsingJob, reportPdf, uploadReport } from '../../lab-reports.js';
import { otherTeamClient } from '../../requests.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const get = (client: TeamClient, id: string) => client.GET('/lab_report/v1/parser/job/{job_id}', { params: { path: { job_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getLabReportParserJob',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/lab_report/v1/parser/job/${(await newParsingJob(a)).id}` }),
  checks: [
    always('reads a job: on a mock the first example, on a server the one made (or its end)', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.successOrFirstExample<TeamSchemas['ParsingJob']>('team', 'createLabReportParserJob', await uploadReport(t.team, { user_id, file: await reportPdf() }));
      const read = t.expect.successOrFirstExample<TeamSchemas['ParsingJob']>('team', 'getLabReportParserJob', await get(t.team, made.id));
      if (!t.isMock) checkEqual({ id: read.id, job_id: read.job_id }, { id: made.id, job_id: made.id }, 'the job read back');
    }),
    pathNotAUuid('getLabReportParserJob', 'job_id', (t) => get(t.team, NOT_A_UUID)),
    notFound('getLabReportParserJob', '404 for an unknown job_id', (t) => get(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for another team's job", async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.success<TeamSchemas['ParsingJob']>('team', 'createLabReportParserJob', await uploadReport(t.team, { user_id, file: await reportPdf() }));
      t.expect.error('team', 'getLabReportParserJob', await get(await otherTeamClient(t), made.id), 404);
    }, MANAGEMENT),
    missingKey('getLabReportParserJob', (t) => get(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getLabReportParserJob', (_t, client) => get(client, UNKNOWN_ID)),
  ],
};
