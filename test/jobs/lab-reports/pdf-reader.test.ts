import { afterAll, describe, expect, it } from 'vitest';
import { PdfReader } from '../../../server/jobs/lab-reports/pdf-reader.js';
import { UnreadablePdf } from '../../../server/jobs/lab-reports/pdf-text.js';

/** A PDF of `pages` blank pages, the first with one line of text. */
function tinyPdf(pages: number, text: string): Uint8Array {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Kids[${Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ')}]/Count ${pages}>>`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    ...Array.from({ length: pages }, (_, i) => `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>${i === 0 ? `/Contents ${pages + 4} 0 R` : ''}>>`),
  ];
  const stream = `BT /F1 12 Tf 72 700 Td (${text}) Tj ET`;
  objects.push(`<</Length ${stream.length}>>stream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${object}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF`;
  return new TextEncoder().encode(body);
}

describe('PdfReader (pdf.js on a thread of its own)', () => {
  const reader = new PdfReader();
  afterAll(() => reader.close());

  it('when PDFs are read, then each answer is its own: page counts and text runs, several at once', async () => {
    const [three, one, runs] = await Promise.all([reader.pageCount(tinyPdf(3, 'three')), reader.pageCount(tinyPdf(1, 'one')), reader.textRuns(tinyPdf(2, 'Hemoglobin A1c 5.4 %'))]);
    expect(three).toBe(3);
    expect(one).toBe(1);
    expect(runs).toHaveLength(2);
    expect(runs[0]!.runs).toEqual([expect.objectContaining({ text: 'Hemoglobin A1c 5.4 %', x: 72, y: 700, size: 12 })]);
    expect(runs[1]!.runs).toEqual([]);
  });

  it('when the bytes are not a PDF, then the reader refuses them with UnreadablePdf, and reads the next one', async () => {
    await expect(reader.pageCount(new TextEncoder().encode('not a pdf'))).rejects.toThrow(UnreadablePdf);
    await expect(reader.pageCount(new TextEncoder().encode('not a pdf'))).rejects.toThrow('The file is not a readable PDF document');
    expect(await reader.pageCount(tinyPdf(2, 'again'))).toBe(2);
  });

  it("when the caller's bytes are read, then they are left as they were (the thread gets a copy)", async () => {
    const bytes = tinyPdf(1, 'kept');
    const before = bytes.slice();
    await reader.textRuns(bytes);
    expect(bytes.byteLength).toBe(before.byteLength);
    expect(Buffer.compare(bytes, before)).toBe(0);
  });

  it("when PDFs are read, then this thread's JSON.stringify is the one it had (where pdf.js is loaded, its core-js replaces it)", async () => {
    const before = JSON.stringify;
    // A reader of its own: its thread loads pdf.js now, after `before` was taken.
    const fresh = new PdfReader();
    try {
      expect(await fresh.textRuns(tinyPdf(1, 'json'))).toHaveLength(1);
    } finally {
      await fresh.close();
    }
    expect(JSON.stringify).toBe(before);
  });

  it('when the reader is closed, then the next PDF starts a new thread', async () => {
    const other = new PdfReader();
    expect(await other.pageCount(tinyPdf(1, 'first'))).toBe(1);
    await other.close();
    expect(await other.pageCount(tinyPdf(2, 'second'))).toBe(2);
    await other.close();
  });
});
