/**
 * The Parse a lab report page's shaping: a parsing job's status as text, whether it is final,
 * its results as table rows (marker, value, unit, reference range, flag, LOINC, review), and
 * the list of the jobs started in this tab (the family has no list operation). Pure: unit-tested
 * in test/dashboard/unit/lab-report.test.ts.
 */
import { FLAG_LABELS, resultFlags, type ResultFlag, type ResultLike } from './result-flags.js';

/** What the page reads of a parsed result (the API's `LabReportResult`). */
export interface ParsedResultLike extends ResultLike {
  test_name: string;
  value: string;
  units?: string | null;
  min_reference_range?: number | null;
  max_reference_range?: number | null;
  loinc_matches?: { loinc_code: string; loinc_name: string }[] | null;
  loinc_match_status?: string | null;
  type?: string | null;
}

export interface ParsedRow {
  marker: string;
  value: string;
  unit: string;
  range: string;
  flags: ResultFlag[];
  /** The flags as text (`Above range`), `Normal` for a normal result with no flag, else `–`. */
  flagText: string;
  loinc: string;
  loincName: string;
  /** Why a person should check this row, or null. */
  review: string | null;
}

/** `upload_pending` and `started` are the running states; `completed` and `failed` are final. */
export const isFinalJob = (status: string): boolean => status === 'completed' || status === 'failed';

const STATUS_TEXT: Readonly<Record<string, string>> = {
  upload_pending: 'Waiting for the upload',
  started: 'Parsing…',
  completed: 'Completed',
  failed: 'Failed',
};

/** The job's status as a label (an unknown status of the open enum shown as it is). */
export const jobStatusText = (status: string): string => STATUS_TEXT[status] ?? status;

const FAILURE_TEXT: Readonly<Record<string, string>> = {
  low_quality: 'The PDF has no text layer (a scan?): the sandbox does no character recognition.',
  processing_error: 'A page\'s text could not be read.',
  invalid_input: 'The upload is not a lab report the parser can read.',
  not_english: 'The report is not in English.',
  too_many_pages: 'The report has too many pages.',
};

/** Why the job failed, readably (`low_quality: The PDF has no text layer…`). */
export function failureText(reason: string | null | undefined): string {
  if (!reason) return 'The job failed without a reason.';
  return `${reason}: ${FAILURE_TEXT[reason] ?? 'see the API reference.'}`;
}

const trimNumber = (n: number) => String(Number(n.toPrecision(12)));

/** The reference range from its bounds: `70–99`, `≥ 40`, `≤ 200`, or `–` when it has none. */
export function rangeText(min: number | null | undefined, max: number | null | undefined): string {
  const hasMin = typeof min === 'number' && Number.isFinite(min);
  const hasMax = typeof max === 'number' && Number.isFinite(max);
  if (hasMin && hasMax) return `${trimNumber(min)}–${trimNumber(max)}`;
  if (hasMin) return `≥ ${trimNumber(min)}`;
  if (hasMax) return `≤ ${trimNumber(max)}`;
  return '–';
}

/**
 * Why a row needs a person: its name matched no LOINC code of the catalog (`no_match`), the
 * match needs review (`needs_review`), or its value's kind could not be read. Null when fine.
 */
export function rowReview(result: ParsedResultLike): string | null {
  if (result.loinc_match_status === 'needs_review') return 'LOINC match to review';
  if (result.loinc_match_status === 'no_match' || !result.loinc_matches?.length) return 'No LOINC code for this name';
  if (result.type === null) return 'Value of unknown kind';
  return null;
}

/** One table row per parsed result, in the report's order. */
export function parsedRows(results: readonly ParsedResultLike[]): ParsedRow[] {
  return results.map((result) => {
    const flags = resultFlags(result);
    const match = result.loinc_matches?.[0];
    return {
      marker: result.test_name,
      value: result.value,
      unit: result.units ?? '',
      range: rangeText(result.min_reference_range, result.max_reference_range),
      flags,
      flagText: flags.length ? flags.map((flag) => FLAG_LABELS[flag]).join(', ') : result.interpretation === 'normal' ? 'Normal' : '–',
      loinc: match?.loinc_code ?? '',
      loincName: match?.loinc_name ?? '',
      review: rowReview(result),
    };
  });
}

/** A job started in this tab, as the page lists it. */
export interface StartedJob {
  job_id: string;
  file_name: string;
  user_id: string;
  /** ISO time the upload was answered. */
  started_at: string;
  /** The last status read, to show without asking again. */
  status: string;
}

const isStartedJob = (value: unknown): value is StartedJob => {
  const job = value as Partial<StartedJob> | null;
  return !!job && typeof job.job_id === 'string' && typeof job.file_name === 'string' && typeof job.user_id === 'string' && typeof job.started_at === 'string' && typeof job.status === 'string';
};

/** The list kept in sessionStorage, newest first; anything unreadable is dropped. */
export function readStartedJobs(raw: string | null): StartedJob[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isStartedJob) : [];
  } catch {
    return [];
  }
}

/** At most this many jobs are remembered (the oldest are forgotten). */
export const MAX_STARTED_JOBS = 50;

/** The list with `job` added on top, or updated in place when it is there already. */
export function rememberJob(list: readonly StartedJob[], job: StartedJob): StartedJob[] {
  const index = list.findIndex((entry) => entry.job_id === job.job_id);
  if (index >= 0) return list.map((entry, i) => (i === index ? { ...entry, ...job } : entry));
  return [job, ...list].slice(0, MAX_STARTED_JOBS);
}
