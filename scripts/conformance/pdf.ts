/** The success check of an operation that answers a PDF document (application/pdf). */
import { check, fail, show } from './assertions.js';
import type { CheckContext } from './context.js';

/** A 200 with content-type application/pdf; on a server, a body that is a PDF document (`%PDF-` ... `%%EOF`). */
export function expectPdf(t: CheckContext, outcome: { data?: ArrayBuffer; error?: unknown; response: Response }): Uint8Array {
  if (outcome.response.status !== 200) fail(`expected 200, got ${outcome.response.status} ${show(outcome.error)}`);
  const contentType = outcome.response.headers.get('content-type') ?? '';
  check(/^application\/pdf\b/i.test(contentType), `content-type ${show(contentType)} is not application/pdf`);
  const bytes = new Uint8Array(outcome.data ?? new ArrayBuffer(0));
  if (!t.isMock) {
    const text = Buffer.from(bytes).toString('latin1');
    check(text.startsWith('%PDF-') && text.trimEnd().endsWith('%%EOF'), `the body is not a PDF document: ${show(text.slice(0, 40))}`);
  }
  return bytes;
}
