// Staff price lists (staff spec 2.2, 7, 8): template CSV, bulk upload applied at once to the
// quote, the landing catalogue and the consultant, rollback, and bad files that change nothing.
import { env, SELF } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { formatRandFromCents } from '../../worker/shared/money';
import { invalidateProductCatalogue } from '../../worker/services/product-catalog';
import { countChangedCells, parsePriceListCsv, productKeyFromFileName } from '../../worker/services/staff/price-lists';
import { BASE, get, postJson } from './helpers';

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.88' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

const asStaff = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`${BASE}${path}`, { ...init, headers: { Cookie: staffCookie, ...(init.headers as Record<string, string>) } });

function upload(files: { name: string; body: string | Uint8Array; type?: string }[], cookie = true) {
  const form = new FormData();
  for (const f of files) form.append('price_lists', new File([f.body], f.name, { type: f.type ?? 'text/csv' }));
  return SELF.fetch(`${BASE}/api/pricing/bulk-upload`, { method: 'POST', body: form, headers: cookie ? { Cookie: staffCookie } : {} });
}

const templateOf = async (productId: string) => (await asStaff(`/api/pricing/template/${productId}`)).text();

/** The template with every price raised by `rand`. */
function raised(csv: string, rand: number): string {
  return csv
    .trim()
    .split(/\r?\n/)
    .map((line, i) =>
      i === 0
        ? line
        : line
            .split(',')
            .map((cell, j) => (j === 0 ? cell : (Number(cell) + rand).toFixed(2)))
            .join(','),
    )
    .join('\r\n');
}

async function quoteCents(product = 'roller_blockout', width = 1200, drop = 1500): Promise<number> {
  const body = await (
    await postJson('/api/pricing/quote', { product_type: product, width_mm: width, drop_mm: drop, quantity: 1 })
  ).json<any>();
  expect(body.success).toBe(true);
  return body.quote.price_cents;
}

async function catalogueItem(id = 'roller-blockout') {
  const body = await (await get('/api/products/catalog')).json<any>();
  return body.indoor_blinds.find((p: any) => p.id === id);
}

const contact = {
  phoneGardenRoute: '',
  phoneNational: '',
  whatsappNational: '',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};
async function consultantSays(message = 'How much is a blockout roller blind 1200 x 1500 mm?') {
  return (await answerBuiltIn({ message, history: [], memory: {}, deps: { db: env.DB, contact } })).response;
}

async function versionsOf(productId: string) {
  const res = await asStaff(`/api/pricing/versions/${productId}`);
  expect(res.status).toBe(200);
  return (await res.json<any>()).versions as any[];
}

/** The grid rows of every price list in D1, to prove a bad upload changed nothing. */
const allPriceLists = async () =>
  (await env.DB.prepare('SELECT product_id, version, prices_cents FROM price_lists ORDER BY id').all()).results;

let seedVersion = 0;
afterAll(async () => {
  // Leave roller-blockout on its seeded grid for any later assertion in this file's D1.
  const versions = await versionsOf('roller-blockout');
  if (versions[0].version !== seedVersion)
    await asStaff('/api/pricing/rollback/roller-blockout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: seedVersion }),
    });
});

