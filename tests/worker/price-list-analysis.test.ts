// The price-list analyser ('/admin/pricing', staff spec 2.5, 3, 7, 8): the parser of recognised text,
// POST /api/analyze-price-list (multipart, staff-only), Claude's path against Messages API fakes, and the
// CSV it makes accepted whole by POST /api/pricing/bulk-upload.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { analysePriceList } from '../../worker/services/staff/price-list-analysis';
import { analyseWithClaude } from '../../worker/services/staff/price-list-claude';
import { analysePriceListText, parseSizeMm, tokenizeRow, vatOf } from '../../worker/services/staff/price-list-parser';
import { analysisCsvFileName, priceGridToCsv, type PriceListAnalysis } from '../../worker/shared/price-list-analysis-api';
import { BASE, postJson } from './helpers';

/** What tesseract reads from a photographed supplier list: rules as '|', a skewed line, a misread O, and notes. */
const OCR_MM = `SUNSHADE SUPPLIES (PTY) LTD
Trade Price List 2026 — Valid from 1 March 2026
ROLLER BLINDS - BLOCKOUT RANGE
Blockout | Sunscreen 5%
Drop \\ Width (mm) | 600 | 900 | 1200 | 1500 | 1800 | 2400
600 | R 450,00 | R 520,00 | R 590,00 | R 660,00 | R 730,00 | R 870,00
900 | R 495,00 | R 575,00 | R 655,00 | R 735,00 | R 815,00 | R 975,00
1200 | R 540,00 | R 630,00 | R 72O,00 | R 810,00 | R 900,00 | R 1 080,00
1500 | R 585,00 | R 685,00 | R 785,00 | R 885,00 | R 985,00 | R 1 185,00
l800 | R 630,00 | R 740,00 | R 850,00 | R 960,00 | R 1 070,00 | R 1 290,00
2100 | R 675,00 | R 795,00 | R 915,00 | R 1 035,00 | R 1 155,00 | R 1 395,00
~ Page 1 of 2 ~
All prices EXCLUDING VAT. Installation quoted separately.
Minimum charge 1 m2 per blind.`;

const WIDTHS = [600, 900, 1200, 1500, 1800, 2400];
const DROPS = [600, 900, 1200, 1500, 1800, 2100];

/** A list in centimetres across and metres down, prices without R and without decimals, VAT included. */
const OCR_CM_M = `Venetian Blinds 50mm Aluwood
Width (cm) 60cm 90cm 120cm 150cm
Drop
0.6m 1 250 1 380 1 510 1 640
0.9m 1 330 1 470 1 610 1 750
1.2m 1 410 1 560 1 710 1 860
Prices include VAT`;

describe('parser: tokens', () => {
  it('reads sizes in mm, cm and m', () => {
    expect(parseSizeMm('600')).toBe(600);
    expect(parseSizeMm('60cm')).toBe(600);
    expect(parseSizeMm('0.6m')).toBe(600);
    expect(parseSizeMm('1,2m')).toBe(1200);
    expect(parseSizeMm('150', 'cm')).toBe(1500);
  });
  it('reads prices as R 1 234,56, 1234.56 and 1,234', () => {
    const cents = tokenizeRow('R 1 234,56 | 1234.56 | R1 234 | 1,234.50').map((t) =>
      t.kind === 'price' ? t.cents : t.kind === 'number' ? t.value : null,
    );
    expect(cents).toEqual([123456, 1234.56, 123400, 123450]);
  });
  it('tells VAT inclusive from exclusive', () => {
    expect(vatOf('All prices EXCLUDING VAT')).toBe('exclusive');
    expect(vatOf('Prices excl. VAT')).toBe('exclusive');
    expect(vatOf('Prices include VAT')).toBe('inclusive');
    expect(vatOf('Prices incl VAT')).toBe('inclusive');
    expect(vatOf('Prices inclusive of VAT')).toBe('inclusive');
    expect(vatOf('no word on tax')).toBe('unknown');
  });
});

