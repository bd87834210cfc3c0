/**
 * Lab report parsing: the structured results of a lab report PDF, from the positioned text runs
 * of its pages (server/jobs/lab-reports/pdf-text.ts reads them with pdf.js). Pure: the same runs
 * always give the same results.
 *
 * Two ways to find results, in this order:
 * 1. **A results table**: a line whose runs are column titles, among them a test column (`Test`,
 *    `Test name`, `Analyte`, `Component`, `Marker`) and a result column (`Result`, `Value`), with at
 *    least one of unit, reference range or flag. Every line below it whose runs stay inside the
 *    columns and share the titles' font size is a row (a cell's wrapped lines are joined); a line
 *    that leaves the columns or changes size (a heading, a paragraph, the page footer) ends the
 *    table, and a page that repeats the titles continues it. The server's own result report
 *    (server/domain/lab-documents/render.ts) is such a table, so it parses back to its results.
 * 2. **Result lines** (a report without such a table): `name value [flag] [unit] [range] [flag]`
 *    on one line, e.g. `Glucose 105 H mg/dL 70-99`.
 * Lines that look like a result (they start with a marker name of the catalog, or hold a number
 * followed by a unit and a range) but fit neither way are counted as unrecognised: the job then
 * needs human review, as it does when nothing was recognised at all.
 */
import type { MarkerCatalog } from '../lab-markers/catalog.js';

/** One run of text as pdf.js places it: its left edge and baseline (points from the page's bottom-left), width and font size. */
export interface TextRun {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly size: number;
  readonly text: string;
}

export interface ReportPage {
  readonly runs: readonly TextRun[];
}

export type ResultValueType = 'numeric' | 'range' | 'comment';
export type ParsedInterpretation = 'normal' | 'abnormal' | 'critical' | 'unknown';

export interface LoincMatch {
  loinc_code: string;
  loinc_name: string;
  display_name: string;
  aliases: string[];
  confidence_score: number;
}

/** One result, in the family's LabReportResult shape (spec/team/components/schemas/LabReportResult.yaml). */
export interface ParsedLabReportResult {
  test_name: string;
  value: string;
  type: ResultValueType;
  units: string | null;
  min_reference_range: number | null;
  max_reference_range: number | null;
  /** The reference range as printed ('' when none): kept to compare a report with its source. */
  reference_range_text: string;
  /** The flag as printed ('' when none). */
  flag: string;
  interpretation: ParsedInterpretation;
  is_above_max_range: boolean | null;
  is_below_min_range: boolean | null;
  sample_type: 'unknown';
  measurement_kind: 'unknown';
  sensitivity: 'unknown';
  source_panel_name: string | null;
  loinc_matches: LoincMatch[];
  loinc_match_status: 'auto_match' | 'no_match';
}

export interface ParsedReportMetadata {
  patient_first_name: string | null;
  patient_last_name: string | null;
  dob: string | null;
  gender: 'male' | 'female' | 'other';
  lab_name: string | null;
  date_reported: string | null;
  date_collected: string | null;
  specimen_number: string | null;
}

export interface ParsedReport {
  metadata: ParsedReportMetadata;
  results: ParsedLabReportResult[];
  /** The lines that looked like results but were not recognised, as printed. */
  unrecognised: string[];
  /** Whether a person should check the results: some line was not recognised, or no result was found. */
  needs_human_review: boolean;
}

interface Line {
  readonly page: number;
  readonly y: number;
  readonly runs: readonly TextRun[];
  readonly text: string;
}

type Role = 'test' | 'result' | 'flag' | 'unit' | 'range' | 'other';

const ROLE_TITLES: readonly [Role, RegExp][] = [
  ['test', /^(test|test name|tests|analyte|component|marker|biomarker)$/],
  ['result', /^(result|results|value|result value)$/],
  ['flag', /^(flag|flags|abnormal flag)$/],
  ['unit', /^(unit|units)$/],
  ['range', /^(reference range|reference interval|ref range|reference|range|normal range)$/],
];

const roleOf = (title: string): Role => ROLE_TITLES.find(([, pattern]) => pattern.test(title.trim().toLowerCase()))?.[0] ?? 'other';

interface Column {
  readonly role: Role;
  readonly x: number;
}

/** Runs on one baseline form a line, top to bottom, each line's runs left to right. */
function linesOf(pages: readonly ReportPage[]): Line[] {
  const lines: Line[] = [];
  pages.forEach((page, index) => {
    const byY = new Map<number, TextRun[]>();
    for (const run of page.runs) {
      if (run.text.trim() === '') continue;
      const y = Math.round(run.y * 100) / 100;
      const row = byY.get(y) ?? [];
      row.push(run);
      byY.set(y, row);
    }
    for (const [y, runs] of [...byY.entries()].sort((a, b) => b[0] - a[0])) {
      const sorted = runs.sort((a, b) => a.x - b.x);
      lines.push({ page: index, y, runs: sorted, text: sorted.map((run) => run.text.trim()).join(' ').replace(/\s+/g, ' ') });
    }
  });
  return lines;
}

