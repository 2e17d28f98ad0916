// The paragraphs of a Word document (.docx or legacy .doc), read safely inside a Worker.
// .docx: a ZIP; only word/document.xml is inflated, in small steps with a hard cap on what it may
// become (a zip bomb is refused as soon as it passes the cap, whatever its headers claim).
// .doc: an OLE compound file (read with cfb); the text comes from the piece table of the Word 97+
// binary format ([MS-DOC] 2.4.1 'Retrieving Text').
import * as CFB from 'cfb';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { AppError } from './errors';

/** The upload itself (compressed), checked before anything is unpacked. */
export const MAX_WORD_FILE_BYTES = 2 * 1024 * 1024;
/** What word/document.xml (or a .doc's text streams) may grow to once unpacked. */
export const MAX_WORD_XML_BYTES = 5 * 1024 * 1024;
/** Compressed bytes fed to the inflater per step: one step can grow to at most ~1032x this. */
const INFLATE_STEP_BYTES = 4 * 1024;

export type WordFileKind = 'docx' | 'doc';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The kind of Word document by its magic bytes, or null for anything else. */
export function sniffWordFile(bytes: Uint8Array): WordFileKind | null {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(ZIP_MAGIC)) return 'docx';
  if (starts(OLE_MAGIC)) return 'doc';
  return null;
}

/** The document's paragraphs as plain text, in order. Throws AppError (413 too big, 415 unreadable). */
export function wordParagraphs(bytes: Uint8Array): string[] {
  if (bytes.byteLength > MAX_WORD_FILE_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The document is larger than ${MAX_WORD_FILE_BYTES / 1024 / 1024} MB. Please upload a smaller document.`,
    );
  }
  const kind = sniffWordFile(bytes);
  if (kind === 'docx') return docxParagraphs(bytes);
  if (kind === 'doc') return docParagraphs(bytes);
  throw new AppError('unsupported_media_type', 'Invalid File Type - Please select a Word document (.doc or .docx)');
}

// ---------------------------------------------------------------- .docx

function tooBigUnpacked(): AppError {
  return new AppError(
    'payload_too_large',
    `The document's text is larger than ${MAX_WORD_XML_BYTES / 1024 / 1024} MB once unpacked, so it was not read. Please upload a smaller document.`,
  );
}

function unreadableDocx(): AppError {
  return new AppError(
    'unsupported_media_type',
    'This .docx file could not be read (word/document.xml is missing or damaged). Save it again from Word and retry.',
  );
}

function inflateDocumentXml(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let found = false;
  let done = false;
  let failure: AppError | null = null;
  const unzip = new Unzip((file: UnzipFile) => {
    if (file.name !== 'word/document.xml' || found) return;
    found = true;
    if ((file.originalSize ?? 0) > MAX_WORD_XML_BYTES) {
      failure = tooBigUnpacked();
      return;
    }
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = unreadableDocx();
        return;
      }
      total += chunk.byteLength;
      if (total > MAX_WORD_XML_BYTES) {
        failure = tooBigUnpacked();
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) done = true;
    };
    try {
      file.start();
    } catch {
      failure = unreadableDocx(); // a compression method other than store/deflate
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.byteLength && !failure && !done; offset += INFLATE_STEP_BYTES) {
      const end = Math.min(offset + INFLATE_STEP_BYTES, bytes.byteLength);
      unzip.push(bytes.subarray(offset, end), end === bytes.byteLength);
    }
  } catch {
    if (!failure) failure = unreadableDocx();
  }
  if (failure) throw failure;
  if (!found || !done) throw unreadableDocx();
  const xml = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    xml.set(chunk, at);
    at += chunk.byteLength;
  }
  return xml;
}

function docxParagraphs(bytes: Uint8Array): string[] {
  const xml = new TextDecoder().decode(inflateDocumentXml(bytes));
  const paragraphs: string[] = [];
  // Each <w:p> is a paragraph; its text is the <w:t> runs joined (tabs and breaks as spaces).
  for (const [, body = ''] of xml.matchAll(/<w:p(?:\s[^>]*)?>([\s\S]*?)<\/w:p>/g)) {
    let text = '';
    for (const part of body.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(?:tab|br|cr)\b[^>]*\/>/g)) {
      text += part[1] !== undefined ? decodeXmlEntities(part[1]) : ' ';
    }
    paragraphs.push(text);
  }
  return paragraphs;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