describe('parser: a whole price list', () => {
  it('finds the width header, the drop column, every price, the products and the notes', () => {
    const a = analysePriceListText(OCR_MM);
    expect(a.dimensions).toEqual({ widths_mm: WIDTHS, drops_mm: DROPS });
    const grid = a.price_grid!;
    expect(grid.vat).toBe('exclusive');
    expect(grid.prices_cents[0]).toEqual([45000, 52000, 59000, 66000, 73000, 87000]);
    // '72O,00' (a letter O) and 'l800' (a letter l) are read as digits.
    expect(grid.prices_cents[2]![2]).toBe(72000);
    expect(grid.prices_cents.at(-1)).toEqual([67500, 79500, 91500, 103500, 115500, 139500]);
    expect(grid.prices_cents.flat().every((c) => c !== null)).toBe(true);
    expect(a.categories).toEqual([
      { name: 'Indoor Blinds', subcategories: [{ name: 'Roller', products: expect.arrayContaining(['Roller Blinds - Blockout Range']) }] },
    ]);
    expect(a.categories[0]!.subcategories[0]!.products.some((p) => /Sunscreen/.test(p))).toBe(true);
    expect(a.pricing_notes.join(' ')).toMatch(/EXCLUDING VAT/);
    expect(a.pricing_notes.join(' ')).toMatch(/Minimum charge 1 m2/);
    expect(a.csv_recommendations.join(' ')).toMatch(/adds 15% VAT/);
  });

  it('reads widths in cm and drops in m, with thousands grouped by spaces', () => {
    const a = analysePriceListText(OCR_CM_M);
    expect(a.dimensions).toEqual({ widths_mm: [600, 900, 1200, 1500], drops_mm: [600, 900, 1200] });
    expect(a.price_grid!.prices_cents).toEqual([
      [125000, 138000, 151000, 164000],
      [133000, 147000, 161000, 175000],
      [141000, 156000, 171000, 186000],
    ]);
    expect(a.categories[0]!.subcategories[0]!.name).toBe('Venetian');
  });

  it('leaves out a drop that breaks the ascending order and marks an unreadable cell', () => {
    const text = [
      'Width 600 900 1200',
      '600 100.00 120.00 140.00',
      '500 1.00 2.00 3.00',
      '900 110.00 130.00',
      '1200 120.00 140.00 160.00',
    ].join('\n');
    const a = analysePriceListText(text);
    expect(a.dimensions.drops_mm).toEqual([600, 900, 1200]);
    expect(a.price_grid!.prices_cents[1]).toEqual([11000, 13000, null]);
    expect(a.csv_recommendations.join(' ')).toMatch(/1 price cell was not readable/);
    expect(a.csv_recommendations.join(' ')).toMatch(/drops must go up/);
  });

  it('says so when no bands can be found', () => {
    const a = analysePriceListText('Thank you for your enquiry\nBest regards');
    expect(a.price_grid).toBeNull();
    expect(a.dimensions).toEqual({ widths_mm: [], drops_mm: [] });
    expect(a.csv_recommendations[0]).toMatch(/No width and drop bands were found/);
  });
});

describe('CSV from an analysis', () => {
  it('adds 15% VAT to prices excl. VAT, in the template format', () => {
    const result = priceGridToCsv(analysePriceListText(OCR_MM).price_grid!);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = result.csv.trim().split('\r\n');
    expect(lines[0]).toBe('drop_mm \\ width_mm,600,900,1200,1500,1800,2400');
    expect(lines[1]).toBe('600,517.50,598.00,678.50,759.00,839.50,1000.50');
    expect(result.vatAdded).toBe(true);
    expect(result.notes.join(' ')).toMatch(/15% VAT was added/);
  });
  it('refuses a grid with missing prices, naming the sizes', () => {
    const result = priceGridToCsv({
      widths_mm: [600, 900],
      drops_mm: [600, 900],
      prices_cents: [
        [100, 200],
        [300, null],
      ],
      vat: 'inclusive',
    });
    expect(result).toEqual({ ok: false, problem: expect.stringContaining('900 x 900 mm') });
  });
});

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.141' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

// A 1x1 PNG: the route checks the bytes are an image; the parser reads the text.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

function analysisForm(image: Uint8Array | null, text: string | null, name = 'list.png') {
  const form = new FormData();
  if (image) form.append('priceList', new File([image], name, { type: 'image/png' }));
  if (text !== null) form.append('recognisedText', text);
  return form;
}

const analyse = (form: FormData, cookie = true) =>
  SELF.fetch(`${BASE}/api/analyze-price-list`, { method: 'POST', body: form, headers: cookie ? { Cookie: staffCookie } : {} });