/** The columns of a results table's title line, or null when the line is no such title line. */
function columnsOf(line: Line): Column[] | null {
  if (line.runs.length < 3) return null;
  const columns = line.runs.map((run) => ({ role: roleOf(run.text), x: run.x }));
  const roles = new Set(columns.map((column) => column.role));
  if (!roles.has('test') || !roles.has('result')) return null;
  if (!roles.has('unit') && !roles.has('range') && !roles.has('flag')) return null;
  return columns;
}

const TOLERANCE = 1.5;

/** The cells of a table line by column, or null when a run leaves its column (a paragraph, not a row). */
function cellsOf(line: Line, columns: readonly Column[]): string[][] | null {
  const cells: string[][] = columns.map(() => []);
  for (const run of line.runs) {
    let index = -1;
    for (let i = 0; i < columns.length; i += 1) if (columns[i]!.x <= run.x + TOLERANCE) index = i;
    if (index < 0) return null;
    const next = columns[index + 1];
    if (next && run.x + run.width > next.x + TOLERANCE) return null;
    cells[index]!.push(run.text.trim());
  }
  return cells;
}

const NUMBER = String.raw`[-+]?\d+(?:[.,]\d+)?`;
const NUMERIC_VALUE = new RegExp(`^${NUMBER}$`);
const RANGE_VALUE = new RegExp(`^(?:[<>]=?|≤|≥)\\s*${NUMBER}$`);

const toNumber = (text: string): number => Number(text.replace(',', '.'));

/** The bounds of a printed reference range: `70-99`, `>=40`, `<=200`, `<5`, `> 60`; none for a coded one (`Negative`). */
export function referenceBounds(text: string): { min: number | null; max: number | null } {
  const t = text.trim();
  const between = new RegExp(`^(${NUMBER})\\s*(?:-|–|to)\\s*(${NUMBER})$`).exec(t);
  if (between) return { min: toNumber(between[1]!), max: toNumber(between[2]!) };
  const above = new RegExp(`^(?:>=?|≥)\\s*(${NUMBER})$`).exec(t);
  if (above) return { min: toNumber(above[1]!), max: null };
  const below = new RegExp(`^(?:<=?|≤)\\s*(${NUMBER})$`).exec(t);
  if (below) return { min: null, max: toNumber(below[1]!) };
  return { min: null, max: null };
}

/** What a printed flag says: the server's own (`High`, `Critical low`...) and the usual lab letters (H, L, HH, LL, A). */
export function flagMeaning(flag: string): { interpretation: ParsedInterpretation; above: boolean; below: boolean } | null {
  const f = flag.trim().toLowerCase();
  if (f === 'critical high' || f === 'hh' || f === 'h*' || f === 'ch') return { interpretation: 'critical', above: true, below: false };
  if (f === 'critical low' || f === 'll' || f === 'l*' || f === 'cl') return { interpretation: 'critical', above: false, below: true };
  if (f === 'critical' || f === 'c' || f === 'aa') return { interpretation: 'critical', above: false, below: false };
  if (f === 'high' || f === 'h') return { interpretation: 'abnormal', above: true, below: false };
  if (f === 'low' || f === 'l') return { interpretation: 'abnormal', above: false, below: true };
  if (f === 'abnormal' || f === 'a') return { interpretation: 'abnormal', above: false, below: false };
  if (f === 'normal' || f === 'n') return { interpretation: 'normal', above: false, below: false };
  return null;
}

