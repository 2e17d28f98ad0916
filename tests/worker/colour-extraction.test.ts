import { SELF, env } from 'cloudflare:test';
import { encode as encodeJpeg } from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../worker/seed/catalogue-data';
import { extractDistinctColours } from '../../worker/services/staff/colour-extraction';
import { hexToRgb } from '../../worker/services/image-colours';
import type { RgbaImage } from '../../worker/lib/image/types';
import type { ColourExtractionListResponse, ExtractFromScreenshotResponse } from '../../worker/shared/colour-extraction-api';
import type { ColoursResponse } from '../../worker/shared/catalogue-api';
import { encodePng } from './fixtures/png-file';
import { BASE, clientIp, get, postJson } from './helpers';

const MISSING = 'Missing Information - Please provide screenshot, product name, and category';
const STAFF_REQUIRED = 'Staff sign-in required. Sign in with the staff PIN and try again.';

/** A colour card: white page, one block per colour; the green block is two near-identical shades. */
const BLOCKS = ['#B3261E', '#1E2A4A', '#C9B48C', '#3F7D3A'];
const GREEN_SHADE = '#427F3C'; // CIE76 about 1.5 from #3F7D3A: a person sees one green

function colourCard(): RgbaImage {
  const width = 240;
  const height = 120;
  const data = new Uint8Array(width * height * 4);
  const paint = (x0: number, y0: number, w: number, h: number, hex: string) => {
    const [r, g, b] = hexToRgb(hex);
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        const i = (y * width + x) * 4;
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        data[i + 3] = 255;
      }
    }
  };
  paint(0, 0, width, height, '#FFFFFF');
  BLOCKS.forEach((hex, index) => paint(16 + index * 56, 24, 48, 72, hex));
  paint(16 + 3 * 56, 60, 48, 36, GREEN_SHADE); // lower half of the green block
  return { width, height, data };
}

function closeTo(actual: string, expected: string, tolerance: number) {
  const a = hexToRgb(actual);
  const e = hexToRgb(expected);
  return a.every((v, i) => Math.abs(v - e[i]!) <= tolerance);
}

function expectBlocks(colours: { hex: string; name: string }[], tolerance: number) {
  expect(colours).toHaveLength(BLOCKS.length);
  for (const hex of BLOCKS)
    expect(
      colours.some((c) => closeTo(c.hex, hex, tolerance)),
      `${hex} in ${colours.map((c) => c.hex)}`,
    ).toBe(true);
  expect(
    colours.some((c) => closeTo(c.hex, '#FFFFFF', 20)),
    'the white page is background',
  ).toBe(false);
  expect(new Set(colours.map((c) => c.name)).size).toBe(colours.length);
}

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': clientIp() });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((line) => line.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

function extract(fields: Record<string, string | Blob>, cookie = staffCookie): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return SELF.fetch(`${BASE}/api/colours/extract-from-screenshot`, {
    method: 'POST',
    headers: cookie ? { Cookie: cookie } : {},
    body: form,
  });
}

const png = () => new Blob([encodePng(colourCard())], { type: 'image/png' });

describe('extractDistinctColours (the pixels)', () => {
  it('finds exactly the blocks, merges the near-duplicate green and ignores the white page', () => {
    const colours = extractDistinctColours(colourCard(), 'Fabric');
    expectBlocks(colours, 3);
    const green = colours.find((c) => closeTo(c.hex, '#3F7D3A', 4))!;
    expect(green.share).toBeGreaterThan(0.24); // both shades in one colour: a quarter of the blocks
    expect(colours.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 2);
    expect(extractDistinctColours(colourCard(), 'Fabric')).toEqual(colours); // deterministic
  });
});

