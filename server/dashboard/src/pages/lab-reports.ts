/**
 * Parse a lab report: upload a PDF for one of the team's users (`POST
 * /lab_report/v1/parser/job`, multipart), follow the job (`GET
 * /lab_report/v1/parser/job/{job_id}`) until it is final, then show its results or why it
 * failed. A refused upload (413, 422: not a PDF, too big, encrypted) shows the API's
 * `detail`. The API has no operation listing a team's parsing jobs: the page lists the jobs
 * started in this tab (sessionStorage). Shaping in lib/lab-report.ts.
 */
import { type Apis, type TeamSchemas } from '../api.js';
import { okAs, poll } from '../interactions.js';
import { failureText, isFinalJob, jobStatusText, parsedRows, readStartedJobs, rememberJob, type StartedJob } from '../lib/lab-report.js';
import { formatDateTime } from '../lib/format.js';
import { FLAG_LABELS } from '../lib/result-flags.js';
import type { Page, PageContext } from '../page.js';
import { errorBox, field, h, replace, table, withStates } from '../ui.js';

type Job = TeamSchemas['ParsingJob'];
type User = TeamSchemas['ClientFacingUser'];

/** How often a running job is read again. */
const POLL_MS = 500;
const STORAGE_KEY = 'dashboard.labReportJobs';

const startedJobs = (): StartedJob[] => readStartedJobs(sessionStorage.getItem(STORAGE_KEY));
const saveJob = (job: StartedJob) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(rememberJob(startedJobs(), job)));

const readJob = (apis: Apis, job_id: string, signal?: AbortSignal) => okAs<Job>(apis.team.GET('/lab_report/v1/parser/job/{job_id}', { params: { path: { job_id } }, signal }));

/** Uploads the file as `multipart/form-data`: the typed body's fields, and the file's bytes as the part `file`. */
function upload(apis: Apis, file: File, user_id: string, needs_human_review: boolean) {
  return okAs<Job>(
    apis.team.POST('/lab_report/v1/parser/job', {
      // The generated type calls the binary part a string: the serializer sends the File itself.
      body: { file: file.name, user_id, needs_human_review },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('user_id', body.user_id);
        form.append('needs_human_review', String(body.needs_human_review ?? false));
        return form;
      },
    }),
  );
}

