/**
 * The rules of a lab report upload and the ParsingJob wire shape (spec/team/components/schemas/
 * ParsingJob.yaml): its limits, what refuses an upload before a job is made, and the job's
 * end from what the parser read.
 */
import type { components } from '../../../generated/team/schema.js';
import type { ParsedReport } from './parse-report.js';

/** The ParsingJob wire shape and its results (the generated types: the compiler checks the view against the spec). */
export type ParsingJobView = components['schemas']['ParsingJob'];
export type ParsedLabReportData = components['schemas']['ParsedLabReportData'];

/** The largest upload: lab reports are text PDFs of a few hundred kB, and the upload is held until parsed. */
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;
/** The most pages a report may have (the family's `too_many_pages`, refused at upload here). */
export const MAX_REPORT_PAGES = 50;

/** Why the bytes cannot be a PDF, before opening them: empty, or no `%PDF-` header in the first kilobyte (ISO 32000 lets a few bytes precede it). */
export function uploadRefusal(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'The file is empty: upload the lab report PDF';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return 'The file is not a PDF document (it has no %PDF- header): upload the lab report as a PDF';
  return null;
}

/** Why a readable PDF is refused: too many pages. */
export function pageCountRefusal(pages: number): string | null {
  return pages > MAX_REPORT_PAGES ? `The PDF has ${pages} pages; a lab report may have at most ${MAX_REPORT_PAGES}` : null;
}

export type ParsingJobStatus = 'upload_pending' | 'started' | 'completed' | 'failed';

/** How a parse ends: completed with the results, or failed (no text layer to read). */
export function parseOutcome(
  report: ParsedReport,
  textRuns: number,
  reviewRequested: boolean,
): { status: 'completed' | 'failed'; failure_reason: 'low_quality' | null; needs_human_review: boolean; data: ParsedLabReportData | null } {
  if (textRuns === 0) return { status: 'failed', failure_reason: 'low_quality', needs_human_review: true, data: null };
  const results = report.results.map(({ reference_range_text: _range, flag: _flag, ...result }) => result);
  return { status: 'completed', failure_reason: null, needs_human_review: reviewRequested || report.needs_human_review, data: { metadata: report.metadata, results } };
}

export interface ParsingJobFields {
  id: string;
  status: string;
  failure_reason: string | null;
  needs_human_review: boolean;
  is_reviewed: boolean;
  /** The stored results (written by parseOutcome), or null. */
  data: ParsedLabReportData | null;
}

/** The job on the wire: `job_id` beside `id` (the family's SDKs read `job_id`). */
export function parsingJobView(job: ParsingJobFields): ParsingJobView {
  return {
    id: job.id,
    job_id: job.id,
    status: job.status as ParsingJobStatus,
    failure_reason: job.failure_reason as ParsingJobView['failure_reason'],
    data: job.data,
    needs_human_review: job.needs_human_review,
    is_reviewed: job.is_reviewed,
  };
}
