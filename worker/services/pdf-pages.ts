// The drawing half of the PDF documents (the receipt, the tax invoice and its credit notes): pages
// of positioned text, rules and boxes laid out with the real font metrics, and the renderer that draws
// them with pdf-lib's standard fonts on A4.
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

/** How text is measured and made drawable; the renderer's comes from the embedded fonts. */
export interface TextMetrics {
  /** Text the font can draw: what it cannot encode is replaced. */
  clean(text: string): string;
  width(text: string, size: number, bold: boolean): number;
}

export type Colour = 'ink' | 'muted' | 'paid' | 'pending' | 'rule' | 'band' | 'white';

export type DrawItem =
  | { kind: 'text'; text: string; x: number; y: number; size: number; bold: boolean; colour: Colour }
  | { kind: 'rule'; x1: number; x2: number; y: number; thickness: number; colour: Colour }
  | { kind: 'box'; x: number; y: number; width: number; height: number; colour: Colour };

export interface ReceiptPage {
  items: DrawItem[];
}

/** A4 portrait in points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Room kept free at the bottom of every page for its footer. */
export const FOOTER_SPACE = 40;
export const BODY = 9.5;
export const SMALL = 8.5;
export const LINE = 1.35;

/** Greedy word wrap; a word longer than the width is broken by characters. */
export function wrapText(text: string, maxWidth: number, size: number, bold: boolean, metrics: TextMetrics): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (metrics.width(candidate, size, bold) <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      let rest = word;
      while (metrics.width(rest, size, bold) > maxWidth && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && metrics.width(rest.slice(0, cut), size, bold) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines.length ? lines : [''];
}

/** Every page's footer, once the page count is known: a rule, `left` and 'Page n of N'. */
export function addFooters(pages: ReceiptPage[], left: string, metrics: TextMetrics): void {
  pages.forEach((page, i) => {
    const footerY = MARGIN - 8;
    page.items.push({ kind: 'rule', x1: MARGIN, x2: PAGE_WIDTH - MARGIN, y: footerY + 14, thickness: 0.5, colour: 'rule' });
    page.items.push({
      kind: 'text',
      text: metrics.clean(left),
      x: MARGIN,
      y: footerY,
      size: 7.5,
      bold: false,
      colour: 'muted',
    });
    const label = `Page ${i + 1} of ${pages.length}`;
    page.items.push({
      kind: 'text',
      text: label,
      x: PAGE_WIDTH - MARGIN - metrics.width(label, 7.5, false),
      y: footerY,
      size: 7.5,
      bold: false,
      colour: 'muted',
    });
  });
}

/** Characters the standard fonts' WinAnsi encoding lacks, spelled with ones it has. */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
};

/** Keeps what the font can encode; decomposes accented letters it lacks (e.g. 'ő' -> 'o'); else '?'. */
export function winAnsiSafe(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || code === 0x0d || code === 0x09) {
      out += ' ';
    } else if (supported.has(code)) {
      out += char;
    } else if (REPLACEMENTS[char] && [...REPLACEMENTS[char]].every((c) => supported.has(c.codePointAt(0)!))) {
      out += REPLACEMENTS[char];
    } else {
      const base = [...char.normalize('NFKD')].filter((c) => supported.has(c.codePointAt(0)!) && !/\p{M}/u.test(c)).join('');
      out += base || '?';
    }
  }
  return out;
}

const COLOURS: Record<Colour, ReturnType<typeof rgb>> = {
  ink: rgb(0.114, 0.169, 0.176),
  muted: rgb(0.357, 0.416, 0.424),
  paid: rgb(0.09, 0.5, 0.26),
  pending: rgb(0.85, 0.47, 0.02),
  rule: rgb(0.8, 0.82, 0.82),
  band: rgb(0.957, 0.937, 0.902),
  white: rgb(1, 1, 1),
};

/** A document laid out by `layout` with the real font metrics, drawn as an A4 PDF (Helvetica). */
export async function drawPdf(
  meta: { title: string; author: string; subject: string },
  layout: (metrics: TextMetrics) => ReceiptPage[],
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const font = (isBold: boolean): PDFFont => (isBold ? bold : regular);
  const metrics: TextMetrics = {
    clean: (s) => winAnsiSafe(s, supported),
    width: (s, size, isBold) => font(isBold).widthOfTextAtSize(s, size),
  };

  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);

  for (const laidOut of layout(metrics)) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    for (const item of laidOut.items) {
      if (item.kind === 'text') {
        page.drawText(item.text, { x: item.x, y: item.y, size: item.size, font: font(item.bold), color: COLOURS[item.colour] });
      } else if (item.kind === 'rule') {
        page.drawLine({
          start: { x: item.x1, y: item.y },
          end: { x: item.x2, y: item.y },
          thickness: item.thickness,
          color: COLOURS[item.colour],
        });
      } else {
        page.drawRectangle({ x: item.x, y: item.y, width: item.width, height: item.height, color: COLOURS[item.colour] });
      }
    }
  }
  // A copy on a plain ArrayBuffer: what Response bodies accept.
  return new Uint8Array(await doc.save());
}
