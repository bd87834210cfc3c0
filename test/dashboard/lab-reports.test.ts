/**
 * The Parse a lab report page in Chromium: a result PDF this server produced (an order
 * simulated to completed, its `/v3/order/{order_id}/result/pdf`) is uploaded, the page follows
 * the job and shows a table equal to the order's results; a file that is not a PDF shows the
 * API's 422 detail; the tab's jobs are listed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/team/schema.js';
import { resultFlags } from '../../server/dashboard/src/lib/result-flags.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { LabReportParser } from '../../server/jobs/lab-reports/parsing-jobs.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { because, CHROMIUM, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

type OrderResults = components['schemas']['LabResultsRaw'];

const WALK_IN_PANEL = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';
const COMPLETED = 'completed.walk_in_test.completed';

/** The printed report shows a range's bounds; the page shows them as `70–99`, `≥ 40`, `≤ 200`. */
function rangeOf(min: number | null | undefined, max: number | null | undefined): string {
  if (typeof min === 'number' && typeof max === 'number') return `${min}–${max}`;
  if (typeof min === 'number') return `≥ ${min}`;
  if (typeof max === 'number') return `≤ ${max}`;
  return '–';
}

describe('dashboard lab report parsing in Chromium', () => {
  const dash = useDashboard({ users: 1, historyDays: 1 }, { labSimulator: true });
  // The test server runs no parser: this suite runs one on its database, as server/main.ts does.
  let parser: LabReportParser | undefined;

  beforeAll(() => {
    if (!CHROMIUM) return;
    parser = new LabReportParser({ db: dash.server.db, logger: silentLogger(), markers: MARKER_CATALOG, pdf: dash.server.deps.pdf, pollMs: 50 }).start();
    dash.server.deps.labReportParsing = parser;
  });

  afterAll(async () => {
    await parser?.stop();
  });

  /** An order of the walk-in panel simulated to completed with abnormal results: its result PDF and results. */
  async function completedOrderReport(userId: string): Promise<{ pdf: Buffer; results: OrderResults['results'] }> {
    const { server } = dash;
    const team = (method: 'get' | 'post', url: string) => request(server.team)[method](url).set(TEAM_API_KEY_HEADER, server.apiKey);
    const placed = await team('post', '/v3/order').send({
      user_id: userId,
      patient_details: { first_name: 'Ana', last_name: 'Silva', dob: '1990-02-03', gender: 'female', phone_number: '+14155550100', email: 'ana@example.com' },
      patient_address: { first_line: '1 Test Street', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      order_set: { lab_test_ids: [WALK_IN_PANEL] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = (placed.body as { order: { id: string } }).order.id;
    const simulated = await team('post', `/v3/order/${orderId}/test?final_status=${COMPLETED}&delay=0`).send({ interpretation: 'abnormal' });
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    await expect
      .poll(async () => ((await team('get', `/v3/order/${orderId}`)).body as { last_event: { status: string } }).last_event.status, { timeout: 30_000, interval: 100 })
      .toBe(COMPLETED);
    const results = (await team('get', `/v3/order/${orderId}/result`)).body as OrderResults;
    const pdf = await team('get', `/v3/order/${orderId}/result/pdf`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    return { pdf: pdf.body as Buffer, results: results.results };
  }

  it.skipIf(SKIP)(
    `when a result PDF of this server is uploaded, then the page follows the job to completed and its table equals the order's results${because}`,
    async () => {
      const user = dash.seeded.users[0]!;
      const { pdf, results } = await completedOrderReport(user.user_id);
      expect(results.length).toBeGreaterThan(0);
      const opened = await dash.signedIn('#/lab-reports');
      const { page } = opened;
      await page.getByRole('heading', { name: 'Parse a lab report', level: 1 }).waitFor();
      await page.getByTestId('session-jobs-empty').waitFor();
      expect(await page.getByTestId('no-list-note').innerText()).toContain('no operation that lists');
      await page.getByTestId('report-user').selectOption({ label: user.client_user_id });
      await page.getByTestId('report-file').setInputFiles({ name: 'result-report.pdf', mimeType: 'application/pdf', buffer: pdf });
      await page.getByTestId('report-upload').click();

      await page.locator('[data-testid="job-status"][data-status="completed"]').waitFor();
      const rows = await page.getByTestId('parsed-row').evaluateAll((trs) =>
        trs.map((tr) => {
          const cell = (name: string) => tr.querySelector(`[data-cell="${name}"]`)!.textContent!.trim();
          return { marker: cell('marker'), value: cell('value'), unit: cell('unit'), range: cell('range'), loinc: cell('loinc'), flags: tr.getAttribute('data-flags'), review: tr.getAttribute('data-review') };
        }),
      );
      expect(rows).toEqual(
        results.map((r) => ({
          marker: r.name,
          value: r.result,
          unit: r.unit || '–',
          range: rangeOf(r.min_range_value, r.max_range_value),
          loinc: r.loinc || '–',
          flags: resultFlags(r).join(' '),
          review: 'no',
        })),
      );
      // The simulation asked for abnormal results: some rows are flagged.
      expect(rows.some((row) => row.flags !== '')).toBe(true);
      expect(await page.getByTestId('job-needs-review').innerText()).toBe('No human review needed.');
      // The tab's list holds the job, with its final status.
      expect(await page.getByTestId('session-job-status').allInnerTexts()).toEqual(['Completed']);
      await screenshots(page, 'lab-reports-completed');
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a file that is not a PDF is uploaded, then the API's 422 detail is shown and no job is listed${because}`,
    async () => {
      const user = dash.seeded.users[0]!;
      const opened = await dash.signedIn('#/lab-reports');
      const { page } = opened;
      await page.getByTestId('report-user').selectOption({ label: user.client_user_id });
      await page.getByTestId('report-file').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('These are notes, not a PDF.\n') });
      const answered = page.waitForResponse((response) => response.url().endsWith('/lab_report/v1/parser/job') && response.request().method() === 'POST');
      await page.getByTestId('report-upload').click();
      const response = await answered;
      expect(response.status()).toBe(422);
      const detail = ((await response.json()) as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail[0]!.loc).toEqual(['body', 'file']);
      const shown = page.getByTestId('upload-error');
      await shown.waitFor();
      expect(await shown.innerText()).toContain('HTTP 422');
      expect(await shown.innerText()).toContain(`file: ${detail[0]!.msg}`);
      expect(await page.getByTestId('job').isHidden()).toBe(true);
      expect(await page.getByTestId('session-jobs-empty').isVisible()).toBe(true);
      await screenshots(page, 'lab-reports-refused');
      await dash.expectClean(opened, [/\/lab_report\/v1\/parser\/job$/]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a file over 10 MiB is uploaded, then the API's 413 detail is shown${because}`,
    async () => {
      const user = dash.seeded.users[0]!;
      const opened = await dash.signedIn('#/lab-reports');
      const { page } = opened;
      await page.getByTestId('report-user').selectOption({ label: user.client_user_id });
      // A PDF header, then more bytes than a report may have: refused as soon as they pass the limit.
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 1024, 0x20)]);
      await page.getByTestId('report-file').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
      const answered = page.waitForResponse((response) => response.url().endsWith('/lab_report/v1/parser/job') && response.request().method() === 'POST');
      await page.getByTestId('report-upload').click();
      const response = await answered;
      expect(response.status()).toBe(413);
      const { detail } = (await response.json()) as { detail: string };
      const shown = page.getByTestId('upload-error');
      await shown.waitFor();
      expect(await shown.innerText()).toContain(`(HTTP 413): ${detail}`);
      expect(await page.getByTestId('job').isHidden()).toBe(true);
      await dash.expectClean(opened, [/\/lab_report\/v1\/parser\/job$/]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
