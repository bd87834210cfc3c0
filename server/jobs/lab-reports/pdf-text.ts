/**
 * The text of a PDF as pdf.js (Mozilla's pdfjs-dist) lays it out: each page's text runs with
 * their position, width and font size, which the report parser (server/domain/lab-reports)
 * reads. Nothing is rendered: only the text layer, so a scanned page without one has no runs.
 */
import type { ReportPage } from '../../domain/lab-reports/parse-report.js';

/** Why a file is not a PDF this server can read, for the 422 of the upload. */
export class UnreadablePdf extends Error {}

/**
 * Opens the bytes as a PDF; an error names what is wrong (pdf.js's own words stay in the log, not the answer).
 *
 * This module runs on the PdfReader's thread (pdf-reader.ts, pdf-text-thread.ts), never on the
 * server's: pdf.js's legacy build (the one for Node) carries core-js, which on Node 20 (no
 * JSON.rawJSON) replaces the global JSON.stringify of the thread that loads it with a JavaScript
 * wrapper about ten times slower.
 */
async function open(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given (it transfers it): hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, useSystemFonts: false, stopAtErrors: true });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const name = (error as { name?: string } | null)?.name;
    throw new UnreadablePdf(name === 'PasswordException' ? 'The PDF is encrypted with a password: upload it without one' : 'The file is not a readable PDF document');
  }
}

/** The number of pages of a PDF, or UnreadablePdf: the upload's check, before a job is made. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const doc = await open(bytes);
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/** Every page's text runs, top to bottom as pdf.js finds them. */
export async function pdfTextRuns(bytes: Uint8Array): Promise<ReportPage[]> {
  const doc = await open(bytes);
  try {
    const pages: ReportPage[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const runs = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , , x, y] = item.transform as number[];
        runs.push({ x: x!, y: y!, width: item.width, size: Math.round(Math.hypot(a!, b!) * 100) / 100, text: item.str });
      }
      pages.push({ runs });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
