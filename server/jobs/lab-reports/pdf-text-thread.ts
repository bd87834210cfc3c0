/**
 * The module PdfReader runs on its own thread (server/shared/module-thread.ts): pdf.js is loaded
 * there, never on the server's thread (pdf-reader.ts says why).
 */
import { serveThreadRequests } from '../../shared/module-thread.js';
import { pdfPageCount, pdfTextRuns, UnreadablePdf } from './pdf-text.js';
import type { PdfRequest } from './pdf-reader.js';

serveThreadRequests<PdfRequest>(
  (request) => (request.op === 'page-count' ? pdfPageCount(request.bytes) : pdfTextRuns(request.bytes)),
  (error) => (error instanceof UnreadablePdf ? 'unreadable' : 'error'),
);
