import type { operations } from '../../../../generated/team/schema.js';
import { parsingJobView, type ParsedLabReportData } from '../../../domain/lab-reports/parsing-job.js';
import { findParsingJob } from '../../../storage/repositories/lab-report-parsing-jobs.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { notFound } from '../../api-error.js';

/** GET /lab_report/v1/parser/job/{job_id}: Get a lab report parsing job (another team's is a 404). */
export const getLabReportParserJob =
  (deps: Deps): Handler<operations['getLabReportParserJob'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const job = await findParsingJob<ParsedLabReportData>(deps.db, teamId, path.job_id);
    if (!job) throw notFound(`Parsing job ${path.job_id} not found.`);
    return { status: 200, body: parsingJobView(job) };
  };
