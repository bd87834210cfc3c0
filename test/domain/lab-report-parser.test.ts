import { describe, expect, it } from 'vitest';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { flagMeaning, parseLabReport, referenceBounds, type TextRun } from '../../server/domain/lab-reports/parse-report.js';
import { pageCountRefusal, parseOutcome, parsingJobView, uploadRefusal } from '../../server/domain/lab-reports/parsing-job.js';

/** A run at (x, y) of `size`, about 4.4 points a character wide (Helvetica at 8 points). */
const run = (x: number, y: number, text: string, size = 8): TextRun => ({ x, y, width: text.length * size * 0.55, size, text });
/** A table row: the cells at the columns' x positions. */
const row = (y: number, cells: string[], xs = [48, 218, 338, 404, 474], size = 8) => cells.map((cell, i) => run(xs[i]!, y, cell, size)).filter((r) => r.text !== '');
const TITLES = ['Test', 'Result', 'Flag', 'Unit', 'Reference range'];

describe('parseLabReport: results tables', () => {
  it('when a table has titles and rows, then each row is a result with its flag, range, unit and LOINC code', () => {
    const parsed = parseLabReport([{ runs: [...row(700, TITLES), ...row(687.5, ['Glucose', '105', 'High', 'mg/dL', '70-99']), ...row(675, ['Sodium', '140', '', 'mmol/L', '136-145'])] }], MARKER_CATALOG);
    expect(parsed.results).toMatchObject([
      { test_name: 'Glucose', value: '105', type: 'numeric', units: 'mg/dL', min_reference_range: 70, max_reference_range: 99, interpretation: 'abnormal', is_above_max_range: true, is_below_min_range: false, loinc_match_status: 'auto_match', loinc_matches: [{ display_name: 'Glucose', confidence_score: 1 }] },
      { test_name: 'Sodium', value: '140', interpretation: 'normal', is_above_max_range: false, is_below_min_range: false },
    ]);
    expect(parsed.needs_human_review).toBe(false);
  });

  it('when a cell wraps onto a closer line, then it joins its row; when every line is a row apart, then each is a row', () => {
    const wrapped = parseLabReport([{ runs: [
      ...row(700, TITLES), ...row(687.5, ['Activated Partial Thromboplastin Time', '31.0', '', 'sec', '25.0-35.0']), ...row(677, ['(aPTT)', '', '', '', '']),
      ...row(664.5, ['Sodium', '140', '', 'mmol/L', '136-145']),
    ] }], MARKER_CATALOG);
    expect(wrapped.results.map((r) => [r.test_name, r.value])).toEqual([['Activated Partial Thromboplastin Time (aPTT)', '31.0'], ['Sodium', '140']]);
    expect(wrapped.results[0]!.loinc_match_status).toBe('auto_match');
  });

  it('when a heading, a paragraph or a footer follows the rows, then the table ends there; a page repeating the titles continues it', () => {
    const parsed = parseLabReport([
      { runs: [...row(700, TITLES), ...row(687.5, ['Glucose', '90', '', 'mg/dL', '70-99']), run(48, 24, 'Lab results | page 1', 7)] },
      { runs: [...row(744, TITLES), ...row(731.5, ['Sodium', '140', '', 'mmol/L', '136-145']), run(48, 700, 'Not reported (1)', 11), ...row(680, ['Test', 'Reason'], [48, 218]), ...row(667.5, ['Potassium', 'Sample hemolyzed'], [48, 218]), run(48, 640, 'Flags: High / Low are outside the reference range; Critical values are beyond the limits.')] },
    ], MARKER_CATALOG);
    expect(parsed.results.map((r) => r.test_name)).toEqual(['Glucose', 'Sodium']);
    expect(parsed.unrecognised).toEqual([]);
  });

  it('when a row has a flag no lab uses or no value, then it is unrecognised and the report needs review', () => {
    const parsed = parseLabReport([{ runs: [...row(700, TITLES), ...row(687.5, ['Glucose', '90', 'Purple', 'mg/dL', '70-99']), ...row(675, ['Sodium', '', '', 'mmol/L', '136-145'])] }], MARKER_CATALOG);
    expect(parsed.results).toEqual([]);
    expect(parsed.unrecognised).toEqual(['Glucose 90 Purple mg/dL 70-99', 'Sodium mmol/L 136-145']);
    expect(parsed.needs_human_review).toBe(true);
  });
});