describe('price lists: access', () => {
  it.each([
    ['GET', '/api/pricing/template/roller-blockout'],
    ['GET', '/api/pricing/versions/roller-blockout'],
    ['POST', '/api/pricing/rollback/roller-blockout'],
    ['POST', '/api/pricing/bulk-upload'],
  ])('%s %s answers 401 without a staff session', async (method, path) => {
    const res = await SELF.fetch(`${BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'POST' ? '{"version":1}' : undefined,
    });
    expect(res.status).toBe(401);
  });

  it('an anonymous multipart upload is refused and changes nothing', async () => {
    const before = await allPriceLists();
    const res = await upload([{ name: 'roller-blockout.csv', body: raised(await templateOf('roller-blockout'), 1) }], false);
    expect(res.status).toBe(401);
    expect(await allPriceLists()).toEqual(before);
  });
});

describe('price lists: template', () => {
  it('is the grid in force as CSV, rand with two decimals, saved as {productId}-pricing-template.csv (either id space)', async () => {
    const res = await asStaff('/api/pricing/template/roller_blockout');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="roller-blockout-pricing-template.csv"');
    const lines = (await res.text()).trim().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header[0]).toBe('drop_mm \\ width_mm');
    const item = await catalogueItem();
    expect(Number(header[1])).toBe(item.from_size.width_mm);
    const first = lines[1]!.split(',');
    expect(Number(first[0])).toBe(item.from_size.drop_mm);
    expect(first[1]).toBe(item.from_price.toFixed(2));
    for (const line of lines.slice(1)) {
      expect(line.split(',')).toHaveLength(header.length);
      for (const cell of line.split(',').slice(1)) expect(cell).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('404 for an unknown product', async () => {
    expect((await asStaff('/api/pricing/template/teleporter')).status).toBe(404);
  });
});

describe('price lists: upload and rollback', () => {
  it('a raised upload applies at once to the quote, the catalogue "from" price and the consultant; rollback returns all three', async () => {
    const versions = await versionsOf('roller-blockout');
    seedVersion = versions[0].version;
    expect(versions[0]).toMatchObject({ inForce: true, isSample: true });
    const before = { quote: await quoteCents(), from: (await catalogueItem()).from_price, sample: (await catalogueItem()).sample_prices };
    expect(before.sample).toBe(true);
    const beforeText = await consultantSays();
    expect(beforeText).toContain(formatRandFromCents(before.quote));

    const res = await upload([{ name: 'roller-blockout-pricing-template.csv', body: raised(await templateOf('roller-blockout'), 100) }]);
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ successful_uploads: 1, failed_uploads: 0, errors: [] });
    expect(body.results[0]).toMatchObject({
      filename: 'roller-blockout-pricing-template.csv',
      product_type: 'roller-blockout',
      version: seedVersion + 1,
    });
    expect(body.results[0].cells_changed).toBeGreaterThan(10);

    expect(await quoteCents()).toBe(before.quote + 10_000);
    const item = await catalogueItem();
    expect(item.from_price).toBeCloseTo(before.from + 100, 2);
    expect(item.sample_prices).toBe(false); // the 'sample prices' label follows the grid in force
    const afterText = await consultantSays();
    expect(afterText).toContain(formatRandFromCents(before.quote + 10_000));
    expect(afterText).not.toContain('sample prices');

    const listed = await versionsOf('roller_blockout');
    expect(listed[0]).toMatchObject({
      version: seedVersion + 1,
      inForce: true,
      isSample: false,
      source: 'upload:roller-blockout-pricing-template.csv',
      restoredFrom: null,
    });
    expect(listed[0].createdBy).toMatch(/^S-[0-9a-f]{10}$/);
    expect(listed[1]).toMatchObject({ version: seedVersion, inForce: false });
    const audit = await env.DB.prepare(
      "SELECT actor, action, target FROM audit_log WHERE action = 'price-list.upload' ORDER BY id DESC LIMIT 1",
    ).first<any>();
    expect(audit).toMatchObject({ actor: listed[0].createdBy, target: 'roller-blockout' });

    const rollback = await asStaff('/api/pricing/rollback/roller-blockout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: seedVersion }),
    });
    expect(rollback.status).toBe(200);
    expect(await rollback.json<any>()).toMatchObject({
      success: true,
      version: seedVersion + 2,
      restored_from: seedVersion,
      cells_changed: body.results[0].cells_changed,
    });
    expect(await quoteCents()).toBe(before.quote);
    expect((await catalogueItem()).from_price).toBe(before.from);
    expect((await catalogueItem()).sample_prices).toBe(true);
    expect(await consultantSays()).toBe(beforeText);
    const after = await versionsOf('roller-blockout');
    expect(after[0]).toMatchObject({
      version: seedVersion + 2,
      restoredFrom: seedVersion,
      isSample: true,
      source: `rollback:v${seedVersion}`,
    });
    expect(after).toHaveLength(versions.length + 2); // nothing is overwritten
  });

  it('rollback to the version in force or to a missing version is refused', async () => {
    const inForce = (await versionsOf('roller-blockout'))[0].version;
    const post = (version: unknown) =>
      asStaff('/api/pricing/rollback/roller-blockout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ version }),
      });
    expect((await post(inForce)).status).toBe(409);
    expect((await post(999)).status).toBe(404);
    expect((await post('one')).status).toBe(400);
  });
});

describe('price lists: bad files change nothing', () => {
  const header = 'drop_mm \\ width_mm,600,900,1200';
  it.each([
    [
      'non-ascending widths',
      `drop_mm \\ width_mm,600,1200,900\r\n1000,1.00,2.00,3.00`,
      /Row 1, column D: the width 900 mm must be larger than the width before it \(1200 mm\)/,
    ],
    ['non-ascending drops', `${header}\r\n1500,1.00,2.00,3.00\r\n1000,1.00,2.00,3.00`, /Row 3, column A: the drop 1000 mm must be larger/],
    [
      'a negative price',
      `${header}\r\n1000,1.00,-2.00,3.00`,
      /Row 2, column C \(width 900 mm, drop 1000 mm\): the price '-2.00' is negative/,
    ],
    ['a zero price', `${header}\r\n1000,1.00,0.00,3.00`, /Row 2, column C .*R 0/],
    ['three decimals', `${header}\r\n1000,1.00,2.005,3.00`, /Row 2, column C .*two decimals/],
    ['a price over R 1 000 000', `${header}\r\n1000,1.00,1000000.01,3.00`, /Row 2, column C .*R 1 000 000/],
    ['a width over 3000 mm', `drop_mm \\ width_mm,600,3200\r\n1000,1.00,2.00`, /Row 1, column C: the width 3200 mm is outside 100-3000 mm/],
    ['a drop under 100 mm', `${header}\r\n50,1.00,2.00,3.00`, /Row 2, column A: the drop 50 mm is outside/],
    ['a ragged grid', `${header}\r\n1000,1.00,2.00`, /Row 2 has 2 prices but the first row has 3 widths/],
    [
      'a width that is not a number',
      `drop_mm \\ width_mm,600,wide\r\n1000,1.00,2.00`,
      /Row 1, column C: the width 'wide' is not a whole number/,
    ],
    ['an unclosed quote', `${header}\r\n1000,"1.00,2.00,3.00`, /not valid CSV/],
    ['no grid', 'hello', /no price grid/],
  ])('%s', async (_name, csv, message) => {
    const before = await allPriceLists();
    const res = await upload([{ name: 'roller-blockout.csv', body: csv }]);
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ successful_uploads: 0, failed_uploads: 1, results: [] });
    expect(body.errors[0].filename).toBe('roller-blockout.csv');
    expect(body.errors[0].message).toMatch(message);
    expect(await allPriceLists()).toEqual(before);
  });

  it('an unknown product, a file that is not CSV and a binary file are each reported', async () => {
    const before = await allPriceLists();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const body = await (
      await upload([
        { name: 'teleporter-pricing-template.csv', body: `${header}\r\n1000,1.00,2.00,3.00` },
        { name: 'roller-blockout.png', body: png, type: 'image/png' },
        { name: 'roller-blockout.csv', body: png },
      ])
    ).json<any>();
    expect(body).toMatchObject({ successful_uploads: 0, failed_uploads: 3 });
    expect(body.errors.map((e: any) => e.filename)).toEqual([
      'teleporter-pricing-template.csv',
      'roller-blockout.png',
      'roller-blockout.csv',
    ]);
    expect(body.errors[0].message).toMatch(/no product 'teleporter'/);
    expect(body.errors[1].message).toMatch(/not a \.csv file/);
    expect(body.errors[2].message).toMatch(/not a CSV text file/);
    expect(await allPriceLists()).toEqual(before);
  });

  it('several files with one bad: the good ones apply, the bad one is reported', async () => {
    const sheerVersions = await versionsOf('roller-sheer');
    const good = raised(await templateOf('roller-sheer'), 10);
    const res = await upload([
      { name: 'roller-sheer-pricing-template.csv', body: good },
      { name: 'roller-blockout-pricing-template.csv', body: `${header}\r\n1000,1.00,-2.00,3.00` },
    ]);
    const body = await res.json<any>();
    expect(body).toMatchObject({ successful_uploads: 1, failed_uploads: 1 });
    expect(body.results).toEqual([
      {
        filename: 'roller-sheer-pricing-template.csv',
        product_type: 'roller-sheer',
        version: sheerVersions[0].version + 1,
        cells_changed: expect.any(Number),
      },
    ]);
    expect(body.errors).toEqual([{ filename: 'roller-blockout-pricing-template.csv', message: expect.stringMatching(/negative/) }]);
    expect((await versionsOf('roller-blockout'))[0].version).toBe(seedVersion + 2);
    // restore roller-sheer too
    const back = await asStaff('/api/pricing/rollback/roller-sheer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: sheerVersions[0].version }),
    });
    expect(back.status).toBe(200);
  });

  it('no files, and a JSON body, are refused', async () => {
    const empty = await SELF.fetch(`${BASE}/api/pricing/bulk-upload`, {
      method: 'POST',
      body: new FormData(),
      headers: { Cookie: staffCookie },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json<any>()).message).toMatch(/No Files Selected/);
    const json = await asStaff('/api/pricing/bulk-upload', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
  });
});

