/**
 * Reads uploaded PDFs with pdf.js on a thread of its own (server/shared/module-thread.ts): its
 * build for Node carries core-js, which on Node 20 replaces the global JSON.stringify with a
 * wrapper about ten times slower, and on the server's thread every JSON answer after the first
 * report parsed paid for it. Made where the app is built (server/main.ts) and closed with it; the
 * thread starts on the first PDF. The parsing itself is pdf-text.ts, which runs on that thread.
 */
import type { ReportPage } from '../../domain/lab-reports/parse-report.js';
import { moduleBeside, ModuleThread } from '../../shared/module-thread.js';
import { UnreadablePdf } from './pdf-text.js';

export type PdfRequest = { op: 'page-count' | 'text-runs'; bytes: Uint8Array };

/** What the lab report jobs need of a PDF: its page count (the upload's check) and its text runs (the parse). */
export interface PdfReading {
  pageCount(bytes: Uint8Array): Promise<number>;
  textRuns(bytes: Uint8Array): Promise<ReportPage[]>;
}

export class PdfReader implements PdfReading {
  readonly #thread = new ModuleThread<PdfRequest>(
    moduleBeside(import.meta.url, 'pdf-text-thread'),
    (failure) => (failure.kind === 'unreadable' ? new UnreadablePdf(failure.message) : new Error(failure.message)),
  );

  /** The number of pages, or UnreadablePdf naming what is wrong. */
  pageCount(bytes: Uint8Array): Promise<number> {
    return this.#ask('page-count', bytes);
  }

  /** Every page's text runs, top to bottom as pdf.js finds them. */
  textRuns(bytes: Uint8Array): Promise<ReportPage[]> {
    return this.#ask('text-runs', bytes);
  }

  close(): Promise<void> {
    return this.#thread.close();
  }

  #ask<T>(op: PdfRequest['op'], bytes: Uint8Array): Promise<T> {
    // A copy of its own, moved to the thread: the caller's bytes stay as they are.
    const copy = new Uint8Array(bytes);
    return this.#thread.ask<T>({ op, bytes: copy }, [copy.buffer]);
  }
}