describe('POST /api/analyze-price-list', () => {
  it('is staff-only: 401 without a session', async () => {
    const res = await analyse(analysisForm(PNG, OCR_MM), false);
    expect(res.status).toBe(401);
  });

  it('answers the analysis of the recognised text (no AI key)', async () => {
    const res = await analyse(analysisForm(PNG, OCR_MM));
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.success).toBe(true);
    expect(body.source).toBe('parser');
    expect(body.analysis.dimensions).toEqual({ widths_mm: WIDTHS, drops_mm: DROPS });
    expect(body.analysis.price_grid.prices_cents[0][0]).toBe(45000);
  });

  it('rejects what is not an image, a missing image, no text, and a non-multipart body with a 4xx', async () => {
    const notImage = await analyse(analysisForm(new TextEncoder().encode('drop,width\n1,2'), OCR_MM, 'list.png'));
    expect(notImage.status).toBe(400);
    expect((await notImage.json<any>()).message).toMatch(/not a JPEG, PNG or WebP image/);
    const missing = await analyse(analysisForm(null, OCR_MM));
    expect(missing.status).toBe(400);
    const noText = await analyse(analysisForm(PNG, '  '));
    expect(noText.status).toBe(400);
    expect((await noText.json<any>()).message).toMatch(/No text was read/);
    const huge = new Uint8Array(9 * 1024 * 1024);
    huge.set(PNG);
    const tooLarge = await analyse(analysisForm(huge, OCR_MM));
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json<any>()).message).toMatch(/larger than 8 MB/);
    const json = await SELF.fetch(`${BASE}/api/analyze-price-list`, {
      method: 'POST',
      body: '{}',
      headers: { Cookie: staffCookie, 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(415);
  });

  it('with ANTHROPIC_API_KEY, falls back to the parser when Claude does not answer JSON (Messages API stand-in)', async () => {
    const key = `sk-ant-test-pricelist-${crypto.randomUUID()}`;
    const res = await app.request(
      `${BASE}/api/analyze-price-list`,
      { method: 'POST', body: analysisForm(PNG, OCR_MM), headers: { Cookie: staffCookie } },
      { ...env, ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: env.STAND_IN_URL },
    );
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.source).toBe('parser');
    expect(body.fallback_reason).toBe('no_json');
    expect(body.analysis.dimensions.widths_mm).toEqual(WIDTHS);
    // The stand-in did receive the image as a base64 block.
    const recorded = await (await fetch(`${env.STAND_IN_URL}/__requests?key=${encodeURIComponent(key)}`)).json<any[]>();
    expect(recorded).toHaveLength(1);
    expect(recorded[0].body.messages[0].content[0]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
  });
});

/** A Messages API fake speaking the wire format: one message whose text is `reply`, or an error status. */
function messagesApiFake(reply: string | { status: number }) {
  const requests: any[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, headers: Object.fromEntries(request.headers), body: await request.json() });
    if (typeof reply !== 'string') {
      return Response.json({ type: 'error', error: { type: 'api_error', message: 'Internal server error' } }, { status: reply.status });
    }
    return Response.json({
      id: 'msg_fake1',
      type: 'message',
      role: 'assistant',
      model: 'claude-fake',
      content: [{ type: 'text', text: reply }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    });
  }) as typeof fetch;
  return { fakeFetch, requests };
}

const CLAUDE_ANALYSIS: PriceListAnalysis = {
  categories: [{ name: 'Outdoor Awnings', subcategories: [{ name: 'Folding Arm', products: ['Folding Arm Awning'] }] }],
  dimensions: { widths_mm: [2000, 2500], drops_mm: [1500, 2000] },
  pricing_notes: ['Prices include VAT'],
  csv_recommendations: ['Upload as outdoor-awning.csv'],
  price_grid: {
    widths_mm: [2000, 2500],
    drops_mm: [1500, 2000],
    prices_cents: [
      [500000, 560000],
      [540000, 610000],
    ],
    vat: 'inclusive',
  },
};