describe('one catalogue: the consultant reads products from D1, not the seed', () => {
  it('a product renamed in D1 is named so in the next answer once the catalogue cache is dropped', async () => {
    const { name } = (await env.DB.prepare("SELECT name FROM products WHERE id = 'roller-blockout'").first<{ name: string }>())!;
    try {
      await env.DB.prepare("UPDATE products SET name = 'Roller Blind - Midnight Blockout' WHERE id = 'roller-blockout'").run();
      invalidateProductCatalogue();
      expect(await consultantSays()).toContain('Roller Blind - Midnight Blockout');
    } finally {
      await env.DB.prepare('UPDATE products SET name = ? WHERE id = ?').bind(name, 'roller-blockout').run();
      invalidateProductCatalogue();
    }
    expect(await consultantSays()).toContain(name);
  });
});

describe('price lists: pure helpers', () => {
  it('reads the product from the file name only', () => {
    expect(productKeyFromFileName('roller-blockout-pricing-template.csv')).toBe('roller-blockout');
    expect(productKeyFromFileName('roller_blockout.csv')).toBe('roller_blockout');
    expect(productKeyFromFileName('roller-blockout-pricing-template (1).csv')).toBe('roller-blockout');
    expect(productKeyFromFileName('roller-blockout.xlsx')).toBeNull();
  });

  it('parses quoted cells and counts changed cells, new or removed bands included', () => {
    const a = parsePriceListCsv('"drop_mm \\ width_mm","600","900"\n1000,"1,000.00",2.00\n'.replace('"1,000.00"', '1000.00'));
    expect(a).toEqual({ widthsMm: [600, 900], dropsMm: [1000], pricesCents: [[100_000, 200]] });
    const b = parsePriceListCsv('drop_mm \\ width_mm,600,900,1200\n1000,1000.00,3.00,4.00\n');
    expect(countChangedCells(a, b)).toBe(2);
    expect(countChangedCells(null, b)).toBe(3);
  });
});