/** The catalog's LOINC code of every result name (lower case, single spaces): the names are unique across the catalog. */
export function loincByName(catalog: Pick<MarkerCatalog, 'markers'>): ReadonlyMap<string, { code: string; name: string; display: string }> {
  const byName = new Map<string, { code: string; name: string; display: string }>();
  for (const marker of catalog.markers) {
    for (const result of marker.expected_results) {
      byName.set(normalName(result.name), { code: result.loinc.code, name: result.loinc.name, display: result.name });
    }
  }
  return byName;
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A result from its printed parts: the value's type, the range's bounds, the flag's meaning and the catalog's LOINC code. */
export function resultOf(
  parts: { name: string; value: string; unit: string; range: string; flag: string },
  loinc: ReadonlyMap<string, { code: string; name: string; display: string }>,
): ParsedLabReportResult {
  const value = parts.value.trim();
  const type: ResultValueType = NUMERIC_VALUE.test(value) ? 'numeric' : RANGE_VALUE.test(value) ? 'range' : 'comment';
  const { min, max } = referenceBounds(parts.range);
  const meaning = flagMeaning(parts.flag);
  const hasRange = min !== null || max !== null || parts.range.trim() !== '';
  // No flag: the lab compared the value with its range and found nothing to flag; without a range there was nothing to compare.
  const interpretation: ParsedInterpretation = meaning?.interpretation ?? (hasRange ? 'normal' : 'unknown');
  const match = loinc.get(normalName(parts.name));
  return {
    test_name: parts.name.trim(),
    value,
    type,
    units: parts.unit.trim() === '' ? null : parts.unit.trim(),
    min_reference_range: min,
    max_reference_range: max,
    reference_range_text: parts.range.trim(),
    flag: parts.flag.trim(),
    interpretation,
    is_above_max_range: meaning ? meaning.above : hasRange ? false : null,
    is_below_min_range: meaning ? meaning.below : hasRange ? false : null,
    sample_type: 'unknown',
    measurement_kind: 'unknown',
    sensitivity: 'unknown',
    source_panel_name: null,
    loinc_matches: match ? [{ loinc_code: match.code, loinc_name: match.name, display_name: match.display, aliases: [], confidence_score: 1 }] : [],
    loinc_match_status: match ? 'auto_match' : 'no_match',
  };
}

interface TableRow {
  cells: string[][];
}

/**
 * The rows of the results tables: a table starts at a title line and ends at the first line that
 * is not a row (see the module comment). Within one page a line is the wrapped continuation of
 * the row above when it lies closer to it than rows lie to each other and its test or result
 * cell is empty (a row always has both).
 */
function tableRows(lines: readonly Line[]): { rows: TableRow[]; columns: Column[] } | null {
  let columns: Column[] | null = null;
  let found: Column[] | null = null;
  let size = 0;
  const rows: TableRow[] = [];
  // The lines of the current table on the current page, with the title line first.
  let segment: { line: Line; cells: string[][] | null }[] = [];
  const flush = () => {
    if (!columns || segment.length < 2) {
      segment = [];
      return;
    }
    const gaps = segment.slice(1).map((entry, i) => segment[i]!.line.y - entry.line.y);
    const smallest = Math.min(...gaps);
    const separated = gaps.some((gap) => gap > smallest * 1.1);
    const testIndex = columns.findIndex((c) => c.role === 'test');
    const resultIndex = columns.findIndex((c) => c.role === 'result');
    segment.slice(1).forEach((entry, i) => {
      const cells = entry.cells!;
      const continuation =
        rows.length > 0 && i > 0 && separated && gaps[i]! <= smallest * 1.1 && (cells[testIndex]!.length === 0 || cells[resultIndex]!.length === 0);
      if (continuation) rows.at(-1)!.cells.forEach((cell, c) => cell.push(...cells[c]!));
      else rows.push({ cells: cells.map((cell) => [...cell]) });
    });
    segment = [];
  };
  let page = -1;
  for (const line of lines) {
    if (line.page !== page) {
      flush();
      page = line.page;
      columns = null;
    }
    const titles = columnsOf(line);
    if (titles && (!found || titles.map((t) => t.role).join() === found.map((t) => t.role).join())) {
      flush();
      columns = titles;
      found ??= titles;
      size = line.runs[0]!.size;
      segment = [{ line, cells: null }];
      continue;
    }
    if (!columns) continue;
    const cells = line.runs.every((run) => Math.abs(run.size - size) <= 0.5) ? cellsOf(line, columns) : null;
    if (!cells) {
      flush();
      columns = null;
      continue;
    }
    segment.push({ line, cells });
  }
  flush();
  return found ? { rows, columns: found } : null;
}

const RESULT_LINE = new RegExp(
  String.raw`^(?<name>[A-Za-z][A-Za-z0-9 ,'()/%+.-]*?[A-Za-z)])\s+(?<value>(?:[<>]=?\s*)?${NUMBER})` +
    String.raw`(?:\s+(?<flag1>HH|LL|H|L|A|High|Low|Critical high|Critical low|Abnormal))?` +
    String.raw`(?:\s+(?<unit>(?![<>]?=?\s*${NUMBER}\b)[^\s]+))?` +
    String.raw`(?:\s+(?<range>${NUMBER}\s*(?:-|–|to)\s*${NUMBER}|(?:[<>]=?|≤|≥)\s*${NUMBER}))?` +
    String.raw`(?:\s+(?<flag2>HH|LL|H|L|A|High|Low|Critical high|Critical low|Abnormal))?$`,
);

/** Whether a line that is not recognised still looks like a result: a catalog name first, or a number, a unit and a range. */
function looksLikeResult(text: string, names: ReadonlyMap<string, unknown>): boolean {
  const lower = normalName(text);
  for (const name of names.keys()) if (lower.startsWith(`${name} `)) return true;
  return new RegExp(`${NUMBER}\\s+\\S+\\s+${NUMBER}\\s*(?:-|–)\\s*${NUMBER}`).test(text);
}

const FIELD_LABELS: readonly [keyof ParsedReportMetadata | 'patient', RegExp][] = [
  ['patient', /^(patient|patient name|name)$/i],
  ['dob', /^(date of birth|dob|birth date)$/i],
  ['gender', /^(sex|gender)$/i],
  ['lab_name', /^(laboratory|lab|performing lab)$/i],
  ['date_collected', /^(collected|date collected|collection date)$/i],
  ['date_reported', /^(reported|date reported|report date)$/i],
  ['specimen_number', /^(specimen number|specimen id|accession number)$/i],
];

/** A `label value` line: its label as a run of its own (the server's reports) or written `Label: value`. */
function labelled(line: Line): { label: string; value: string } | null {
  const first = line.runs[0]!.text.trim();
  if (line.runs.length > 1) {
    return { label: first.replace(/:$/, ''), value: line.runs.slice(1).map((run) => run.text.trim()).join(' ') };
  }
  const colon = /^([^:]{2,30}):\s*(.+)$/.exec(line.text);
  return colon ? { label: colon[1]!.trim(), value: colon[2]!.trim() } : null;
}

/** The report's patient and dates, from `label value` lines (the first of each label). */
function metadataOf(lines: readonly Line[]): ParsedReportMetadata {
  const metadata: ParsedReportMetadata = {
    patient_first_name: null, patient_last_name: null, dob: null, gender: 'other', lab_name: null, date_reported: null, date_collected: null, specimen_number: null,
  };
  const seen = new Set<string>();
  for (const line of lines) {
    const pair = labelled(line);
    if (!pair) continue;
    for (const [field, pattern] of FIELD_LABELS) {
      if (seen.has(field) || !pattern.test(pair.label)) continue;
      seen.add(field);
      const value = pair.value;
      if (field === 'patient') {
        const cut = value.lastIndexOf(' ');
        metadata.patient_first_name = cut > 0 ? value.slice(0, cut) : value;
        metadata.patient_last_name = cut > 0 ? value.slice(cut + 1) : null;
      } else if (field === 'dob') {
        metadata.dob = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value;
      } else if (field === 'gender') {
        const g = value.toLowerCase();
        metadata.gender = g === 'male' || g === 'm' ? 'male' : g === 'female' || g === 'f' ? 'female' : 'other';
      } else if (field === 'lab_name') {
        metadata.lab_name = value.replace(/\s*\(CLIA [^)]*\)$/, '');
      } else {
        metadata[field] = value;
      }
      break;
    }
  }
  return metadata;
}