describe('Claude reads the image (real SDK against a Messages API fake)', () => {
  const image = { mime: 'image/png' as const, bytes: PNG };

  it('sends the image and the recognised text, and validates the JSON it answers (even in a code fence)', async () => {
    const { fakeFetch, requests } = messagesApiFake(`Here it is:\n\`\`\`json\n${JSON.stringify(CLAUDE_ANALYSIS)}\n\`\`\``);
    const analysis = await analyseWithClaude({
      apiKey: 'sk-fake',
      baseUrl: 'http://127.0.0.1:9',
      image,
      recognisedText: 'Awnings 2000 2500',
      fetch: fakeFetch,
    });
    expect(analysis).toEqual(CLAUDE_ANALYSIS);
    const [req] = requests;
    expect(new URL(req.url).pathname).toBe('/v1/messages');
    expect(req.headers['x-api-key'] ?? req.headers.authorization).toMatch(/sk-fake/);
    expect(req.headers['anthropic-version']).toBeTruthy();
    expect(req.body.system).toMatch(/ONE JSON object/);
    expect(req.body.messages[0].content[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: expect.any(String) },
    });
    expect(req.body.messages[0].content[1].text).toContain('Awnings 2000 2500');
  });

  it('falls back to the parser when Claude fails or answers the wrong shape', async () => {
    const failing = messagesApiFake({ status: 500 });
    const a = await analysePriceList({
      image,
      recognisedText: OCR_MM,
      claude: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch: failing.fakeFetch },
    });
    expect(a).toMatchObject({ source: 'parser', fallback_reason: 'http_500' });
    expect(a.analysis.dimensions.widths_mm).toEqual(WIDTHS);

    const wrong = messagesApiFake(
      JSON.stringify({ ...CLAUDE_ANALYSIS, price_grid: { ...CLAUDE_ANALYSIS.price_grid, prices_cents: [[1]] } }),
    );
    const b = await analysePriceList({
      image,
      recognisedText: OCR_MM,
      claude: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch: wrong.fakeFetch },
    });
    expect(b).toMatchObject({ source: 'parser', fallback_reason: 'invalid_shape' });

    const good = messagesApiFake(JSON.stringify(CLAUDE_ANALYSIS));
    const c = await analysePriceList({
      image,
      recognisedText: '',
      claude: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch: good.fakeFetch },
    });
    expect(c).toEqual({ analysis: CLAUDE_ANALYSIS, source: 'claude' });
  });
});

describe('round trip: the generated CSV is accepted by the bulk upload', () => {
  it('uploads as a new price list version of the chosen product, prices incl. VAT, and the catalogue overview dates it', async () => {
    const before = await (await SELF.fetch(`${BASE}/api/products/catalog`)).json<any>();
    // The seed's price lists date the catalogue, labelled as sample prices.
    expect(before.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(before.sample_data_note).toMatch(/^Sample prices/);

    const analysis = (await (await analyse(analysisForm(PNG, OCR_CM_M))).json<any>()).analysis as PriceListAnalysis;
    const csv = priceGridToCsv(analysis.price_grid!);
    expect(csv.ok).toBe(true);
    if (!csv.ok) return;
    const productId = 'venetian-50mm-aluwood';
    const form = new FormData();
    form.append('price_lists', new File([csv.csv], analysisCsvFileName(productId), { type: 'text/csv' }));
    const res = await SELF.fetch(`${BASE}/api/pricing/bulk-upload`, { method: 'POST', body: form, headers: { Cookie: staffCookie } });
    const body = await res.json<any>();
    expect(body.errors).toEqual([]);
    expect(body).toMatchObject({
      successful_uploads: 1,
      failed_uploads: 0,
      results: [{ filename: `${productId}.csv`, product_type: productId }],
    });
    const template = await (await SELF.fetch(`${BASE}/api/pricing/template/${productId}`, { headers: { Cookie: staffCookie } })).text();
    expect(template.trim().split('\r\n')).toEqual([
      'drop_mm \\ width_mm,600,900,1200,1500',
      '600,1250.00,1380.00,1510.00,1640.00',
      '900,1330.00,1470.00,1610.00,1750.00',
      '1200,1410.00,1560.00,1710.00,1860.00',
    ]);
    const after = await (await SELF.fetch(`${BASE}/api/products/catalog`)).json<any>();
    expect(after.last_updated >= before.last_updated).toBe(true);
    // A later product change (the catalogue editor's updated_at) dates the catalogue too.
    const edited = '2099-01-01T00:00:00.000Z';
    await env.DB.prepare('UPDATE products SET updated_at = ? WHERE id = ?').bind(edited, 'roller-sheer').run();
    expect((await (await SELF.fetch(`${BASE}/api/products/catalog`)).json<any>()).last_updated).toBe(edited);
  });
});
