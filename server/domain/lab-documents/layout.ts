/**
 * A small page layout over pdf-lib for the lab documents: US Letter pages, text wrapped to its
 * column and new pages as the content needs them. Pure: it builds bytes in memory from what it
 * is given (the fonts' bytes among them).
 *
 * A document whose text the standard fonts can show (Helvetica: Latin-1 and a few more) is set
 * in them, embedding nothing. A document with any other character (`Łukasz`, `Ștefan`, Greek,
 * Cyrillic: names and addresses the API accepts) is set in the Unicode fonts it is given
 * (DejaVu Sans Condensed), embedded as subsets of the glyphs used.
 *
 * pdf-lib is loaded on the first document, not with the server (about 3 MB of heap kept, and
 * more while its code is parsed, in every server whether it renders documents or not).
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

const pdfLib = () => import('pdf-lib');

/** Fonts for text beyond the standard fonts: a fontkit for pdf-lib and the regular and bold faces (TrueType bytes, the name they are embedded under). */
export interface UnicodeFonts {
  readonly fontkit: Parameters<PDFDocument['registerFontkit']>[0];
  readonly regular: { readonly name: string; readonly bytes: Uint8Array };
  readonly bold: { readonly name: string; readonly bytes: Uint8Array };
}

export const PAGE = { width: 612, height: 792, margin: 48 } as const;

/** The colors of a document, made with the pdf-lib it is written with. */
type Colors = Record<'grey' | 'black' | 'red' | 'light', ReturnType<Awaited<ReturnType<typeof pdfLib>>['rgb']>>;
const colors = ({ rgb }: Awaited<ReturnType<typeof pdfLib>>): Colors => ({
  grey: rgb(0.4, 0.4, 0.4),
  black: rgb(0, 0, 0),
  red: rgb(0.7, 0, 0),
  light: rgb(0.75, 0.75, 0.75),
});

/** A sheet of equal labels (points, from the page's top-left corner). */
export interface LabelSheet {
  readonly columns: number;
  readonly rows: number;
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly top: number;
  readonly gap_x: number;
  readonly gap_y: number;
}

/** One line of a grid cell. */
export interface GridLine {
  readonly text: string;
  readonly size: number;
  readonly bold?: boolean;
}

export interface Column {
  readonly title: string;
  /** Width in points. */
  readonly width: number;
}

export interface DocumentInfo {
  readonly title: string;
  readonly subject: string;
  /** ISO instant the document is dated with (its creation and modification dates), so the bytes are reproducible. */
  readonly date: string;
}

/**
 * The text as `font` can show it. A character it has no glyph for (a script neither the
 * standard fonts nor the Unicode fonts cover, such as CJK) is written as its base letter
 * (Ł -> L, ő -> o) when the font has that, else `?`, instead of failing the whole document.
 */
