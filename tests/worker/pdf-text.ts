// Reading a PDF's text back in tests (the receipt and the tax invoice): pdf-lib writes standard-font
// text as hex strings, one Tj per drawn line.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** WinAnsi bytes 0x80-0x9f that differ from Latin-1 (the ones a receipt may hold). */
const WIN_ANSI_EXTRAS: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x85: '…' };

/** The text a page draws, one line per Tj: pdf-lib writes standard-font text as hex strings. */
export function pageText(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  let out = '';
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const ops = Array.from(decodePDFRawStream(stream).decode(), (b) => String.fromCharCode(b)).join('');
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const bytes = m[1]!.match(/../g)?.map((h) => parseInt(h, 16)) ?? [];
      out += bytes.map((b) => WIN_ANSI_EXTRAS[b] ?? String.fromCharCode(b)).join('') + '\n';
    }
  }
  return out;
}

export async function readBack(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages();
  return { doc, pages, texts: pages.map((p) => pageText(doc, p)) };
}
