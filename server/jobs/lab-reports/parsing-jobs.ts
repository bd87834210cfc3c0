/**
 * Lab report parsing jobs: making one (the upload's checks, its row and
 * `lab_report.parsing_job.created` in one transaction) and the worker that parses them
 * (`lab_report.parsing_job.updated` with the job's end, in the transaction that writes it).
 */
import { randomUUID } from 'node:crypto';
import type { MarkerCatalog } from '../../domain/lab-markers/catalog.js';
import { parseLabReport } from '../../domain/lab-reports/parse-report.js';
import { pageCountRefusal, parseOutcome, parsingJobView, uploadRefusal } from '../../domain/lab-reports/parsing-job.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { emitEvent } from '../../storage/repositories/events.js';
import {
  claimParsingJob, finishParsingJob, insertParsingJob, releaseParsingJobClaims, type ClaimedParsingJob, type ParsingJobRecord,
} from '../../storage/repositories/lab-report-parsing-jobs.js';
import type { PdfReading } from './pdf-reader.js';
import { UnreadablePdf } from './pdf-text.js';

export type NewJobOutcome = { outcome: 'created'; job: ParsingJobRecord<never> } | { outcome: 'refused'; detail: string };

/**
 * Checks the upload (not empty, a PDF pdf.js can open, not too many pages) and makes its job
 * with its created event. A refused upload leaves nothing behind.
 */
export async function createParsingJob(
  deps: { db: Database; pdf: PdfReading },
  input: { team_id: string; user: { user_id: string; client_user_id: string }; file: Uint8Array; file_name: string; review_requested: boolean; at: string },
): Promise<NewJobOutcome> {
  const refusal = uploadRefusal(input.file);
  if (refusal) return { outcome: 'refused', detail: refusal };
  let pages: number;
  try {
    pages = await deps.pdf.pageCount(input.file);
  } catch (error) {
    if (error instanceof UnreadablePdf) return { outcome: 'refused', detail: error.message };
    throw error;
  }
  const tooMany = pageCountRefusal(pages);
  if (tooMany) return { outcome: 'refused', detail: tooMany };
  const id = randomUUID();
  const job = await deps.db.transaction(async (tx) => {
    const row = await insertParsingJob(tx, {
      id, team_id: input.team_id, user_id: input.user.user_id, client_user_id: input.user.client_user_id,
      review_requested: input.review_requested, file: input.file, file_name: input.file_name, at: input.at,
    });
    await emitEvent(tx, {
      event_type: 'lab_report.parsing_job.created',
      data: parsingJobView(row),
      team_id: row.team_id,
      user_id: row.user_id,
      client_user_id: row.client_user_id,
    }, { dedupKey: `lab_report.parsing_job.created:${id}` });
    return row;
  });
  return { outcome: 'created', job };
}

export interface LabReportParserOptions {
  db: Database;
  logger: Logger;
  markers: Pick<MarkerCatalog, 'markers'>;
  /** Reads the PDFs (the app's PdfReader, closed by its owner). */
  pdf: PdfReading;
  now?: () => Date;
  /** How often jobs are looked for when nothing woke the worker (default 500 ms). */
  pollMs?: number;
  /** How long a claim holds a job: a worker that stopped mid-parse leaves it to others after this (default 2 minutes). */
  claimMs?: number;
  /** Drop every claim at start: this process is the only one on the database (PGlite), so claims left are of a stopped run. */
  releaseClaimsOnStart?: boolean;
}

export type ParseOutcome = 'completed' | 'failed' | 'idle';

/**
 * Parses the jobs in `started`, oldest first, one at a time: claims one (a lease, so a stopped
 * worker's job is taken again once it expires), reads its text outside any transaction (the
 * parse holds no connection), then writes its end and event in one transaction. The rows are the
 * whole state: a job queued or being parsed when the server stops is parsed after it starts.
 */
export class LabReportParser {
  private readonly options: Required<Omit<LabReportParserOptions, 'releaseClaimsOnStart'>> & { releaseClaimsOnStart: boolean };
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(options: LabReportParserOptions) {
    this.options = { now: () => new Date(), pollMs: 500, claimMs: 120_000, releaseClaimsOnStart: false, ...options };
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.loop = this.run();
    return this;
  }

  /** A job was made: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Parses one job, if any is waiting. */
  async parseNext(): Promise<ParseOutcome> {
    const { db, now, claimMs } = this.options;
    const at = now();
    const job = await claimParsingJob(db, at.toISOString(), new Date(at.getTime() + claimMs).toISOString());
    if (!job) return 'idle';
    const end = await this.parse(job);
    const finished = await db.transaction(async (tx) => {
      const row = await finishParsingJob(tx, { id: job.id, ...end, at: now().toISOString() });
      if (!row) return null;
      await emitEvent(tx, {
        event_type: 'lab_report.parsing_job.updated',
        data: parsingJobView(row),
        team_id: row.team_id,
        user_id: row.user_id,
        client_user_id: row.client_user_id,
      }, { dedupKey: `lab_report.parsing_job.updated:${row.id}` });
      return row;
    });
    return finished ? end.status : 'idle';
  }

  private async parse(job: ClaimedParsingJob) {
    try {
      const pages = await this.options.pdf.textRuns(job.file);
      const runs = pages.reduce((sum, page) => sum + page.runs.length, 0);
      return parseOutcome(parseLabReport(pages, this.options.markers), runs, job.review_requested);
    } catch (error) {
      // The upload opened when it was checked: a page whose text pdf.js cannot read fails the job, whoever parses it.
      this.options.logger.warn({ err: error, job_id: job.id }, 'lab report text could not be read');
      return { status: 'failed' as const, failure_reason: 'processing_error', needs_human_review: true, data: null };
    }
  }

  /** Parses every waiting job; returns how many. */
  async runDue(): Promise<number> {
    let parsed = 0;
    while ((await this.parseNext()) !== 'idle') parsed += 1;
    return parsed;
  }

  private async run(): Promise<void> {
    if (this.options.releaseClaimsOnStart) await releaseParsingJobClaims(this.options.db).catch((error: unknown) => this.options.logger.error({ err: error }, 'could not release the parsing job claims'));
    while (this.running) {
      this.woken = false;
      try {
        await this.runDue();
      } catch (error) {
        this.options.logger.error({ err: error }, 'lab report parsing failed; retrying at the next poll');
      }
      if (!this.running || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}
