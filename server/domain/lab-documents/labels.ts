/**
 * The specimen labels of an order (`GET /v3/order/{order_id}/labels/pdf`): a US Letter sheet of
 * 30 address-size labels (3 columns of 10, 2.625 by 1 inch, the common "5160" stock), the first
 * `count` printed with who the sample is from, its ids, when it is collected and where it goes.
 * Pure: PDF bytes from the model.
 */
import type { DocumentPatient } from './render.js';
import { stringsOf, Writer, type GridLine, type LabelSheet, type UnicodeFonts } from './layout.js';

/** 5160 stock: 0.5 inch top margin, 0.1875 inch side margins, 0.125 inch between columns. */
export const LABEL_SHEET: LabelSheet = { columns: 3, rows: 10, width: 189, height: 72, left: 13.5, top: 36, gap_x: 9, gap_y: 0 };
export const LABELS_PER_SHEET = LABEL_SHEET.columns * LABEL_SHEET.rows;

export interface LabelsModel {
  readonly order_id: string;
  readonly sample_id: string;
  readonly patient: DocumentPatient;
  readonly lab: { readonly name: string };
  readonly lab_test: { readonly name: string };
  /** The collection date-time as the request gave it (RFC 3339). */
  readonly collection_date: string;
  /** 1 to LABELS_PER_SHEET. */
  readonly count: number;
  /** ISO instant the document is dated with (the order's creation), so the same request gives the same bytes. */
  readonly date: string;
}

/**
 * The collection time as written on a label: the date and wall-clock time the value gives, in
 * its own offset (`2026-12-01T09:30:00-08:00` -> `2026-12-01 09:30 UTC-08:00`), never moved to
 * another zone: the collector reads the time of the place of collection.
 */
export function collectionTimeText(value: string): string {
  const match = /^([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt ]([0-9]{2}:[0-9]{2})(?::[0-9]{2}(?:\.[0-9]+)?)?([Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)$/.exec(value);
  if (!match) return value;
  const offset = match[3]!;
  if (offset === 'Z' || offset === 'z') return `${match[1]} ${match[2]} UTC`;
  const digits = offset.slice(1).replace(':', '').padEnd(4, '0');
  return `${match[1]} ${match[2]} UTC${offset[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** The lines of one label, top to bottom. */
export function labelLines(model: LabelsModel): GridLine[] {
  const p = model.patient;
  return [
    { text: `${p.first_name} ${p.last_name}`.trim(), size: 7.5, bold: true },
    { text: `DOB ${p.dob}  Sex ${p.gender}`, size: 6.5 },
    { text: `Sample ${model.sample_id}`, size: 6.5, bold: true },
    { text: `Order ${model.order_id}`, size: 6 },
    { text: `Collected ${collectionTimeText(model.collection_date)}`, size: 6.5 },
    { text: `${model.lab.name}  |  ${model.lab_test.name}`, size: 6 },
    { text: `*${model.sample_id}*`, size: 8, bold: true },
  ];
}

/** The labels as PDF bytes (pdf-lib; see layout.ts for the fonts). */
export async function renderLabelsPdf(model: LabelsModel, fonts: UnicodeFonts): Promise<Uint8Array> {
  const lines = labelLines(model);
  const writer = await Writer.create(
    { title: `Specimen labels ${model.order_id}`, subject: `Specimen labels of sample ${model.sample_id}`, date: model.date },
    `Specimen labels  |  order ${model.order_id}  |  sample ${model.sample_id}  |  ${model.count} of ${LABELS_PER_SHEET}`,
    [...stringsOf(model), ...lines.map((line) => line.text)],
    fonts,
  );
  writer.grid(LABEL_SHEET, Array.from({ length: Math.min(Math.max(model.count, 1), LABELS_PER_SHEET) }, () => lines));
  return writer.bytes();
}
