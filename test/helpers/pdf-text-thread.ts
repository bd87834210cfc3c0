/**
 * The thread test/helpers/pdf-text.ts reads PDFs on: Mozilla's pdf.js, loaded here and not in the
 * test's process, where it would replace JSON.stringify with a slower one on Node 20 for every
 * test file after (server/shared/module-thread.ts says why).
 */
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { serveThreadRequests } from '../../server/shared/module-thread.js';
import type { PdfText } from './pdf-text.js';

const STANDARD_FONTS = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      // Group the text runs by their baseline (y), top to bottom, left to right.
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const y = Math.round(item.transform[5] as number);
        const row = rows.get(y) ?? [];
        row.push({ x: item.transform[4] as number, text: item.str });
        rows.set(y, row);
      }
      pages.push([...rows.entries()].sort((a, b) => b[0] - a[0]).map(([, row]) => row.sort((a, b) => a.x - b.x).map((r) => r.text).join(' ').replace(/\s+/g, ' ').trim()));
    }
    const metadata = await doc.getMetadata();
    return { pages, text: pages.flat().join('\n'), info: metadata.info as Record<string, unknown> };
  } finally {
    await doc.destroy();
  }
}

serveThreadRequests<Uint8Array>(pdfText);
