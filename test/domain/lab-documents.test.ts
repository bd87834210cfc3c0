import { describe, expect, it } from 'vitest';
import { LABS, LAB_TESTS, MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { generateLabResults, type ResultsInput } from '../../server/domain/lab-results/generate.js';
import {
  renderRequisitionPdf, renderResultReportPdf, resultFlag, type RequisitionModel, type ResultReportModel,
} from '../../server/domain/lab-documents/render.js';
import { loadDocumentFonts } from '../../server/http/handlers/team/document-fonts.js';
import { pdfText } from '../helpers/pdf-text.js';

const FONTS = loadDocumentFonts();

const labTest = LAB_TESTS.find((t) => t.id === 'a10dadff-5984-40a9-b723-fa1fc9bab88a')!;
const markers = labTest.marker_ids.map((id) => MARKER_CATALOG.index.markerById.get(id)!);
const lab = LABS.find((l) => l.id === labTest.lab_id)!;
const patient = { first_name: 'Łucja', last_name: "O'Brien-Núñez", dob: '1988-11-03', gender: 'female', phone_number: '+15555550123', email: 'lucja@example.com' };

const requisition: RequisitionModel = {
  order_id: '7c1e9d4a-2b3f-4d5e-8f90-1a2b3c4d5e6f',
  sample_id: 'SMP-4Q8ZT2',
  created_at: '2026-03-01T10:00:00Z',
  patient,
  address: { first_line: '1 Main Street', second_line: 'Apt 4', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
  lab,
  lab_test: { name: labTest.name },
  markers: markers.map((m) => ({ name: m.name, provider_id: m.provider_id })),
  physician: { first_name: 'Jack', last_name: 'Smith', npi: '1234567893' },
  collection_method: 'walk_in_test',
  icd_codes: ['Z00.00'],
};

function resultsInput(overrides: Partial<ResultsInput> = {}): ResultsInput {
  return {
    order_id: requisition.order_id, sample_id: requisition.sample_id, patient, lab, markers,
    simulation: { interpretation: 'critical', has_missing_results: true },
    collected_at: '2026-03-02T09:00:00Z', received_at: '2026-03-03T09:00:00Z', reported_at: '2026-03-04T09:00:00Z',
    status: 'final', ...overrides,
  };
}

const report = (overrides: Partial<ResultsInput> = {}): ResultReportModel => ({
  order_id: requisition.order_id, sample_id: requisition.sample_id, patient, lab, lab_test: { name: labTest.name },
  physician: requisition.physician, results: generateLabResults(resultsInput(overrides)), reported_at: '2026-03-04T09:00:00Z',
});

describe('requisition PDF', () => {
  it('when a requisition is rendered, then the PDF parses and shows the patient, address, order, sample, lab test, every marker and the physician', async () => {
    const bytes = await renderRequisitionPdf(requisition, FONTS);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { text, info } = await pdfText(bytes);
    for (const expected of [
      'Laboratory Requisition', requisition.order_id, requisition.sample_id, 'Essential Health Panel', 'Labcorp',
      "Łucja O'Brien-Núñez", '1988-11-03', '1 Main Street, Apt 4, Springfield, IL 62701, US', 'Jack Smith, NPI 1234567893', 'Z00.00',
      'Walk-in test (patient service center)',
    ]) expect(text).toContain(expected);
    for (const marker of markers) {
      expect(text).toContain(marker.name);
      expect(text).toContain(marker.provider_id);
    }
    expect(info.Title).toBe(`Requisition ${requisition.order_id}`);
  });

  it('when the same requisition is rendered twice, then the bytes are identical', async () => {
    expect(Buffer.from(await renderRequisitionPdf(requisition, FONTS)).equals(Buffer.from(await renderRequisitionPdf(requisition, FONTS)))).toBe(true);
  });

  it('when every text is Latin-1, then the standard fonts set it and no font is embedded; when one is not, then DejaVu Sans is, as a subset', async () => {
    const latin1 = { ...requisition, patient: { ...patient, first_name: 'Lucia' } };
    const standard = Buffer.from(await renderRequisitionPdf(latin1, FONTS)).toString('latin1');
    expect(standard).toContain('/BaseFont /Helvetica');
    expect(standard).not.toContain('/FontFile2');
    const unicode = Buffer.from(await renderRequisitionPdf(requisition, FONTS)).toString('latin1');
    expect(unicode).toContain('/BaseFont /DejaVuSansCondensed');
    expect(unicode).toContain('/FontFile2');
    expect(unicode.length).toBeLessThan(100_000);
    expect(Buffer.from(await renderRequisitionPdf(latin1, FONTS)).toString('latin1')).toBe(standard);
  });

  it('when names and the address are in Latin Extended, Greek or Cyrillic, then the form shows them as written; a script DejaVu Sans lacks (CJK) is `?`', async () => {
    const { text } = await pdfText(await renderRequisitionPdf({
      ...requisition,
      patient: { ...patient, first_name: 'Ștefan', last_name: 'Țară' },
      address: { ...requisition.address, first_line: 'Οδός Ερμού 12', second_line: 'кв. 5', city: 'Świętochłowice' },
      physician: { first_name: 'Łukasz', last_name: 'Świątek', npi: '1234567893' },
    }, FONTS));
    for (const expected of ['Ștefan Țară', 'Οδός Ερμού 12, кв. 5, Świętochłowice, IL 62701, US', 'Łukasz Świątek, NPI 1234567893']) expect(text).toContain(expected);
    const { text: cjk } = await pdfText(await renderRequisitionPdf({ ...requisition, address: { ...requisition.address, second_line: '東京' } }, FONTS));
    expect(cjk).toContain('1 Main Street, ??, Springfield');
  });

  it('when an order has no physician, then the form says so instead of leaving the field out', async () => {
    const { text } = await pdfText(await renderRequisitionPdf({ ...requisition, physician: null }, FONTS));
    expect(text).toMatch(/Physician\s+not given/);
  });
});

describe('result report PDF', () => {
  it('when a report is rendered, then every result appears on its line with its value, flag, unit and range', async () => {
    const model = report();
    const { text, pages } = await pdfText(await renderResultReportPdf(model, FONTS));
    expect(text).toContain('Laboratory Results');
    expect(text).toContain(model.order_id);
    expect(text).toContain(model.results.metadata.specimen_number);
    expect(text).toContain('Essential Health Panel');
    expect(text).toContain("Łucja O'Brien-Núñez");
    const lines = pages.flat();
    for (const result of model.results.results) {
      const row = [result.name, result.result, resultFlag(result), result.unit ?? '', result.reference_range ?? ''].filter((c) => c !== '').join(' ');
      expect(lines, result.name).toContain(row);
    }
    const critical = model.results.results.filter((r) => r.interpretation === 'critical');
    expect(critical.length).toBeGreaterThan(0);
    for (const missing of model.results.missing_results) expect(lines).toContain(`${missing.name} ${missing.note}`);
    expect(text).toContain('Interpretation critical');
  });

  it('when a report has more results than a page holds, then it continues on the next page with the table header again', async () => {
    const allOfLab = MARKER_CATALOG.markers.filter((m) => m.lab_id === 1 && m.type === 'biomarker');
    const model = { ...report({ markers: allOfLab, simulation: {} }) };
    const { pages } = await pdfText(await renderResultReportPdf(model, FONTS));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(1).every((page) => page.some((line) => line.startsWith('Test Result Flag Unit Reference range')))).toBe(true);
    const text = pages.flat().join('\n');
    for (const result of model.results.results) expect(text).toContain(result.name);
  });

  it('when partial results are rendered, then the report says they are partial', async () => {
    const { text } = await pdfText(await renderResultReportPdf(report({ status: 'partial' }), FONTS));
    expect(text).toContain('Partial (more results to come)');
  });
});