function resultsView(job: Job): Node[] {
  const results = job.data?.results ?? [];
  const rows = parsedRows(results);
  const review = job.needs_human_review
    ? h('p', { class: 'error', role: 'note', 'data-testid': 'job-needs-review' }, 'This job needs human review: the upload asked for it, or the parser found lines it could not read, or no result.')
    : h('p', { class: 'muted', 'data-testid': 'job-needs-review' }, 'No human review needed.');
  if (rows.length === 0) return [review, h('p', { class: 'empty', 'data-testid': 'parsed-empty' }, 'No result was recognised in this report.')];
  const body = rows.map((row) =>
    h(
      'tr',
      { class: row.flags.length ? 'highlighted' : null, 'data-testid': 'parsed-row', 'data-flags': row.flags.join(' '), 'data-review': row.review ? 'yes' : 'no' },
      h('th', { scope: 'row', 'data-cell': 'marker' }, row.marker),
      h('td', { 'data-cell': 'value' }, row.value),
      h('td', { 'data-cell': 'unit' }, row.unit || '–'),
      h('td', { 'data-cell': 'range' }, row.range),
      h('td', { 'data-cell': 'flag' }, ...(row.flags.length ? row.flags.map((flag) => h('span', { class: `badge flag flag-${flag}` }, FLAG_LABELS[flag])) : [row.flagText])),
      h('td', { 'data-cell': 'loinc', title: row.loincName || null }, row.loinc ? h('code', null, row.loinc) : '–'),
      h('td', { 'data-cell': 'review' }, row.review ? h('span', { class: 'badge bad' }, row.review) : h('span', { class: 'muted' }, 'no')),
    ),
  );
  const meta = job.data?.metadata as Record<string, unknown> | undefined;
  const metaText = meta
    ? Object.entries(meta)
        .filter(([, value]) => typeof value === 'string' && value !== '')
        .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${String(value)}`)
        .join(' · ')
    : '';
  const nodes: Node[] = [review];
  if (metaText) nodes.push(h('p', { class: 'muted', 'data-testid': 'parsed-metadata' }, metaText));
  return [
    ...nodes,
    h('p', null, `${rows.length} result${rows.length === 1 ? '' : 's'}, ${rows.filter((row) => row.review).length} to review.`),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'results', 'data-testid': 'parsed-results' },
        h('thead', null, h('tr', null, ...['Marker', 'Value', 'Unit', 'Reference range', 'Flag', 'LOINC', 'Needs review'].map((title) => h('th', { scope: 'col' }, title)))),
        h('tbody', null, ...body),
      ),
    ),
  ];
}

/** Follows one job in `box`: its status while it runs, then its results or its failure. */
function followJob(box: HTMLElement, ctx: PageContext, started: StartedJob, listChanged: () => void): AbortController {
  const run = new AbortController();
  const signal = AbortSignal.any([ctx.signal, run.signal]);
  const status = h('p', { 'data-testid': 'job-status', 'data-status': started.status, role: 'status' }, '');
  const out = h('div', { 'data-testid': 'job-output' });
  replace(box, h('h2', { id: 'job-title' }, `Job ${started.file_name}`), h('p', { class: 'muted' }, h('code', { 'data-testid': 'job-id' }, started.job_id), ` for user ${started.user_id}, started ${formatDateTime(started.started_at)}`), status, out);
  const show = (job: Job) => {
    status.setAttribute('data-status', String(job.status));
    status.textContent = `Status: ${jobStatusText(String(job.status))}`;
    if (String(job.status) !== started.status) {
      started = { ...started, status: String(job.status) };
      saveJob(started);
      listChanged();
    }
    if (job.status === 'completed') replace(out, ...resultsView(job));
    else if (job.status === 'failed') replace(out, h('div', { class: 'error', role: 'alert', 'data-testid': 'job-failure' }, h('p', null, h('strong', null, 'The job failed. '), failureText(job.failure_reason))));
    else replace(out, h('p', { class: 'loading' }, 'The report is being parsed; this page reads the job again until it is done.'));
  };
  const tick = async () => {
    try {
      const job = await readJob(ctx.apis, started.job_id, signal);
      if (signal.aborted) return false;
      show(job);
      return !isFinalJob(String(job.status));
    } catch (error) {
      if (!signal.aborted) replace(out, errorBox(error, () => void followJob(box, ctx, started, listChanged)));
      return false;
    }
  };
  status.textContent = `Status: ${jobStatusText(started.status)}`;
  void tick().then((again) => again && poll(tick, POLL_MS, signal));
  return run;
}

function jobsList(list: HTMLElement, open: (job: StartedJob) => void): void {
  const jobs = startedJobs();
  replace(
    list,
    jobs.length === 0
      ? h('p', { class: 'empty', 'data-testid': 'session-jobs-empty' }, 'No job started in this tab yet.')
      : table(
          ['Started', 'File', 'User', 'Last status', ''],
          jobs.map((job) => [
            formatDateTime(job.started_at),
            job.file_name,
            h('code', null, job.user_id),
            h('span', { 'data-testid': 'session-job-status' }, jobStatusText(job.status)),
            h('button', { type: 'button', class: 'secondary', 'data-testid': 'session-job-open', 'aria-label': `Show the job of ${job.file_name}`, onclick: () => open(job) }, 'Show'),
          ]),
          { 'data-testid': 'session-jobs' },
        ),
  );
}

function uploadForm(ctx: PageContext, users: User[], total: number, started: (job: StartedJob) => void): HTMLElement {
  const user = h('select', { name: 'user_id', required: true, 'data-testid': 'report-user' }, h('option', { value: '' }, users.length ? 'Choose a user' : 'No user yet'), ...users.map((u) => h('option', { value: u.user_id }, u.client_user_id)));
  const file = h('input', { type: 'file', name: 'file', accept: 'application/pdf,.pdf', required: true, 'data-testid': 'report-file' });
  const review = h('input', { type: 'checkbox', name: 'needs_human_review', 'data-testid': 'report-review' });
  // Holds an error box: the API's detail of a refused upload, or what the form misses.
  const problem = h('div', { hidden: true, 'data-testid': 'upload-error' });
  const submit = h('button', { type: 'submit', 'data-testid': 'report-upload' }, 'Upload and parse');
  const form = h(
    'form',
    { 'aria-label': 'Upload a lab report' },
    h('div', { class: 'form-grid' }, field('User', user, total > users.length ? `The ${users.length} newest of ${total} users.` : undefined), field('Report (PDF, at most 10 MiB and 50 pages)', file)),
    h('label', { class: 'checkbox' }, review, ' Ask for human review whatever the parser finds'),
    h('div', { class: 'controls' }, submit),
    problem,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const chosen = file.files?.[0];
    problem.hidden = true;
    if (!chosen || !user.value) {
      replace(problem, h('p', { class: 'error', role: 'alert' }, !user.value ? 'Choose a user.' : 'Choose a PDF file.'));
      problem.hidden = false;
      return;
    }
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    try {
      const job = await upload(ctx.apis, chosen, user.value, review.checked);
      if (ctx.signal.aborted) return;
      started({ job_id: job.id, file_name: chosen.name, user_id: user.value, started_at: new Date().toISOString(), status: String(job.status) });
    } catch (error) {
      if (ctx.signal.aborted) return;
      replace(problem, errorBox(error));
      problem.hidden = false;
    } finally {
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
    }
  });
  return form;
}

export const labReportsPage: Page = {
  title: 'Parse a lab report',
  render(view, ctx) {
    const formBox = h('div', { 'data-testid': 'report-form' });
    const jobBox = h('section', { class: 'card', 'aria-labelledby': 'job-title', 'data-testid': 'job', hidden: true });
    const list = h('div', { 'data-testid': 'session-jobs-box' });
    let following: AbortController | undefined;
    const refreshList = () => jobsList(list, open);
    function open(job: StartedJob) {
      following?.abort();
      jobBox.hidden = false;
      following = followJob(jobBox, ctx, job, refreshList);
    }
    replace(
      view,
      h('h1', null, 'Parse a lab report'),
      h('p', { class: 'muted' }, 'Upload a lab report PDF with a text layer (an order\u2019s result PDF, for instance): the server parses it in the background into results with their LOINC codes.'),
      h('section', { class: 'card', 'aria-labelledby': 'upload-title' }, h('h2', { id: 'upload-title' }, 'Upload'), formBox),
      jobBox,
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'session-jobs-title' },
        h('h2', { id: 'session-jobs-title' }, 'Jobs started in this tab'),
        h('p', { class: 'muted', 'data-testid': 'no-list-note' }, 'The API has no operation that lists a team\u2019s parsing jobs (a job is read by its id): this list is kept by this browser tab only.'),
        list,
      ),
    );
    refreshList();
    void withStates(
      formBox,
      () => okAs<TeamSchemas['PaginatedUsersResponse']>(ctx.apis.team.GET('/v2/user', { params: { query: { limit: 500 } } })),
      (page) =>
        uploadForm(ctx, page.users, page.total, (job) => {
          saveJob(job);
          refreshList();
          open(job);
        }),
      ctx.signal,
    );
  },
};
