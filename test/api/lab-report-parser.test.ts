import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderResultReportPdf } from '../../server/domain/lab-documents/render.js';
import { LAB_TESTS, MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { generateLabResults } from '../../server/domain/lab-results/generate.js';
import { loadDocumentFonts } from '../../server/http/handlers/team/document-fonts.js';
import { LabReportParser } from '../../server/jobs/lab-reports/parsing-jobs.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { claimParsingJob } from '../../server/storage/repositories/lab-report-parsing-jobs.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Job = TeamSchemas['ParsingJob'];

/** A text PDF with one line per entry, as a lab that is not this service might print its report. */
async function textPdf(lines: readonly string[], pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p += 1) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

const essential = LAB_TESTS.find((t) => t.id === 'a10dadff-5984-40a9-b723-fa1fc9bab88a')!;
const lab = MARKER_CATALOG.labs.find((l) => l.id === essential.lab_id)!;
const markers = essential.marker_ids.map((id) => MARKER_CATALOG.index.markerById.get(id)!);

/** A result report as this service renders it (GET /v3/order/{order_id}/result/pdf), and its results. */
async function serviceReport() {
  const patient = { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female' };
  const results = generateLabResults({
    order_id: '5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d', sample_id: 'SMP-PARSE1', patient, lab, markers, simulation: { interpretation: 'abnormal' },
    collected_at: '2026-03-02T09:00:00Z', received_at: '2026-03-03T09:00:00Z', reported_at: '2026-03-04T09:00:00Z', status: 'final',
  });
  const pdf = await renderResultReportPdf({
    order_id: '5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d', sample_id: 'SMP-PARSE1', patient, lab, lab_test: { name: essential.name }, physician: null, results, reported_at: '2026-03-04T09:00:00Z',
  }, loadDocumentFonts());
  return { pdf: Buffer.from(pdf), results };
}

describe.each(apiEngines)('lab report parsing (POST /lab_report/v1/parser/job, GET /lab_report/v1/parser/job/{job_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const upload = (fields: Record<string, string>, files: { name?: string; field?: string; bytes: Buffer; type?: string }[], key?: string) => {
    let request = ctx.team(key).post('/lab_report/v1/parser/job');
    for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
    for (const file of files) request = request.attach(file.field ?? 'file', file.bytes, { filename: file.name ?? 'report.pdf', contentType: file.type ?? 'application/pdf' });
    return request;
  };
  const parser = () => new LabReportParser({ db: ctx.server.db, logger: silentLogger(), markers: MARKER_CATALOG, pdf: ctx.server.deps.pdf });
  const read = async (id: string, key?: string) => expectStatus<Job>(await ctx.team(key).get(`/lab_report/v1/parser/job/${id}`), 200);
  const jobCount = async () => Number((await ctx.server.db.one<{ n: string }>('SELECT count(*) AS n FROM lab_report_parsing_jobs'))!.n);

  it('when this service\'s own result report is uploaded, then the job starts, and once parsed it holds exactly the report\'s results with their LOINC codes, and both webhooks are sent', async () => {
    const user = await ctx.newUser();
    const { pdf, results } = await serviceReport();
    const started = expectStatus<Job>(await upload({ user_id: user.user_id }, [{ bytes: pdf }]), 200);
    expect(started).toEqual({ id: started.id, job_id: started.id, status: 'started', failure_reason: null, data: null, needs_human_review: false, is_reviewed: false });
    expect(await read(started.id)).toEqual(started);
    await parser().runDue();
    const done = await read(started.id);
    expect(done).toMatchObject({ id: started.id, job_id: started.id, status: 'completed', failure_reason: null, needs_human_review: false, is_reviewed: false });
    expect(done.data!.results.map((r) => [r.test_name, r.value, r.units, r.loinc_matches?.[0]?.loinc_code, r.loinc_match_status])).toEqual(
      results.results.map((r) => [r.name, r.result, r.unit ?? null, r.loinc, 'auto_match']),
    );
    const high = results.results.find((r) => r.interpretation === 'abnormal' && r.is_above_max_range);
    if (high) expect(done.data!.results.find((r) => r.test_name === high.name)).toMatchObject({ interpretation: 'abnormal', is_above_max_range: true, is_below_min_range: false });
    expect(done.data!.metadata).toMatchObject({ patient_first_name: 'Maria', patient_last_name: 'Lopez', dob: '1986-04-21', gender: 'female', lab_name: lab.name, specimen_number: results.metadata.specimen_number });
    const created = await listEventPayloads<{ data: Job; user_id: string; client_user_id: string }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'lab_report.parsing_job.created' });
    const updated = await listEventPayloads<{ data: Job; user_id: string; client_user_id: string }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'lab_report.parsing_job.updated' });
    expect(created.filter((e) => e.data.id === started.id)).toEqual([expect.objectContaining({ event_type: 'lab_report.parsing_job.created', data: started, user_id: user.user_id, client_user_id: user.client_user_id, team_id: ctx.server.teamId })]);
    expect(updated.filter((e) => e.data.id === started.id)).toEqual([expect.objectContaining({ event_type: 'lab_report.parsing_job.updated', data: done, user_id: user.user_id })]);
    // Parsing again finds nothing to do: a job ends once, with one updated event.
    expect(await parser().runDue()).toBe(0);
  }, 30_000);

  it('when another lab\'s text report is uploaded, then its result lines are parsed and a line that looks like a result but is not readable asks for human review', async () => {
    const user = await ctx.newUser();
    const pdf = await textPdf(['Acme Reference Laboratory', 'Patient: Sam Carter', 'Glucose 105 H mg/dL 70-99', 'Sodium 140 mmol/L 136-145', 'Mystery Marker 12 zz 3-4 5-6 comment', 'Thank you for choosing Acme.']);
    const job = expectStatus<Job>(await upload({ user_id: user.user_id }, [{ bytes: pdf }]), 200);
    await parser().runDue();
    const done = await read(job.id);
    expect(done).toMatchObject({ status: 'completed', needs_human_review: true });
    expect(done.data!.results).toMatchObject([
      { test_name: 'Glucose', value: '105', type: 'numeric', units: 'mg/dL', min_reference_range: 70, max_reference_range: 99, interpretation: 'abnormal', is_above_max_range: true, loinc_match_status: 'auto_match' },
      { test_name: 'Sodium', value: '140', units: 'mmol/L', min_reference_range: 136, max_reference_range: 145, interpretation: 'normal', is_above_max_range: false, is_below_min_range: false },
    ]);
    expect(done.data!.metadata).toMatchObject({ patient_first_name: 'Sam', patient_last_name: 'Carter' });
  });

  it('when every line is readable but the upload asks for review, then the job needs human review; when nothing asks, it does not', async () => {
    const user = await ctx.newUser();
    const pdf = await textPdf(['Glucose 90 mg/dL 70-99']);
    const asked = expectStatus<Job>(await upload({ user_id: user.user_id, needs_human_review: 'true' }, [{ bytes: pdf }]), 200);
    const plain = expectStatus<Job>(await upload({ user_id: user.user_id, needs_human_review: 'false' }, [{ bytes: pdf }]), 200);
    expect(asked.needs_human_review).toBe(true);
    await parser().runDue();
    expect(await read(asked.id)).toMatchObject({ status: 'completed', needs_human_review: true });
    expect(await read(plain.id)).toMatchObject({ status: 'completed', needs_human_review: false });
  });

  it('when a PDF has no text layer (a scan), then the job fails as low_quality and needs human review', async () => {
    const user = await ctx.newUser();
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 200, height: 100 });
    const job = expectStatus<Job>(await upload({ user_id: user.user_id }, [{ bytes: Buffer.from(await doc.save()) }]), 200);
    await parser().runDue();
    expect(await read(job.id)).toEqual({ id: job.id, job_id: job.id, status: 'failed', failure_reason: 'low_quality', data: null, needs_human_review: true, is_reviewed: false });
  });

  it('when a job is queued or its worker stopped mid-parse, then a worker started afterwards parses it', async () => {
    const user = await ctx.newUser();
    const pdf = await textPdf(['Glucose 90 mg/dL 70-99']);
    const queued = expectStatus<Job>(await upload({ user_id: user.user_id }, [{ bytes: pdf }]), 200);
    const held = expectStatus<Job>(await upload({ user_id: user.user_id }, [{ bytes: pdf }]), 200);
    // A worker claims `queued` for an hour and stops before finishing it.
    const now = new Date();
    const claimed = await claimParsingJob(ctx.server.db, now.toISOString(), new Date(now.getTime() + 3_600_000).toISOString());
    expect(claimed?.id).toBe(queued.id);
    // The next start (the only process on its database) drops the claims the stopped run left, then parses both.
    const worker = new LabReportParser({ db: ctx.server.db, logger: silentLogger(), markers: MARKER_CATALOG, pdf: ctx.server.deps.pdf, pollMs: 20, releaseClaimsOnStart: true }).start();
    try {
      await expect.poll(async () => [(await read(queued.id)).status, (await read(held.id)).status], { timeout: 20_000, interval: 50 }).toEqual(['completed', 'completed']);
    } finally {
      await worker.stop();
    }
  });

  it('when the upload is not a PDF, empty, damaged, over 50 pages, missing or doubled, then it is a 422 naming the file and no job is left behind', async () => {
    const user = await ctx.newUser();
    const before = await jobCount();
    const refusals: [string, Parameters<typeof upload>[1], RegExp][] = [
      ['text', [{ bytes: Buffer.from('Glucose 90 mg/dL 70-99\n'), type: 'text/plain', name: 'report.txt' }], /not a PDF/],
      ['empty', [{ bytes: Buffer.alloc(0) }], /empty/],
      ['damaged', [{ bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ntrailer garbage') }], /not a readable PDF/],
      ['pages', [{ bytes: await textPdf(['Glucose 90 mg/dL 70-99'], 51) }], /51 pages.*at most 50/],
    ];
    for (const [, files, message] of refusals) {
      expectValidation(await upload({ user_id: user.user_id }, files), [{ loc: ['body', 'file'], msg: message }]);
    }
    const pdf = await textPdf(['Glucose 90 mg/dL 70-99']);
    const missing = await upload({ user_id: user.user_id }, []);
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain('file');
    const doubled = await upload({ user_id: user.user_id }, [{ bytes: pdf }, { bytes: pdf }]);
    expect(doubled.status).toBe(422);
    expect(JSON.stringify(doubled.body)).toContain('file');
    expect(await jobCount()).toBe(before);
  });

  it('when the file is over 10 MiB, then it is a 413 in the error shape and no job is made', async () => {
    const user = await ctx.newUser();
    const before = await jobCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    expectDetail(await upload({ user_id: user.user_id }, [{ bytes: big }]), 413, 'The file is larger than the 10 MiB a lab report may have.');
    // Exactly at the limit is not refused for its size (it is refused as damaged instead).
    const atLimit = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 9, 0x20)]);
    expectValidation(await upload({ user_id: user.user_id }, [{ bytes: atLimit }]), [{ loc: ['body', 'file'], msg: /not a readable PDF/ }]);
    expect(await jobCount()).toBe(before);
  }, 30_000);

  it('when the form fields are wrong (no user_id, a user_id that is no uuid, needs_human_review that is no boolean, an unknown field, a JSON body), then it is a 422', async () => {
    const user = await ctx.newUser();
    const pdf = await textPdf(['Glucose 90 mg/dL 70-99']);
    const before = await jobCount();
    expect((await upload({}, [{ bytes: pdf }])).status).toBe(422);
    expect((await upload({ user_id: 'not-a-uuid' }, [{ bytes: pdf }])).status).toBe(422);
    expect((await upload({ user_id: user.user_id, needs_human_review: 'maybe' }, [{ bytes: pdf }])).status).toBe(422);
    expect((await upload({ user_id: user.user_id, colour: 'blue' }, [{ bytes: pdf }])).status).toBe(422);
    expect((await upload({ user_id: user.user_id }, [{ bytes: pdf, field: 'document' }])).status).toBe(422);
    const json = await ctx.team().post('/lab_report/v1/parser/job').send({ user_id: user.user_id, file: ['%PDF-'] });
    expectValidation(json, [{ loc: ['body'], msg: /multipart\/form-data/ }]);
    expect((await ctx.team().post('/lab_report/v1/parser/job?colour=blue').field('user_id', user.user_id).attach('file', pdf, 'r.pdf')).status).toBe(422);
    expect(await jobCount()).toBe(before);
  });

  it('when the user is unknown or another team\'s, then the upload is a 404; another team\'s job is a 404 and an id that is no uuid a 422', async () => {
    const pdf = await textPdf(['Glucose 90 mg/dL 70-99']);
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await upload({ user_id: theirs.user_id }, [{ bytes: pdf }]), 404, `User ${theirs.user_id} not found.`);
    expectDetail(await upload({ user_id: UNKNOWN_ID }, [{ bytes: pdf }]), 404, `User ${UNKNOWN_ID} not found.`);
    const mine = expectStatus<Job>(await upload({ user_id: theirs.user_id }, [{ bytes: pdf }], other.apiKey), 200);
    expect((await read(mine.id, other.apiKey)).id).toBe(mine.id);
    expectDetail(await ctx.team().get(`/lab_report/v1/parser/job/${mine.id}`), 404, `Parsing job ${mine.id} not found.`);
    expectDetail(await ctx.team().get(`/lab_report/v1/parser/job/${UNKNOWN_ID}`), 404);
    expect((await ctx.team().get('/lab_report/v1/parser/job/not-a-uuid')).status).toBe(422);
    expect((await ctx.team(null).get(`/lab_report/v1/parser/job/${mine.id}`)).status).toBe(401);
  });
});
