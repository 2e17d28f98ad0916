// Outdoor blinds colours (staff spec 2.8, 3 'Outdoor colours', 5, 7, 8): Word documents in,
// the range replaced or merged in one batch, the public list and the outdoor products' colours out.
import { SELF, env } from 'cloudflare:test';
import { strToU8, zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { database } from '../../worker/lib/db';
import { desc } from 'drizzle-orm';
import { auditLog, outdoorColours } from '../../worker/db/schema';
import { wordParagraphs } from '../../worker/lib/word-document';
import { parseColourLines } from '../../worker/services/outdoor-colours';
import type { OutdoorColoursResponse, UploadColoursResponse } from '../../worker/shared/outdoor-colours-api';
import type { ColoursResponse } from '../../worker/shared/catalogue-api';
import { OUTDOOR_COLOURS_DOC_BASE64 } from './fixtures/outdoor-colours-doc';
import { BASE, get, postJson } from './helpers';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A real (minimal) .docx: each line a <w:p>; a line's parts may be split into several runs with '|'. */
function docx(lines: string[]): Uint8Array {
  const paragraphs = lines
    .map(
      (line) =>
        `<w:p><w:pPr/>${line
          .split('|')
          .map((run) => `<w:r><w:t xml:space="preserve">${esc(run)}</w:t></w:r>`)
          .join('')}</w:p>`,
    )
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}<w:sectPr/></w:body></w:document>`,
    ),
  });
}

function fromBase64(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

let staffCookie = '';
let ipCounter = 0;

async function signIn(): Promise<string> {
  ipCounter += 1;
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': `198.51.100.${(ipCounter % 250) + 1}` });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
}

function upload(
  bytes: Uint8Array,
  name: string,
  replaceAll: boolean,
  cookie: string | null = staffCookie,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append('colorDocument', new File([bytes], name, { type }));
  form.append('replaceAll', String(replaceAll));
  return SELF.fetch(`${BASE}/api/outdoor-blinds/upload-colours`, {
    method: 'POST',
    body: form,
    headers: { Origin: BASE, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function currentRange(): Promise<OutdoorColoursResponse> {
  const res = await get('/api/outdoor-blinds/colours');
  expect(res.status).toBe(200);
  return res.json();
}

const GOOD = [
  'Outdoor Blind Colours 2026', // a heading: skipped
  'Charcoal - #36454F - Deep grey, hides dust',
  'Harbour Blue – #1F4E79 – Coastal blue (en dash)',
  'Sandstone — #c2b280', // em dash, no description, lower-case hex
  '',
  'Olive - #808000 - ',
  'Rust|Red - #|B7410E| - Split across runs & decoded', // runs joined, entity decoded
  'Cream - #FFFDD - five digits',
  'Charcoal - #000000 - second Charcoal',
  'Just a sentence about canvas.',
];

beforeEach(async () => {
  await database(env.DB).delete(outdoorColours);
  staffCookie = await signIn();
});

describe('parsing colour lines', () => {
  it('reads name, hex and description, and says why other lines are skipped', () => {
    const { colours, skipped } = parseColourLines(wordParagraphs(docx(GOOD)));
    expect(colours.map((c) => [c.name, c.hex, c.description])).toEqual([
      ['Charcoal', '#36454F', 'Deep grey, hides dust'],
      ['Harbour Blue', '#1F4E79', 'Coastal blue (en dash)'],
      ['Sandstone', '#C2B280', ''],
      ['Olive', '#808000', ''],
      ['RustRed', '#B7410E', 'Split across runs & decoded'],
    ]);
    expect(skipped).toEqual([
      { line: 1, text: 'Outdoor Blind Colours 2026', reason: 'line 1: no #RRGGBB hex code' },
      { line: 8, text: 'Cream - #FFFDD - five digits', reason: "line 8: '#FFFDD' is not a 6-digit #RRGGBB hex code" },
      { line: 9, text: 'Charcoal - #000000 - second Charcoal', reason: 'line 9: duplicate of Charcoal' },
      { line: 10, text: 'Just a sentence about canvas.', reason: 'line 10: no #RRGGBB hex code' },
    ]);
  });
});

describe('POST /api/outdoor-blinds/upload-colours', () => {
  it('answers 401 without a staff session and changes nothing', async () => {
    const res = await upload(docx(GOOD), 'colours.docx', true, null);
    expect(res.status).toBe(401);
    expect((await currentRange()).source).toBe('seed');
  });

  it('replaces the whole range from a .docx, in one batch with an audit entry, and lists the skipped lines', async () => {
    const res = await upload(docx(GOOD), 'colours-2026.docx', true);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UploadColoursResponse;
    expect(body).toMatchObject({ success: true, colorsAdded: 5, totalColors: 5 });
    expect(body.colours.map((c) => c.name)).toEqual(['Charcoal', 'Harbour Blue', 'Sandstone', 'Olive', 'RustRed']);
    expect(body.skipped.map((s) => s.reason)).toContain('line 9: duplicate of Charcoal');

    // Replace again with a different document: the old range is gone.
    const again = (await (
      await upload(docx(['Black - #000000 - Night', 'White - #FFFFFF'].map(String)), 'v2.docx', true)
    ).json()) as UploadColoursResponse;
    expect(again.totalColors).toBe(2);
    const range = await currentRange();
    expect(range.colours.map((c) => c.name)).toEqual(['Black', 'White']);
    expect(range.source).toBe('v2.docx');
    expect(range.lastUpdated).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [audit] = await database(env.DB).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'outdoor-colours.replace', target: 'v2.docx' });
    expect(audit!.details).toMatchObject({ colours: 2, previousTotal: 5 });
  });

  it('merges by name: updates the existing colours and adds the new ones', async () => {
    await upload(docx(['Charcoal - #36454F - Old text', 'Olive - #808000']), 'first.docx', true);
    const res = await upload(docx(['Charcoal - #222222 - New text', 'Terracotta - #E2725B - Clay']), 'merge.docx', false);
    const body = (await res.json()) as UploadColoursResponse;
    expect(body).toMatchObject({ colorsAdded: 2, totalColors: 3 });
    const range = await currentRange();
    expect(range.colours.map((c) => [c.name, c.hex, c.description])).toEqual([
      ['Charcoal', '#222222', 'New text'],
      ['Olive', '#808000', ''],
      ['Terracotta', '#E2725B', 'Clay'],
    ]);
  });

  it('merging before any upload keeps the seed range the storefront showed and adds to it', async () => {
    const seed = (await currentRange()).colours.map((c) => c.name);
    const body = (await (
      await upload(docx(['Charcoal Mesh - #303030 - Darker', 'Harbour Blue - #1F4E79']), 'first-merge.docx', false)
    ).json()) as UploadColoursResponse;
    expect(body.totalColors).toBe(seed.length + 1);
    const range = await currentRange();
    expect(range.source).toBe('first-merge.docx');
    expect(range.colours.map((c) => c.name)).toEqual([...seed.filter((n) => n !== 'Charcoal Mesh'), 'Charcoal Mesh', 'Harbour Blue']);
    expect(range.colours.find((c) => c.name === 'Charcoal Mesh')!.hex).toBe('#303030');
    for (const c of range.colours) expect((await get(c.imageUrl!)).status).toBe(200);
  });

  it('refuses a document with no colour line and changes nothing', async () => {
    await upload(docx(['Charcoal - #36454F']), 'first.docx', true);
    const res = await upload(docx(['Just text', 'More text']), 'empty.docx', true);
    expect(res.status).toBe(400);
    expect((await res.json()) as { message: string }).toMatchObject({ message: expect.stringContaining('No colours found') });
    expect((await currentRange()).colours.map((c) => c.name)).toEqual(['Charcoal']);
  });

  it('answers 413 for a zip bomb (document.xml inflating past the cap) and changes nothing', async () => {
    await upload(docx(['Charcoal - #36454F']), 'first.docx', true);
    // 40 MB of XML compresses to about 40 KB; the reader stops as soon as it passes 5 MB.
    const huge = `<w:document><w:body><w:p><w:r><w:t>${'A'.repeat(40 * 1024 * 1024)}</w:t></w:r></w:p></w:body></w:document>`;
    const bomb = zipSync({ 'word/document.xml': strToU8(huge) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const res = await upload(bomb, 'bomb.docx', true);
    expect(res.status).toBe(413);
    expect((await currentRange()).colours.map((c) => c.name)).toEqual(['Charcoal']);
  });

  it('answers 413 for a document whose size header lies (declares small, inflates huge)', async () => {
    const bomb = zipSync({ 'word/document.xml': strToU8(`<w:p><w:t>${'B'.repeat(12 * 1024 * 1024)}</w:t></w:p>`) }, { level: 9 });
    // Patch the declared uncompressed size (local header offset 22, central directory +24) to 1 KB.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    view.setUint32(22, 1024, true);
    const central = bomb.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50 && i + 4 <= bomb.byteLength - 4);
    if (central >= 0) view.setUint32(central + 24, 1024, true);
    const res = await upload(bomb, 'liar.docx', true);
    expect(res.status).toBe(413);
    expect((await currentRange()).source).toBe('seed');
  });

  it('answers 413 for a file over 2 MB before reading it', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 20 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await upload(big, 'big.docx', true);
    expect(res.status).toBe(413);
  });

  it.each([
    ['a PDF', Uint8Array.from([...'%PDF-1.7\n'].map((c) => c.charCodeAt(0))), 'colours.pdf'],
    ['a PNG named .docx', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'colours.docx'],
  ])('refuses %s with the spec message', async (_label, bytes, name) => {
    const res = await upload(bytes, name, true);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe('Invalid File Type - Please select a Word document (.doc or .docx)');
  });

  it('reads a legacy .doc (OLE compound file, Word 97 piece table with 8-bit and UTF-16 pieces)', async () => {
    const res = await upload(fromBase64(OUTDOOR_COLOURS_DOC_BASE64), 'outdoor-colours.doc', true);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UploadColoursResponse;
    expect(body.colours.map((c) => [c.name, c.hex, c.description])).toEqual([
      ['Harbour Grey', '#5A6470', 'A cool grey canvas for coastal patios'],
      ['Fynbos Green', '#4B6B3C', 'Muted green'],
      ['Karoo Sand', '#C9B28A', 'Warm sand colour'],
    ]);
    expect(body.skipped.map((s) => s.reason)).toEqual([
      'line 1: no #RRGGBB hex code',
      'line 5: no #RRGGBB hex code',
      "line 6: '#ABC' is not a 6-digit #RRGGBB hex code",
    ]);
  });

  it('refuses a damaged compound file with a clear 415', async () => {
    const bytes = new Uint8Array(1024);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const res = await upload(bytes, 'broken.doc', true);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/could not be read.*\.docx/);
  });
});

describe('the storefront sees the range', () => {
  it('GET /api/outdoor-blinds/colours is public: the seed set before any upload, then the uploaded range', async () => {
    const before = await currentRange();
    expect(before).toMatchObject({ success: true, source: 'seed', lastUpdated: null });
    expect(before.colours.length).toBeGreaterThan(5);
    await upload(docx(['Charcoal - #36454F - Deep grey']), 'range.docx', true);
    const after = await currentRange();
    expect(after.colours).toEqual([
      expect.objectContaining({ name: 'Charcoal', hex: '#36454F', material: 'Canvas', finish: 'Matte', description: 'Deep grey' }),
    ]);
  });

  it('GET /api/colours/outdoor-blinds offers the uploaded range at once, each with a swatch drawn from its hex', async () => {
    const seeded = (await (await get('/api/colours/outdoor-blinds')).json()) as ColoursResponse;
    expect(seeded.colours.map((c) => c.name)).toContain('Charcoal Mesh');
    await upload(docx(['Harbour Blue - #1F4E79 - Coastal', 'Black Mesh - #111111']), 'range.docx', true);
    const res = await get('/api/colours/outdoor-blinds');
    const body = (await res.json()) as ColoursResponse;
    expect(body.colours.map((c) => [c.name, c.hex, c.material])).toEqual([
      ['Harbour Blue', '#1F4E79', 'Canvas'],
      ['Black Mesh', '#111111', 'Mesh'],
    ]);
    const swatch = await get(body.colours[0]!.imageUrl!);
    expect(swatch.status).toBe(200);
    expect(swatch.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await swatch.arrayBuffer()).slice(1, 4)).toEqual(Uint8Array.from([0x50, 0x4e, 0x47]));
    // The product list with colours and the landing catalogue's card show the same range.
    const withColours = (await (await get('/api/products/colours')).json()) as { products: { id: string; colours: { name: string }[] }[] };
    expect(withColours.products.find((p) => p.id === 'outdoor-blinds')!.colours.map((c) => c.name)).toEqual(['Harbour Blue', 'Black Mesh']);
    const catalog = (await (await get('/api/products/catalog')).json()) as {
      outdoor_blinds: { id: string; colour_count: number; swatches: { name: string }[] }[];
    };
    const card = catalog.outdoor_blinds.find((p) => p.id === 'outdoor-blinds')!;
    expect(card.colour_count).toBe(2);
    expect(card.swatches.map((s) => s.name)).toEqual(['Harbour Blue', 'Black Mesh']);
    // Other products keep their own colours.
    const roller = (await (await get('/api/colours/roller-blockout')).json()) as ColoursResponse;
    expect(roller.colours.map((c) => c.name)).not.toContain('Harbour Blue');
  });
});
