import type { operations } from '../../../../generated/team/schema.js';
import { parsingJobView } from '../../../domain/lab-reports/parsing-job.js';
import { createParsingJob } from '../../../jobs/lab-reports/parsing-jobs.js';
import { findUser } from '../../../storage/repositories/users.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** POST /lab_report/v1/parser/job: Create a lab report parsing job (multipart upload; the worker parses it). */
export const createLabReportParserJob =
  (deps: Deps): Handler<operations['createLabReportParserJob'], TeamContext> =>
  async ({ body, files }, { teamId }) => {
    const user = await findUser(deps.db, { team_id: teamId, user_id: body.user_id });
    if (!user) throw userNotFound(body.user_id);
    // The schema holds the part to exactly one; its bytes are the one file of the form.
    const file = files.find((f) => f.field === 'file')!;
    const made = await createParsingJob(deps, {
      team_id: teamId,
      user: { user_id: user.user_id, client_user_id: user.client_user_id },
      file: file.bytes,
      file_name: file.name,
      review_requested: body.needs_human_review ?? false,
      at: deps.now().toISOString(),
    });
    if (made.outcome === 'refused') throw ValidationFailure.single(['body', 'file'], made.detail);
    deps.labReportParsing?.wake();
    return { status: 200, body: parsingJobView(made.job) };
  };