export function encodable(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (supported.has(ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    const fallback: Record<string, string> = { 'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'Ø': 'O', 'ø': 'o', 'ı': 'i' };
    const replacement = base.length > 0 && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : fallback[ch] ?? '?';
    out += replacement;
  }
  return out;
}

/** The code points a font shows. */
const characterSet = (font: PDFFont): ReadonlySet<number> => new Set(font.getCharacterSet());

/** The code points Helvetica (WinAnsi) shows: whether a document needs the Unicode fonts. */
async function standardCharacterSet(): Promise<ReadonlySet<number>> {
  const { PDFDocument, StandardFonts } = await pdfLib();
  return characterSet(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica));
}

/** Whether every character of `texts` is one the standard fonts show (line breaks and tabs become spaces). */
export async function standardFontsShow(texts: readonly string[]): Promise<boolean> {
  const supported = await standardCharacterSet();
  return texts.every((text) => {
    for (const ch of text.replace(/[\r\n\t]+/g, ' ')) if (!supported.has(ch.codePointAt(0)!)) return false;
    return true;
  });
}

/** Every string in a document's model (its text, whichever part of it is printed). */
export function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** Lines of at most `width` points; a word longer than the width is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** Writes top to bottom, starting a new page when the next block does not fit. */
export class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageCount = 0;
  /** The code points each of the two fonts shows, read once per document. */
  private readonly shows: ReadonlyMap<PDFFont, ReadonlySet<number>>;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
    private readonly colors: Colors,
  ) {
    this.shows = new Map([regular, bold].map((font) => [font, characterSet(font)]));
    this.newPage();
  }

  /** `text` as `font` can show it (see the module's `encodable`). */
  private encodable(text: string, font: PDFFont): string {
    return encodable(text, this.shows.get(font)!);
  }

  /**
   * `texts`: every text the document will show (its footer included), to choose its fonts: the
   * standard ones when they show all of it, else `unicode`, embedded.
   */
  static async create(info: DocumentInfo, footer: string, texts: readonly string[], unicode: UnicodeFonts): Promise<Writer> {
    const lib = await pdfLib();
    const doc = await lib.PDFDocument.create({ updateMetadata: false });
    const date = new Date(info.date);
    doc.setTitle(info.title);
    doc.setSubject(info.subject);
    doc.setProducer('health-data-api reference server (pdf-lib)');
    doc.setCreator('health-data-api reference server');
    doc.setCreationDate(date);
    doc.setModificationDate(date);
    if (await standardFontsShow([...texts, footer])) {
      return new Writer(doc, await doc.embedFont(lib.StandardFonts.Helvetica), await doc.embedFont(lib.StandardFonts.HelveticaBold), footer, colors(lib));
    }
    doc.registerFontkit(unicode.fontkit);
    // Named, not suffixed at random as pdf-lib does by default: the same model gives the same bytes.
    const regular = await doc.embedFont(unicode.regular.bytes, { subset: true, customName: unicode.regular.name });
    const bold = await doc.embedFont(unicode.bold.bytes, { subset: true, customName: unicode.bold.name });
    return new Writer(doc, regular, bold, footer, colors(lib));
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageCount += 1;
    this.y = PAGE.height - PAGE.margin;
    const text = this.encodable(`${this.footer}  |  page ${this.pageCount}`, this.regular);
    this.page.drawText(text, { x: PAGE.margin, y: PAGE.margin / 2, size: 7, font: this.regular, color: this.colors.grey });
  }

  private ensure(height: number): void {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  title(text: string): void {
    this.ensure(24);
    this.page.drawText(this.encodable(text, this.bold), { x: PAGE.margin, y: this.y - 16, size: 16, font: this.bold, color: this.colors.black });
    this.y -= 26;
  }

  heading(text: string): void {
    this.ensure(30);
    this.y -= 6;
    this.page.drawText(this.encodable(text, this.bold), { x: PAGE.margin, y: this.y - 11, size: 11, font: this.bold });
    this.y -= 14;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.5, color: this.colors.grey,
    });
    this.y -= 6;
  }

  /** `label: value` rows in two columns of labels and values. */
  fields(rows: readonly (readonly [label: string, value: string])[]): void {
    const size = 9;
    const labelWidth = 130;
    const valueWidth = PAGE.width - 2 * PAGE.margin - labelWidth;
    for (const [label, value] of rows) {
      const lines = wrap(this.encodable(value, this.regular), this.regular, size, valueWidth);
      this.ensure(lines.length * 12);
      this.page.drawText(this.encodable(label, this.bold), { x: PAGE.margin, y: this.y - size, size, font: this.bold });
      lines.forEach((line, i) => {
        this.page.drawText(line, { x: PAGE.margin + labelWidth, y: this.y - size - i * 12, size, font: this.regular });
      });
      this.y -= lines.length * 12;
    }
  }

  paragraph(text: string, size = 8): void {
    const lines = wrap(this.encodable(text, this.regular), this.regular, size, PAGE.width - 2 * PAGE.margin);
    for (const line of lines) {
      this.ensure(size + 3);
      this.page.drawText(line, { x: PAGE.margin, y: this.y - size, size, font: this.regular, color: this.colors.grey });
      this.y -= size + 3;
    }
  }

  /** A table: a bold header row (repeated on every page it spans) and wrapped cells. */
  table(columns: readonly Column[], rows: readonly { cells: readonly string[]; emphasis?: boolean }[]): void {
    const size = 8;
    const lineHeight = 10.5;
    const header = () => {
      this.ensure(lineHeight * 2);
      let x = PAGE.margin;
      for (const column of columns) {
        this.page.drawText(this.encodable(column.title, this.bold), { x, y: this.y - size, size, font: this.bold });
        x += column.width;
      }
      this.y -= lineHeight + 2;
    };
    header();
    for (const row of rows) {
      const font = row.emphasis ? this.bold : this.regular;
      const cells = row.cells.map((cell, i) => wrap(this.encodable(cell, font), font, size, columns[i]!.width - 6));
      const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight;
      if (this.y - height < PAGE.margin) {
        this.newPage();
        header();
      }
      let x = PAGE.margin;
      cells.forEach((lines, i) => {
        lines.forEach((line, j) => {
          this.page.drawText(line, { x, y: this.y - size - j * lineHeight, size, font, color: row.emphasis ? this.colors.red : this.colors.black });
        });
        x += columns[i]!.width;
      });
      this.y -= height + 2;
    }
  }

  /**
   * Fixed cells in rows from the top of the current page (a sheet of labels): cell `i` in row
   * `i / columns`, column `i % columns`, each with a thin border and its lines top to bottom,
   * every line cut to the cell's width (a label never spills onto its neighbour).
   */
  grid(sheet: LabelSheet, cells: readonly (readonly GridLine[])[]): void {
    const padding = 5;
    cells.forEach((lines, i) => {
      const x = sheet.left + (i % sheet.columns) * (sheet.width + sheet.gap_x);
      const top = PAGE.height - sheet.top - Math.floor(i / sheet.columns) * (sheet.height + sheet.gap_y);
      this.page.drawRectangle({ x, y: top - sheet.height, width: sheet.width, height: sheet.height, borderColor: this.colors.light, borderWidth: 0.4 });
      let y = top - padding;
      for (const line of lines) {
        const font = line.bold ? this.bold : this.regular;
        const text = wrap(this.encodable(line.text, font), font, line.size, sheet.width - 2 * padding)[0]!;
        y -= line.size + 1.5;
        this.page.drawText(text, { x: x + padding, y, size: line.size, font, color: this.colors.black });
      }
    });
  }

  space(points: number): void {
    this.y -= points;
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}