// ---------------------------------------------------------------- .doc

function unreadableDoc(detail: string): AppError {
  return new AppError(
    'unsupported_media_type',
    `This .doc file could not be read (${detail}). Save the document as .docx and upload that instead.`,
  );
}

/** Windows-1252 bytes 0x80-0x9F (the rest of the range is Latin-1). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function docParagraphs(bytes: Uint8Array): string[] {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'buffer' });
  } catch {
    throw unreadableDoc('not a valid compound file');
  }
  const streamOf = (name: string): Uint8Array | null => {
    const entry = CFB.find(container, name);
    if (!entry || !entry.content) return null;
    if (entry.content.length > MAX_WORD_XML_BYTES) throw tooBigUnpacked();
    return entry.content instanceof Uint8Array ? entry.content : Uint8Array.from(entry.content);
  };
  const word = streamOf('WordDocument');
  if (!word || word.byteLength < 0x1aa) throw unreadableDoc('no WordDocument stream');
  const wordView = new DataView(word.buffer, word.byteOffset, word.byteLength);
  if (wordView.getUint16(0, true) !== 0xa5ec) throw unreadableDoc('not a Word 97 or later document');
  const flags = wordView.getUint16(0x0a, true);
  if (flags & 0x0100) throw unreadableDoc('the document is encrypted');
  const table = streamOf(flags & 0x0200 ? '1Table' : '0Table');
  if (!table) throw unreadableDoc('no table stream');
  // FibRgFcLcb97: fcClx / lcbClx, the piece table's place in the table stream.
  const fcClx = wordView.getUint32(0x01a2, true);
  const lcbClx = wordView.getUint32(0x01a6, true);
  if (lcbClx === 0 || fcClx + lcbClx > table.byteLength) throw unreadableDoc('no piece table');
  const clx = new DataView(table.buffer, table.byteOffset + fcClx, lcbClx);
  let at = 0;
  while (at < lcbClx && clx.getUint8(at) === 0x01) at += 3 + clx.getUint16(at + 1, true); // Prc: skip
  if (at + 5 > lcbClx || clx.getUint8(at) !== 0x02) throw unreadableDoc('damaged piece table');
  const lcb = clx.getUint32(at + 1, true);
  const plc = at + 5;
  if (plc + lcb > lcbClx || (lcb - 4) % 12 !== 0) throw unreadableDoc('damaged piece table');
  const pieces = (lcb - 4) / 12;
  let text = '';
  for (let i = 0; i < pieces; i++) {
    const cpStart = clx.getUint32(plc + i * 4, true);
    const cpEnd = clx.getUint32(plc + (i + 1) * 4, true);
    const count = cpEnd - cpStart;
    const fcRaw = clx.getUint32(plc + (pieces + 1) * 4 + i * 8 + 2, true);
    const compressed = (fcRaw & 0x40000000) !== 0;
    if (count < 0 || text.length + count > MAX_WORD_XML_BYTES) throw tooBigUnpacked();
    if (compressed) {
      const fc = (fcRaw & 0x3fffffff) / 2;
      if (fc + count > word.byteLength) throw unreadableDoc('a text piece lies outside the document');
      for (let k = 0; k < count; k++) {
        const b = word[fc + k]!;
        text += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
      }
    } else {
      const fc = fcRaw & 0x3fffffff;
      if (fc + count * 2 > word.byteLength) throw unreadableDoc('a text piece lies outside the document');
      text += new TextDecoder('utf-16le').decode(word.subarray(fc, fc + count * 2));
    }
  }
  // Paragraph marks and cell ends end a line; fields keep their result, not their code.
  return stripFieldCodes(text)
    .split(/[\r\x07]/)
    .map((line) => line.replace(/[\x0b\x0c\t]/g, ' ').replace(/[\x00-\x08\x0e-\x1f]/g, ''));
}

/** Drops the instructions of fields (0x13 code 0x14 result 0x15), keeping their results. */
function stripFieldCodes(text: string): string {
  let out = '';
  const stack: boolean[] = []; // per open field: are we in its result part?
  for (const ch of text) {
    if (ch === '\x13') stack.push(false);
    else if (ch === '\x14') {
      if (stack.length) stack[stack.length - 1] = true;
    } else if (ch === '\x15') stack.pop();
    else if (stack.every((inResult) => inResult)) out += ch;
  }
  return out;
}
