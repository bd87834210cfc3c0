/**
 * The two documents of a lab order, as PDF bytes: the requisition form the patient brings
 * to (or ships with) the sample, and the result report. Pure functions of their model and
 * the Unicode fonts (pdf-lib; layout.ts chooses the fonts): the same model always gives the
 * same bytes.
 */
import type { LabResults } from '../lab-results/generate.js';
import { PAGE, stringsOf, Writer, type Column, type UnicodeFonts } from './layout.js';

export interface DocumentPatient {
  readonly first_name: string;
  readonly last_name: string;
  /** YYYY-MM-DD */
  readonly dob: string;
  readonly gender: string;
  readonly phone_number?: string | null;
  readonly email?: string | null;
}

export interface DocumentAddress {
  readonly first_line: string;
  readonly second_line?: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
}

export interface DocumentPhysician {
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly npi?: string | null;
}

export interface RequisitionModel {
  readonly order_id: string;
  readonly sample_id: string;
  /** ISO instant the order was created: the form's date. */
  readonly created_at: string;
  readonly patient: DocumentPatient;
  readonly address: DocumentAddress;
  readonly lab: { readonly name: string };
  readonly lab_test: { readonly name: string };
  /** The markers ordered, with the lab's test code. */
  readonly markers: readonly { readonly name: string; readonly provider_id: string }[];
  readonly physician?: DocumentPhysician | null;
  readonly collection_method: string;
  readonly priority?: boolean;
  readonly fasting?: boolean;
  readonly icd_codes?: readonly string[] | null;
  readonly billing_type?: string | null;
}

export interface ResultReportModel {
  readonly order_id: string;
  readonly sample_id: string;
  readonly patient: DocumentPatient;
  readonly lab: { readonly name: string };
  readonly lab_test: { readonly name: string };
  readonly physician?: DocumentPhysician | null;
  readonly results: LabResults;
  /** ISO instant the report is dated with. */
  readonly reported_at: string;
}

const personName = (p: { first_name?: string | null; last_name?: string | null }): string =>
  [p.first_name, p.last_name].filter((part): part is string => !!part).join(' ');

const physicianLine = (physician: DocumentPhysician | null | undefined): string => {
  if (!physician) return 'not given';
  const name = personName(physician);
  return [name === '' ? null : name, physician.npi ? `NPI ${physician.npi}` : null].filter(Boolean).join(', ') || 'not given';
};

const addressLines = (a: DocumentAddress): string =>
  [a.first_line, a.second_line, `${a.city}, ${a.state} ${a.zip}`, a.country].filter((part): part is string => !!part).join(', ');

const METHOD_NAMES: Readonly<Record<string, string>> = {
  walk_in_test: 'Walk-in test (patient service center)',
  testkit: 'At-home test kit',
  at_home_phlebotomy: 'At-home phlebotomy',
  on_site_collection: 'On-site collection',
};

/** The requisition form: who, what and where to collect, and the ordering physician. */
export async function renderRequisitionPdf(model: RequisitionModel, fonts: UnicodeFonts): Promise<Uint8Array> {
  const writer = await Writer.create(
    { title: `Requisition ${model.order_id}`, subject: `Lab requisition for order ${model.order_id}`, date: model.created_at },
    `Requisition  |  order ${model.order_id}  |  sample ${model.sample_id}`,
    stringsOf(model),
    fonts,
  );
  writer.title('Laboratory Requisition');
  writer.fields([
    ['Order ID', model.order_id],
    ['Sample ID', model.sample_id],
    ['Date ordered', model.created_at.slice(0, 10)],
    ['Laboratory', model.lab.name],
    ['Lab test', model.lab_test.name],
    ['Collection method', METHOD_NAMES[model.collection_method] ?? model.collection_method],
    ['Priority', model.priority ? 'STAT' : 'Routine'],
    ['Fasting', model.fasting ? 'Required' : 'Not required'],
  ]);
  writer.heading('Patient');
  const patient = model.patient;
  writer.fields([
    ['Name', personName(patient)],
    ['Date of birth', patient.dob],
    ['Sex', patient.gender],
    ...(patient.phone_number ? [['Phone', patient.phone_number] as const] : []),
    ...(patient.email ? [['Email', patient.email] as const] : []),
    ['Address', addressLines(model.address)],
  ]);
  writer.heading('Ordering physician');
  writer.fields([
    ['Physician', physicianLine(model.physician)],
    ['Bill to', model.billing_type ?? 'client_bill'],
    ['Diagnosis codes (ICD-10)', model.icd_codes && model.icd_codes.length > 0 ? model.icd_codes.join(', ') : 'none given'],
  ]);
  writer.heading(`Tests ordered (${model.markers.length})`);
  const width = PAGE.width - 2 * PAGE.margin;
  writer.table(
    [{ title: 'Test', width: width - 120 }, { title: 'Lab test code', width: 120 }],
    model.markers.map((marker) => ({ cells: [marker.name, marker.provider_id] })),
  );
  writer.space(10);
  writer.paragraph('Bring this requisition and a photo ID to the collection. The sample ID above must be written on every specimen container.');
  return writer.bytes();
}

