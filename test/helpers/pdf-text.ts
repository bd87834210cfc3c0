/** Reads a PDF back with Mozilla's pdf.js: its page count, metadata and the text of each page, one string per line. */
import { moduleBeside, ModuleThread } from '../../server/shared/module-thread.js';

export interface PdfText {
  pages: string[][];
  /** Every line of every page joined with newlines. */
  text: string;
  info: Record<string, unknown>;
}

/** pdf.js on a thread of its own (pdf-text-thread.ts), started on the first PDF read; it does not keep the process alive. */
const thread = new ModuleThread<Uint8Array>(moduleBeside(import.meta.url, 'pdf-text-thread'));

export function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // A copy of its own, moved to the thread.
  const copy = new Uint8Array(bytes);
  return thread.ask<PdfText>(copy, [copy.buffer]);
}