describe('parseLabReport: result lines and metadata', () => {
  const lines = (...texts: string[]) => [{ runs: texts.map((text, i) => run(50, 740 - i * 16, text, 10)) }];

  it('when a report has no table, then its result lines are read, flags before or after the range, and names outside the catalog have no LOINC code', () => {
    const parsed = parseLabReport(lines('Glucose 105 H mg/dL 70-99', 'Ferritin 8 ng/mL 15-150 L', 'Widget Index 3.2 units 1-5', 'Vitamin D <5 ng/mL >=30'), MARKER_CATALOG);
    expect(parsed.results).toMatchObject([
      { test_name: 'Glucose', interpretation: 'abnormal', is_above_max_range: true },
      { test_name: 'Ferritin', value: '8', interpretation: 'abnormal', is_below_min_range: true, min_reference_range: 15, max_reference_range: 150 },
      { test_name: 'Widget Index', loinc_match_status: 'no_match', loinc_matches: [] },
      { test_name: 'Vitamin D', value: '<5', type: 'range', min_reference_range: 30, max_reference_range: null },
    ]);
    expect(parsed.needs_human_review).toBe(false);
  });

  it('when a line starts with a catalog name but is not a result line, or nothing is found, then the report needs review', () => {
    expect(parseLabReport(lines('Glucose see attached comment page 3 ref 70-99 (fasting) 2x'), MARKER_CATALOG)).toMatchObject({ results: [], needs_human_review: true, unrecognised: ['Glucose see attached comment page 3 ref 70-99 (fasting) 2x'] });
    expect(parseLabReport(lines('Thank you for your visit.'), MARKER_CATALOG)).toMatchObject({ results: [], unrecognised: [], needs_human_review: true });
    expect(parseLabReport([], MARKER_CATALOG).needs_human_review).toBe(true);
  });

  it('when labels are printed as runs of their own or with a colon, then the metadata is read from them', () => {
    const parsed = parseLabReport([{ runs: [run(48, 700, 'Patient', 9), run(178, 700, 'Mary Ann Okafor', 9), run(48, 688, 'Sex', 9), run(178, 688, 'female', 9), run(48, 676, 'Date of birth: 1984-06-15 (age 41)', 9), run(48, 664, 'Laboratory', 9), run(178, 664, 'Labcorp (CLIA 34D0655059)', 9)] }], MARKER_CATALOG);
    expect(parsed.metadata).toEqual({ patient_first_name: 'Mary Ann', patient_last_name: 'Okafor', dob: '1984-06-15', gender: 'female', lab_name: 'Labcorp', date_reported: null, date_collected: null, specimen_number: null });
  });
});

describe('reference ranges and flags', () => {
  it.each([
    ['70-99', 70, 99], ['3.5 - 5.1', 3.5, 5.1], ['>=40', 40, null], ['> 60', 60, null], ['<=200', null, 200], ['<5', null, 5], ['-2.0-3.0', -2, 3], ['Negative', null, null], ['', null, null],
  ])('when the range is %j, then its bounds are %j and %j', (text, min, max) => {
    expect(referenceBounds(text)).toEqual({ min, max });
  });

  it.each([
    ['High', 'abnormal', true, false], ['L', 'abnormal', false, true], ['Critical high', 'critical', true, false], ['LL', 'critical', false, true], ['Critical', 'critical', false, false], ['A', 'abnormal', false, false], ['N', 'normal', false, false],
  ])('when the flag is %j, then it means %s (above %s, below %s)', (flag, interpretation, above, below) => {
    expect(flagMeaning(flag)).toEqual({ interpretation, above, below });
  });

  it('when the flag is no lab flag, then it means nothing', () => {
    expect(flagMeaning('Purple')).toBeNull();
  });
});

describe('upload rules and the job view', () => {
  it('when the bytes are empty or have no %PDF- header in the first kilobyte, then the upload is refused; a header after a few bytes is a PDF', () => {
    expect(uploadRefusal(new Uint8Array())).toMatch(/empty/);
    expect(uploadRefusal(new TextEncoder().encode('hello'))).toMatch(/not a PDF/);
    expect(uploadRefusal(new TextEncoder().encode('\n\n%PDF-1.7'))).toBeNull();
    expect(uploadRefusal(new TextEncoder().encode(`${' '.repeat(1100)}%PDF-1.7`))).toMatch(/not a PDF/);
  });

  it('when a PDF has 50 pages, then it is accepted; 51 is refused naming both numbers', () => {
    expect(pageCountRefusal(50)).toBeNull();
    expect(pageCountRefusal(51)).toBe('The PDF has 51 pages; a lab report may have at most 50');
  });

  it('when a parse has no text, then the job fails as low_quality; otherwise it completes without the printed-only fields, and review asked for stays asked', () => {
    const report = parseLabReport([{ runs: [run(50, 700, 'Glucose 90 mg/dL 70-99', 10)] }], MARKER_CATALOG);
    expect(parseOutcome(report, 0, false)).toEqual({ status: 'failed', failure_reason: 'low_quality', needs_human_review: true, data: null });
    const done = parseOutcome(report, 1, true);
    expect(done).toMatchObject({ status: 'completed', failure_reason: null, needs_human_review: true });
    expect(Object.keys(done.data!.results[0]!)).not.toContain('reference_range_text');
    expect(Object.keys(done.data!.results[0]!)).not.toContain('flag');
    expect(parseOutcome(report, 1, false).needs_human_review).toBe(false);
  });

  it('when a job is shown, then job_id is its id', () => {
    expect(parsingJobView({ id: 'j', status: 'started', failure_reason: null, needs_human_review: false, is_reviewed: false, data: null })).toEqual({ id: 'j', job_id: 'j', status: 'started', failure_reason: null, data: null, needs_human_review: false, is_reviewed: false });
  });
});