/** The flag printed beside a result: its direction and severity. */
export function resultFlag(result: LabResults['results'][number]): string {
  if (result.interpretation === 'critical') {
    if (result.is_above_max_range) return 'Critical high';
    if (result.is_below_min_range) return 'Critical low';
    return 'Critical';
  }
  if (result.interpretation === 'abnormal') {
    if (result.is_above_max_range) return 'High';
    if (result.is_below_min_range) return 'Low';
    return 'Abnormal';
  }
  return '';
}

const RESULT_COLUMNS: readonly Column[] = [
  { title: 'Test', width: 170 },
  { title: 'Result', width: 120 },
  { title: 'Flag', width: 66 },
  { title: 'Unit', width: 70 },
  { title: 'Reference range', width: 90 },
];

/** The result report: the patient, the order, every result with its unit, range and flag, and the missing ones. */
export async function renderResultReportPdf(model: ResultReportModel, fonts: UnicodeFonts): Promise<Uint8Array> {
  const { metadata, results, missing_results: missing } = model.results;
  const writer = await Writer.create(
    { title: `Lab results ${model.order_id}`, subject: `Lab results for order ${model.order_id}`, date: model.reported_at },
    `Lab results  |  order ${model.order_id}  |  specimen ${metadata.specimen_number}`,
    stringsOf(model),
    fonts,
  );
  writer.title('Laboratory Results');
  writer.fields([
    ['Patient', metadata.patient],
    ['Date of birth', `${metadata.dob} (age ${metadata.age})`],
    ['Sex', model.patient.gender],
    ['Order ID', model.order_id],
    ['Sample ID', model.sample_id],
    ['Specimen number', metadata.specimen_number],
    ['Lab test', model.lab_test.name],
    ['Laboratory', `${metadata.laboratory}${metadata['clia_#'] ? ` (CLIA ${metadata['clia_#']})` : ''}`],
    ['Ordering physician', physicianLine(model.physician)],
    ['Collected', metadata.date_collected],
    ['Received', metadata.date_received],
    ['Reported', metadata.date_reported],
    ['Report status', metadata.status === 'partial' ? 'Partial (more results to come)' : 'Final'],
    ['Interpretation', metadata.interpretation],
  ]);
  writer.heading(`Results (${results.length})`);
  writer.table(RESULT_COLUMNS, results.map((result) => ({
    cells: [result.name, result.result, resultFlag(result), result.unit ?? '', result.reference_range ?? ''],
    emphasis: result.interpretation === 'abnormal' || result.interpretation === 'critical',
  })));
  if (missing.length > 0) {
    writer.heading(`Not reported (${missing.length})`);
    const width = PAGE.width - 2 * PAGE.margin;
    writer.table(
      [{ title: 'Test', width: 170 }, { title: 'Reason', width: width - 170 }],
      missing.map((m) => ({ cells: [m.name, m.note] })),
    );
  }
  writer.space(10);
  writer.paragraph(resultFootnote(model));
  return writer.bytes();
}

/**
 * The report's note on flags and on who was told of critical values: it names the ordering
 * physician as notified only when the order has one, and says so only when a value is critical.
 */
export function resultFootnote(model: Pick<ResultReportModel, 'physician' | 'results'>): string {
  const flags = 'Flags: High / Low are outside the reference range; Critical values are beyond the laboratory\'s critical limits.';
  const calculated = model.results.results.filter((r) => r.notes).map((r) => `${r.name}: ${r.notes}`);
  const notes = calculated.length > 0 ? ` ${calculated.join(' ')}` : '';
  if (!model.results.results.some((r) => r.interpretation === 'critical')) return `${flags}${notes}`;
  const name = model.physician ? personName(model.physician) : '';
  const told = name === ''
    ? 'No ordering physician is on this order: the critical values were called to the ordering account.'
    : `The critical values were reported to the ordering physician, ${name}.`;
  return `${flags} ${told}${notes}`;
}