describe('POST /api/colours/extract-from-screenshot', () => {
  it('extracts the colours of a PNG screenshot, names them and stores the extraction and the image', async () => {
    const res = await extract({ screenshot: png(), productName: 'Test Card PNG', category: 'roller', description: 'Supplier card' });
    expect(res.status).toBe(201);
    const body = await res.json<ExtractFromScreenshotResponse>();
    expect(body).toMatchObject({
      success: true,
      productName: 'Test Card PNG',
      category: 'roller',
      details: 'Supplier card',
      colorsExtracted: 4,
    });
    expect(body.extractedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expectBlocks(body.colours, 4);
    for (const c of body.colours) {
      expect(c).toMatchObject({ material: 'Fabric', hex: expect.stringMatching(/^#[0-9A-F]{6}$/), name: expect.any(String) });
      expect(c.share).toBeGreaterThan(0.01);
    }
    const stored = await env.MEDIA.list({ prefix: 'screenshots/' });
    expect(stored.objects.some((o) => o.key.endsWith('.png'))).toBe(true);
  });

  it('extracts the same colours from a JPEG of the card (within JPEG noise)', async () => {
    const card = colourCard();
    const jpeg = encodeJpeg({ width: card.width, height: card.height, data: card.data }, 92).data;
    const res = await extract({
      screenshot: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
      productName: 'Test Card JPEG',
      category: 'outdoor',
    });
    expect(res.status).toBe(201);
    const body = await res.json<ExtractFromScreenshotResponse>();
    expectBlocks(body.colours, 12);
    expect(body.colours[0]!.material).toBe('Canvas');
  });

  it.each([
    ['no screenshot', { productName: 'X', category: 'roller' }],
    ['no product name', { productName: '  ', category: 'roller', screenshot: 'png' }],
    ['no category', { productName: 'X', screenshot: 'png' }],
  ])("answers 400 'Missing Information' with %s", async (_case, fields) => {
    const form: Record<string, string | Blob> = { ...fields };
    if (form.screenshot) form.screenshot = png();
    const res = await extract(form);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: MISSING });
  });

  it('answers 400 to an unknown category', async () => {
    const res = await extract({ screenshot: png(), productName: 'X', category: 'awning' });
    expect(res.status).toBe(400);
  });

  it('answers 415 to a file that is not a PNG or JPEG, whatever its claimed type', async () => {
    const res = await extract({
      screenshot: new Blob(['just some text, not an image'], { type: 'image/png' }),
      productName: 'X',
      category: 'roller',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'unsupported_media_type', message: 'The screenshot must be a PNG or JPEG image.' });
  });

  it('answers 401 without a staff session', async () => {
    const res = await extract({ screenshot: png(), productName: 'X', category: 'roller' }, '');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/colours/all', () => {
  it('lists the extractions newest first with the totals', async () => {
    await extract({ screenshot: png(), productName: 'Newest Card', category: 'venetian' });
    const res = await get('/api/colours/all', { Cookie: staffCookie });
    expect(res.status).toBe(200);
    const body = await res.json<ColourExtractionListResponse>();
    expect(body.extractions[0]).toMatchObject({ productName: 'Newest Card', category: 'venetian' });
    expect(body.extractions[0]!.colours).toHaveLength(4);
    expect(body.totalProducts).toBe(new Set(body.extractions.map((e) => e.productName.toLowerCase())).size);
    expect(body.colorsExtracted).toBe(body.extractions.reduce((n, e) => n + e.colours.length, 0));
  });

  it("is staff-only although the public 'GET /api/colours/:product_type' pattern matches it", async () => {
    const res = await get('/api/colours/all', { 'CF-Connecting-IP': clientIp() });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized', message: STAFF_REQUIRED });
  });

  it('leaves the public colours of a product type public', async () => {
    const res = await get(`/api/colours/${PRODUCTS[0]!.id}`);
    expect(res.status).toBe(200);
  });
});

describe('POST /api/colours/extractions/{id}/add-to-product', () => {
  it('adds an extracted colour with a swatch to the product, shown by GET /api/colours/{product}; the same name again is 409', async () => {
    const created = await (
      await extract({ screenshot: png(), productName: 'Card To Add', category: 'roller' })
    ).json<ExtractFromScreenshotResponse>();
    const product = PRODUCTS.find((p) => p.calculatorId) ?? PRODUCTS[0]!;
    const colour = created.colours[1]!;
    const add = () =>
      postJson(
        `/api/colours/extractions/${created.id}/add-to-product`,
        { productId: product.id, colourIndex: 1, name: 'Screenshot Test Colour' },
        { Cookie: staffCookie },
      );

    const res = await add();
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      success: true,
      productId: product.id,
      colour: { name: 'Screenshot Test Colour', hex: colour.hex },
    });

    const list = await (await get(`/api/colours/${product.id}`)).json<ColoursResponse>();
    const shown = list.colours.find((c) => c.name === 'Screenshot Test Colour');
    expect(shown).toMatchObject({ hex: colour.hex, description: 'From screenshot Card To Add' });
    expect(shown!.imageUrl).toMatch(/^\/swatches\/.+\.png$/);
    const swatch = await SELF.fetch(`${BASE}${shown!.imageUrl}`);
    expect(swatch.status).toBe(200);
    expect(swatch.headers.get('Content-Type')).toContain('image/png');

    const again = await add();
    expect(again.status).toBe(409);
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'colours.add-from-screenshot'").first<{
      n: number;
    }>();
    expect(audit!.n).toBe(1);
  });

  it('answers 404 for an unknown extraction and 400 for a colour index out of range', async () => {
    const product = PRODUCTS[0]!;
    const missing = await postJson(
      '/api/colours/extractions/999999/add-to-product',
      { productId: product.id, colourIndex: 0 },
      { Cookie: staffCookie },
    );
    expect(missing.status).toBe(404);
    const created = await (
      await extract({ screenshot: png(), productName: 'Card Range', category: 'roller' })
    ).json<ExtractFromScreenshotResponse>();
    const outOfRange = await postJson(
      `/api/colours/extractions/${created.id}/add-to-product`,
      { productId: product.id, colourIndex: 50 },
      { Cookie: staffCookie },
    );
    expect(outOfRange.status).toBe(400);
  });
});
