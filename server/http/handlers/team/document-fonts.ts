import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { UnicodeFonts } from '../../../domain/lab-documents/layout.js';

const require = createRequire(import.meta.url);

let loaded: UnicodeFonts | null = null;

/**
 * DejaVu Sans Condensed (the `dejavu-fonts-ttf` package; about Helvetica's widths, so text wraps
 * as it does in the standard fonts), for the lab PDFs whose text the standard fonts cannot show:
 * read once, on the first such document. pdf-lib parses a font's bytes each time it embeds it
 * (about 0.1 s for these 650 kB); the fontkit given to it parses them once.
 */
export function documentFonts(): UnicodeFonts {
  if (loaded) return loaded;
  const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
  const face = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`))) });
  loaded = {
    fontkit: {
      create: (bytes: Uint8Array) => {
        let font = parsed.get(bytes);
        if (!font) parsed.set(bytes, (font = fontkit.create(bytes)));
        return font;
      },
    },
    regular: face('DejaVuSansCondensed'),
    bold: face('DejaVuSansCondensed-Bold'),
  };
  return loaded;
}
