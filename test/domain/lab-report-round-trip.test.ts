/**
 * Every result report this server renders (server/domain/lab-documents/render.ts) parses back
 * to exactly its results: name, value, unit, reference range, flag and LOINC code, in order,
 * for orders of every lab, markers, interpretation, result type and missing results.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { renderResultReportPdf, resultFlag, type ResultReportModel } from '../../server/domain/lab-documents/render.js';
import { MARKER_CATALOG, type LabMarker } from '../../server/domain/lab-markers/catalog.js';
import { generateLabResults, RESULT_TYPES, type Interpretation } from '../../server/domain/lab-results/generate.js';
import { parseLabReport } from '../../server/domain/lab-reports/parse-report.js';
import { loadDocumentFonts } from '../../server/http/handlers/team/document-fonts.js';
import { PdfReader } from '../../server/jobs/lab-reports/pdf-reader.js';

const FONTS = loadDocumentFonts();
const orderable = (labId: number) => MARKER_CATALOG.markers.filter((m) => m.lab_id === labId && m.is_orderable !== false);

const order = fc.record({
  labIndex: fc.integer({ min: 0, max: MARKER_CATALOG.labs.length - 1 }),
  picks: fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 80 }),
  interpretation: fc.constantFrom<Interpretation>('normal', 'abnormal', 'critical', 'unknown'),
  resultTypes: fc.option(fc.subarray([...RESULT_TYPES], { minLength: 1 }), { nil: null }),
  missing: fc.boolean(),
  partial: fc.boolean(),
  gender: fc.constantFrom('female', 'male'),
  firstName: fc.constantFrom('Ana', 'Łucja', 'Jean-Luc', 'Mary Ann', 'Zoë'),
  seed: fc.uuid(),
});

describe('result report round trip (render, then parse)', () => {
  // pdf.js on a thread of its own, as the server reads reports (pdf-reader.ts).
  const pdf = new PdfReader();
  afterAll(() => pdf.close());

  it('when a generated order\'s result report is parsed, then it gives exactly its results, in order, with their LOINC codes', async () => {
    let rows = 0;
    let longest = 0;
    await fc.assert(
      fc.asyncProperty(order, async (o) => {
        const lab = MARKER_CATALOG.labs[o.labIndex]!;
        const pool = orderable(lab.id);
        const markers = [...new Set(o.picks.map((p) => pool[p % pool.length]!))] as LabMarker[];
        const patient = { first_name: o.firstName, last_name: 'Okafor', dob: '1984-06-15', gender: o.gender };
        const results = generateLabResults({
          order_id: o.seed, sample_id: `SMP-${o.seed.slice(0, 6)}`, patient, lab, markers,
          simulation: { interpretation: o.interpretation, result_types: o.resultTypes, has_missing_results: o.missing },
          collected_at: '2026-03-02T09:00:00Z', received_at: '2026-03-03T09:00:00Z', reported_at: '2026-03-04T09:00:00Z',
          status: o.partial ? 'partial' : 'final',
        });
        const model: ResultReportModel = {
          order_id: o.seed, sample_id: `SMP-${o.seed.slice(0, 6)}`, patient, lab, lab_test: { name: 'Round trip panel' },
          physician: { first_name: 'Jack', last_name: 'Smith', npi: '1234567893' }, results, reported_at: '2026-03-04T09:00:00Z',
        };
        const pages = await pdf.textRuns(await renderResultReportPdf(model, FONTS));
        longest = Math.max(longest, pages.length);
        const parsed = parseLabReport(pages, MARKER_CATALOG);
        const printed = (r: { interpretation: string; is_above_max_range?: boolean | null; is_below_min_range?: boolean | null }) =>
          resultFlag({ interpretation: r.interpretation, is_above_max_range: r.is_above_max_range ?? undefined, is_below_min_range: r.is_below_min_range ?? undefined } as never);
        expect(parsed.results.map((r) => ({
          name: r.test_name, value: r.value, unit: r.units, range: r.reference_range_text, flag: r.flag, interpreted_flag: printed(r),
          min: r.min_reference_range, max: r.max_reference_range, loinc: r.loinc_matches.map((m) => m.loinc_code),
        }))).toEqual(results.results.map((r) => ({
          name: r.name, value: r.result, unit: r.unit ?? null, range: r.reference_range ?? '', flag: resultFlag(r), interpreted_flag: resultFlag(r),
          min: r.min_range_value ?? null, max: r.max_range_value ?? null, loinc: [r.loinc],
        })));
        expect(parsed.unrecognised).toEqual([]);
        expect(parsed.needs_human_review).toBe(results.results.length === 0);
        expect(parsed.metadata).toMatchObject({ dob: '1984-06-15', gender: o.gender, specimen_number: results.metadata.specimen_number, lab_name: lab.name, patient_last_name: 'Okafor' });
        rows += results.results.length;
      }),
      { numRuns: 50, seed: 4310 },
    );
    // The property ran over many rows, and over reports whose results table spans pages.
    expect(rows).toBeGreaterThan(300);
    expect(longest).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
