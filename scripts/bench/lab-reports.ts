/**
 * Lab report parsing end to end (`npm run bench:lab-reports`): a two-page result report, as this
 * server renders one (server/domain/lab-documents/render.ts), uploaded to
 * POST /lab_report/v1/parser/job on the compiled server exactly as `npm start` runs it (its flags
 * and environment, so responses are validated; PGlite), then GET /lab_report/v1/parser/job/{id}
 * every 10 ms until the job has ended. The time of a report is from the upload's start to the
 * answer that shows it ended: upload, checks, job row and event, the worker's claim, reading the
 * PDF's text, parsing, and the end written with its event. Reports are uploaded one after
 * another (BENCH_REPORTS, default 30, after BENCH_WARMUP_REPORTS, default 3). Prints a table;
 * asserts nothing but that every job completed with every result.
 *
 * Environment: BENCH_REPORTS, BENCH_WARMUP_REPORTS, BENCH_SKIP_COMPILE=1 (reuse dist/).
 */
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { renderResultReportPdf, type ResultReportModel } from '../../server/domain/lab-documents/render.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { generateLabResults } from '../../server/domain/lab-results/generate.js';
import { loadDocumentFonts } from '../../server/http/handlers/team/document-fonts.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { compile } from '../compile.js';
import { isMainModule } from '../lib/main-module.js';
import { startSandboxServer } from './engines.js';
import { percentile, printTable } from './lib.js';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 30);
const WARMUP_REPORTS = Number(process.env.BENCH_WARMUP_REPORTS ?? 3);
const TEAM_API_KEY = 'bench-lab-reports-team-api-key';
const MANAGEMENT_KEY = 'bench-lab-reports-management-key';
const AUTH = { [TEAM_API_KEY_HEADER]: TEAM_API_KEY };
const TARGET_MS = 1000;
const POLL_MS = 10;

/** A result report of one lab with as many markers as fill two pages (and no more). */
async function twoPageReport(): Promise<{ pdf: Uint8Array; results: number }> {
  const fonts = loadDocumentFonts();
  const lab = MARKER_CATALOG.labs[0]!;
  const pool = MARKER_CATALOG.markers.filter((m) => m.lab_id === lab.id && m.is_orderable !== false);
  const patient = { first_name: 'Ana', last_name: 'Okafor', dob: '1984-06-15', gender: 'female' };
  let best: { pdf: Uint8Array; results: number } | null = null;
  for (let count = 10; count <= pool.length; count += 5) {
    const markers = pool.slice(0, count);
    const results = generateLabResults({
      order_id: 'bench-order', sample_id: 'SMP-BENCH1', patient, lab, markers,
      simulation: { interpretation: 'abnormal', result_types: null, has_missing_results: false },
      collected_at: '2026-03-02T09:00:00Z', received_at: '2026-03-03T09:00:00Z', reported_at: '2026-03-04T09:00:00Z', status: 'final',
    });
    const model: ResultReportModel = {
      order_id: 'bench-order', sample_id: 'SMP-BENCH1', patient, lab, lab_test: { name: 'Bench panel' },
      physician: { first_name: 'Jack', last_name: 'Smith', npi: '1234567893' }, results, reported_at: '2026-03-04T09:00:00Z',
    };
    const pdf = await renderResultReportPdf(model, fonts);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    if (pages > 2) break;
    if (pages === 2) best = { pdf, results: results.results.length };
  }
  if (!best) throw new Error('No marker count renders a two-page report');
  return best;
}

interface JobAnswer { id: string; status: string; data?: { results: unknown[] } | null }

async function parseOnce(url: string, userId: string, pdf: Uint8Array): Promise<{ ms: number; job: JobAnswer }> {
  const started = performance.now();
  const form = new FormData();
  form.append('user_id', userId);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'report.pdf');
  const created = await fetch(`${url}/lab_report/v1/parser/job`, { method: 'POST', headers: AUTH, body: form });
  if (created.status !== 200) throw new Error(`upload: ${created.status} ${await created.text()}`);
  let job = (await created.json()) as JobAnswer;
  while (job.status === 'started') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const read = await fetch(`${url}/lab_report/v1/parser/job/${job.id}`, { headers: AUTH });
    if (read.status !== 200) throw new Error(`read: ${read.status} ${await read.text()}`);
    job = (await read.json()) as JobAnswer;
  }
  return { ms: performance.now() - started, job };
}

export async function benchLabReports(): Promise<void> {
  if (process.env.BENCH_SKIP_COMPILE !== '1') await compile();
  const { pdf, results } = await twoPageReport();
  const server = await startSandboxServer('lab-reports', { team: TEAM_API_KEY, management: MANAGEMENT_KEY });
  try {
    const { url } = server;
    const user = await fetch(`${url}/v2/user`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ client_user_id: 'bench-lab-reports' }) });
    const { user_id: userId } = (await user.json()) as { user_id: string };
    for (let i = 0; i < WARMUP_REPORTS; i += 1) await parseOnce(url, userId, pdf);
    const times: number[] = [];
    for (let i = 0; i < REPORTS; i += 1) {
      const { ms, job } = await parseOnce(url, userId, pdf);
      if (job.status !== 'completed' || job.data?.results.length !== results) throw new Error(`job ${job.id} ended ${job.status} with ${job.data?.results.length ?? 0} of ${results} results`);
      times.push(ms);
    }
    const p99 = percentile(times, 99);
    printTable(
      `Lab report parsing end to end: a two-page result report (${pdf.length} bytes, ${results} results), ${REPORTS} uploads one after another, polled every ${POLL_MS} ms`,
      ['Server', 'p50 ms', 'p99 ms', 'max ms', `p99 <= ${TARGET_MS} ms`],
      [[server.engine.name, percentile(times, 50).toFixed(0), p99.toFixed(0), Math.max(...times).toFixed(0), p99 <= TARGET_MS ? 'yes' : 'NO']],
    );
  } finally {
    await server.close();
  }
}

if (isMainModule(fileURLToPath(import.meta.url))) await benchLabReports();
