/**
 * Results that agree with themselves, end to end: orders placed and simulated through the
 * API (varied patients, physicians and simulation options), their results read back through
 * `GET /v3/order/{order_id}/result` and their PDF through `/result/pdf` (parsed with pdf.js):
 * every calculated result equals its calculation, the PDF prints the same results, and it
 * says a physician was notified of a critical value only when the order has one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardLabTests } from '../../server/domain/lab-tests/catalog.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { coherenceProblems } from '../helpers/lab-result-coherence.js';
import { pdfText } from '../helpers/pdf-text.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { teamSchemaViolations } from '../jobs/bulk-pull/schemas.js';
import { apiEngines, expectStatus, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Order = TeamSchemas['Order'];
type Results = TeamSchemas['LabResultsRaw'];

const ESSENTIAL = standardLabTests(MARKER_CATALOG).find((t) => t.method === 'walk_in_test')!;

const binary = (test: ReturnType<ApiApp['team']>['get'] extends (url: string) => infer T ? T : never) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const caseArb = fc.record({
  gender: fc.constantFrom('female', 'male', 'other'),
  dob: fc.constantFrom('1941-12-30', '1958-07-04', '1986-04-21', '2001-02-11'),
  physician: fc.boolean(),
  interpretation: fc.constantFrom('normal', 'abnormal', 'critical'),
  has_missing_results: fc.boolean(),
});

describe.each(apiEngines)('lab results that agree with themselves, through the API and the PDF, on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulator = () => new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() });

  it('when orders are placed and simulated with any patient, physician and options, then every calculated result agrees, and the PDF prints the same results and names the physician only when there is one (property)', async () => {
    await fc.assert(fc.asyncProperty(caseArb, async (c) => {
      const user = await ctx.newUser();
      const body = {
        user_id: user.user_id,
        patient_details: { first_name: 'Lena', last_name: 'Park', dob: c.dob, gender: c.gender, phone_number: '+14155550188', email: 'lena.park@example.com' },
        patient_address: { first_line: '500 Oak Ave.', city: 'Oakland', state: 'CA', zip: '94607', country: 'US' },
        order_set: { lab_test_ids: [ESSENTIAL.id] },
        ...(c.physician ? { physician: { first_name: 'Priya', last_name: 'Okafor', npi: '1234567893' } } : {}),
      };
      const order = expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post('/v3/order').send(body), 200).order as Order;
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/test`).send({ interpretation: c.interpretation, has_missing_results: c.has_missing_results }), 200);
      await simulator().runDue();

      const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
      expect(teamSchemaViolations('LabResultsRaw', results)).toEqual([]);
      expect(coherenceProblems(results, 'labcorp', c.gender)).toEqual([]);
      for (const result of results.results) {
        expect(result).toMatchObject({ source_sample_id: order.sample_id, performing_laboratory: 'Labcorp' });
        expect(result.source_markers?.length).toBeGreaterThan(0);
      }
      // eGFR needs the patient's sex: with creatinine reported and no sex to use, it is missing for that reason
      // (without creatinine, it is missing for want of its input).
      if (c.gender === 'other' && results.results.some((r) => r.loinc === '2160-0')) expect(results.missing_results?.map((m) => m.inferred_failure_type)).toContain('missing_demo_aoe_calc_failure');

      const response = await binary(ctx.team().get(`/v3/order/${order.id}/result/pdf`));
      expect(response.status).toBe(200);
      const { pages, text } = await pdfText(new Uint8Array(response.body as Buffer));
      const lines = pages.flat();
      for (const result of results.results) expect(lines.some((line) => line.startsWith(`${result.name} ${result.result}`))).toBe(true);
      const flat = text.replace(/\s+/g, ' ');
      const critical = results.results.some((r) => r.interpretation === 'critical');
      expect(flat.includes('reported to the ordering physician, Priya Okafor')).toBe(critical && c.physician);
      expect(flat.includes('No ordering physician is on this order')).toBe(critical && !c.physician);
      // The LDL's equation is stated when the LDL is reported (not over the equation's triglyceride limit).
      if (results.results.some((r) => r.loinc === '13457-7')) expect(flat).toContain('LDL Cholesterol, Calculated: Calculated by the NIH (Sampson) equation.');
      else expect(results.missing_results?.map((m) => m.loinc)).toContain('13457-7');
    }), { numRuns: 6 });
  }, 120_000);
});
