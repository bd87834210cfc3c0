import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type fontkitModule from '@pdf-lib/fontkit';
import type { UnicodeFonts } from '../../../domain/lab-documents/layout.js';
import type { Deps } from '../context.js';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans Condensed (the `dejavu-fonts-ttf` package; about Helvetica's widths, so text wraps
 * as it does in the standard fonts), for the lab PDFs whose text the standard fonts cannot show.
 * pdf-lib parses a font's bytes each time it embeds it (about 0.1 s for these 650 kB); the
 * fontkit given to it parses each face once. fontkit (a 4 MB package, about 5 MB of heap and as
 * much outside it once loaded) is loaded here, with the fonts, not with the server.
 */
export function loadDocumentFonts(): UnicodeFonts {
  const fontkit = require('@pdf-lib/fontkit') as typeof fontkitModule;
  const parsed = new Map<Uint8Array, ReturnType<typeof fontkitModule.create>>();
  const face = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`))) });
  return {
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
}

/** The app's document fonts: read on the first document that needs them, then kept (document-fonts). */
export function documentFonts(deps: Pick<Deps, 'caches'>): UnicodeFonts {
  return deps.caches.labViews.documentFonts.getOrSet('dejavu-sans-condensed', loadDocumentFonts);
}