describe('price lists: a steep drop asks staff to confirm', () => {
  /** The template with every price times `factor`, or set to `fixed` rand. */
  function scaled(csv: string, factor: number, fixed?: number): string {
    return csv
      .trim()
      .split(/\r?\n/)
      .map((line, i) =>
        i === 0
          ? line
          : line
              .split(',')
              .map((cell, j) => (j === 0 ? cell : (fixed ?? Number(cell) * factor).toFixed(2)))
              .join(','),
      )
      .join('\r\n');
  }
  function uploadConfirmed(name: string, body: string) {
    const form = new FormData();
    form.append('price_lists', new File([body], name, { type: 'text/csv' }));
    form.append('confirm', 'true');
    return SELF.fetch(`${BASE}/api/pricing/bulk-upload`, { method: 'POST', body: form, headers: { Cookie: staffCookie } });
  }

  it('R 0,01 in every cell, or prices cut by more than half, answer 409 and change nothing until confirmed', async () => {
    const template = await templateOf('roller-blockout');
    const before = await allPriceLists();
    const quoteBefore = await quoteCents();

    const penny = await upload([{ name: 'roller-blockout.csv', body: scaled(template, 1, 0.01) }]);
    expect(penny.status).toBe(409);
    const pennyBody = await penny.json<{ error: string; message: string; issues: { path: string; message: string }[] }>();
    expect(pennyBody.error).toBe('conflict');
    expect(pennyBody.message).toMatch(
      /^Please confirm these prices before they are put in force: roller-blockout\.csv has a blind at R 0,01, below R 50 and \d+ prices lowered by more than half\. Nothing was changed; upload again with confirm to put them in force\.$/,
    );
    expect(pennyBody.issues).toEqual([{ path: 'roller-blockout.csv', message: expect.stringContaining('below R 50') }]);

    const halved = await upload([{ name: 'roller-blockout.csv', body: scaled(template, 0.4) }]);
    expect(halved.status).toBe(409);
    expect((await halved.json<{ message: string }>()).message).toMatch(/lowered by more than half/);
    expect(await allPriceLists()).toEqual(before);
    expect(await quoteCents()).toBe(quoteBefore);

    // A modest cut goes straight in.
    const modest = await upload([{ name: 'roller-blockout.csv', body: scaled(template, 0.9) }]);
    expect(modest.status).toBe(200);
    expect((await modest.json<any>()).successful_uploads).toBe(1);

    // Confirmed, the penny list is put in force.
    const confirmed = await uploadConfirmed('roller-blockout.csv', scaled(template, 1, 0.01));
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json<any>()).successful_uploads).toBe(1);
    expect(await quoteCents()).toBeLessThan(quoteBefore / 2);
  });
});