/** The structured results of a lab report from its pages' text runs. */
export function parseLabReport(pages: readonly ReportPage[], catalog: Pick<MarkerCatalog, 'markers'>): ParsedReport {
  const lines = linesOf(pages);
  const loinc = loincByName(catalog);
  const metadata = metadataOf(lines);
  const table = tableRows(lines);
  const results: ParsedLabReportResult[] = [];
  const unrecognised: string[] = [];
  if (table) {
    const at = (role: Role) => table.columns.findIndex((column) => column.role === role);
    const cell = (row: TableRow, role: Role) => {
      const index = at(role);
      return index < 0 ? '' : row.cells[index]!.join(' ');
    };
    for (const row of table.rows) {
      const parts = { name: cell(row, 'test'), value: cell(row, 'result'), unit: cell(row, 'unit'), range: cell(row, 'range'), flag: cell(row, 'flag') };
      if (parts.name === '' || parts.value === '' || (parts.flag !== '' && !flagMeaning(parts.flag))) {
        unrecognised.push(row.cells.map((c) => c.join(' ')).filter(Boolean).join(' '));
        continue;
      }
      results.push(resultOf(parts, loinc));
    }
  } else {
    for (const line of lines) {
      const match = RESULT_LINE.exec(line.text);
      if (match?.groups) {
        const g = match.groups;
        results.push(resultOf({ name: g.name!, value: g.value!.replace(/\s+/g, ''), unit: g.unit ?? '', range: g.range ?? '', flag: g.flag1 ?? g.flag2 ?? '' }, loinc));
      } else if (looksLikeResult(line.text, loinc)) {
        unrecognised.push(line.text);
      }
    }
  }
  return { metadata, results, unrecognised, needs_human_review: unrecognised.length > 0 || results.length === 0 };
}
