/** Lab report uploads the checks and valid requests of the parsing operations send (multipart/form-data). */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { must, type SeededTeam } from './operation.js';
import { newUser } from './world.js';
import type { TeamClient } from '../../server/client/index.js';

/** A one-page text PDF with one result line per entry. */
export async function reportPdf(lines: readonly string[] = ['Glucose 90 mg/dL 70-99', 'Sodium 140 mmol/L 136-145']): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 10, font }));
  return doc.save({ useObjectStreams: false });
}

export interface UploadFields {
  user_id?: string;
  needs_human_review?: string;
  /** The file part's bytes; none: no file part. */
  file?: Uint8Array | null;
  /** More form fields, as sent. */
  extra?: Record<string, string>;
}

/** The upload's form: the fields as text, the file as a part named `file` (application/pdf). */
export function uploadForm(fields: UploadFields): FormData {
  const form = new FormData();
  if (fields.user_id !== undefined) form.append('user_id', fields.user_id);
  if (fields.needs_human_review !== undefined) form.append('needs_human_review', fields.needs_human_review);
  for (const [name, value] of Object.entries(fields.extra ?? {})) form.append(name, value);
  if (fields.file) form.append('file', new Blob([new Uint8Array(fields.file)], { type: 'application/pdf' }), 'report.pdf');
  return form;
}

/** POST /lab_report/v1/parser/job with the form (fetch sets the multipart boundary). */
export const uploadReport = (client: TeamClient, fields: UploadFields) =>
  client.POST('/lab_report/v1/parser/job', { body: {} as never, bodySerializer: () => uploadForm(fields) });

/** A new parsing job of a new user of the team. */
export async function newParsingJob(team: SeededTeam): Promise<{ id: string; user_id: string }> {
  const user = await newUser(team);
  const job = must('createLabReportParserJob', await uploadReport(team.team, { user_id: user.user_id, file: await reportPdf() }));
  return { id: job.id, user_id: user.user_id };
}

const BOUNDARY = 'conformance-lab-report-boundary';

/**
 * The upload as the bytes of a `multipart/form-data` body with its Content-Type, for the suites
 * that send a RawRequest (auth matrix, fuzz): `rawBody` goes as it is.
 */
export function multipartBody(fields: Record<string, string>, file: Uint8Array): { headers: Record<string, string>; rawBody: Uint8Array<ArrayBuffer> } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`));
  parts.push(Buffer.from(file));
  parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, rawBody: new Uint8Array(Buffer.concat(parts)) };
}
