// Staff catalogue editor ('/admin/catalog', staff spec 2.3, 3, 5, 9): colours added here reach
// the storefront's lists at once with a swatch, bad input is a 400 with a sentence, an import is all or
// nothing, the export has the spec's shape, anonymous callers get 401, and every write is audited.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, get } from './helpers';

let staffCookie = '';
beforeAll(async () => {
  const res = await SELF.fetch(`${BASE}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.131' },
    body: JSON.stringify({ pin: '4321' }),
  });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

function asStaff(path: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Cookie: staffCookie, Origin: BASE };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return SELF.fetch(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

async function storefrontColourNames(productType: string): Promise<string[]> {
  const res = await get(`/api/colours/${productType}`);
  expect(res.status).toBe(200);
  return ((await res.json<any>()).colours as any[]).map((c) => c.name);
}

async function productsColoursEntry(productId: string) {
  const body = await (await get('/api/products/colours')).json<any>();
  return body.products.find((p: any) => p.id === productId);
}

const auditActions = async (action: string) =>
  (await env.DB.prepare('SELECT actor, action, target, details FROM audit_log WHERE action = ? ORDER BY id').bind(action).all<any>())
    .results;

const snapshot = async () => ({
  products: (await env.DB.prepare('SELECT * FROM products ORDER BY id').all()).results,
  colours: (await env.DB.prepare('SELECT * FROM colours ORDER BY id').all()).results,
});

describe('catalog admin: access', () => {
  it.each([
    ['GET', '/api/admin/catalog'],
    ['GET', '/api/admin/catalog/export'],
    ['POST', '/api/admin/catalog/import'],
    ['POST', '/api/admin/catalog/products'],
    ['PATCH', '/api/admin/catalog/products/roller-blockout'],
    ['POST', '/api/admin/catalog/products/roller-blockout/colours'],
    ['DELETE', '/api/admin/catalog/products/roller-blockout/colours/anything'],
  ])('%s %s answers 401 without a staff session', async (method, path) => {
    const res = await SELF.fetch(`${BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ name: 'X', hex: '#112233', products: [{ name: 'X' }] }),
    });
    expect(res.status).toBe(401);
    expect((await res.json<any>()).message).toMatch(/Staff sign-in required/);
  });

  it('refuses a write from another site with 403', async () => {
    const res = await SELF.fetch(`${BASE}/api/admin/catalog/products`, {
      method: 'POST',
      headers: { Cookie: staffCookie, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Cross-site' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('catalog admin: list', () => {
  it('lists the seeded products with their colours, categories derived from their kind, and the price-list state', async () => {
    const res = await asStaff('/api/admin/catalog');
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    const roller = body.products.find((p: any) => p.id === 'roller-blockout');
    expect(roller).toMatchObject({
      name: expect.any(String),
      category: 'roller',
      priceCategory: 'standard',
      installationType: 'both',
      hasPriceList: true,
    });
    expect(roller.colours.length).toBeGreaterThan(8);
    expect(roller.colours[0]).toMatchObject({
      slug: expect.any(String),
      hex: expect.stringMatching(/^#[0-9A-F]{6}$/),
      imageUrl: expect.stringMatching(/^\/swatches\//),
    });
    expect(body.products.find((p: any) => p.id === 'venetian-25mm-aluminium').category).toBe('venetian');
    // Shutters share one colour set: the editor says so.
    expect(body.products.find((p: any) => p.id === 'shutter-basswood').sharesColoursWith.length).toBeGreaterThan(0);
  });
});

describe('catalog admin: colours', () => {
  it('adds a colour with a swatch that the storefront lists at once, then removes it; both audited', async () => {
    const name = `Test Teal ${Date.now()}`;
    const add = await asStaff('/api/admin/catalog/products/roller_blockout/colours', {
      method: 'POST',
      body: {
        name,
        hex: '#1a7f7a',
        fabric: 'Polyester',
        material: 'Blockout fabric',
        finish: 'Matte',
        description: 'A test colour',
        pantone: '7716 C',
      },
    });
    expect(add.status).toBe(201);
    const added = (await add.json<any>()).product.colours.find((c: any) => c.name === name);
    expect(added).toMatchObject({
      hex: '#1A7F7A',
      fabric: 'Polyester',
      pantone: '7716 C',
      imageUrl: expect.stringMatching(/^\/swatches\/roller_blockout\/.+\.png$/),
    });

    // The storefront: the calculator's list and the products-with-colours list, with the swatch served.
    expect(await storefrontColourNames('roller-blockout')).toContain(name);
    const entry = await productsColoursEntry('roller-blockout');
    const dto = entry.colours.find((c: any) => c.name === name);
    expect(dto.imageUrl).toBe(added.imageUrl);
    const swatch = await get(added.imageUrl);
    expect(swatch.status).toBe(200);
    expect(swatch.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await swatch.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));

    // A second colour of the same name is refused.
    const again = await asStaff('/api/admin/catalog/products/roller-blockout/colours', { method: 'POST', body: { name, hex: '#000000' } });
    expect(again.status).toBe(409);

    const remove = await asStaff(`/api/admin/catalog/products/roller-blockout/colours/${added.slug}`, { method: 'DELETE' });
    expect(remove.status).toBe(200);
    expect((await remove.json<any>()).product.colours.some((c: any) => c.name === name)).toBe(false);
    expect(await storefrontColourNames('roller-blockout')).not.toContain(name);
    expect((await productsColoursEntry('roller-blockout')).colours.some((c: any) => c.name === name)).toBe(false);

    const adds = await auditActions('catalog.colour.add');
    const removes = await auditActions('catalog.colour.remove');
    expect(adds.at(-1)).toMatchObject({ target: 'roller-blockout', actor: expect.stringMatching(/^S-/) });
    expect(JSON.parse(adds.at(-1).details)).toMatchObject({ name, hex: '#1A7F7A' });
    expect(JSON.parse(removes.at(-1).details)).toMatchObject({ slug: added.slug, name });
  });

  it.each([
    [{ hex: '#112233' }, /colour a name/],
    [{ name: 'No hex' }, /hex code/],
    [{ name: 'Short hex', hex: '#123' }, /6 digits/],
    [{ name: 'Bad hex', hex: '112233' }, /6 digits/],
    [{ name: '   ', hex: '#112233' }, /colour a name/],
  ])('answers 400 with a sentence for %j and writes nothing', async (body, message) => {
    const before = await snapshot();
    const res = await asStaff('/api/admin/catalog/products/roller-blockout/colours', { method: 'POST', body });
    expect(res.status).toBe(400);
    const error = await res.json<any>();
    expect(error.error).toBe('validation_error');
    expect(error.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses colour changes to the outdoor blinds while the storefront offers the uploaded outdoor range', async () => {
    await env.DB.prepare("INSERT INTO outdoor_colours (name, hex, source) VALUES ('Uploaded Sand', '#D2C2A2', 'range.docx')").run();
    try {
      const res = await asStaff('/api/admin/catalog/products/outdoor-blinds/colours', {
        method: 'POST',
        body: { name: 'Not shown', hex: '#112233' },
      });
      expect(res.status).toBe(409);
      expect((await res.json<any>()).message).toMatch(/\/admin\/colours/);
      const listed = (await (await asStaff('/api/admin/catalog')).json<any>()).products.find((p: any) => p.id === 'outdoor-blinds');
      expect(listed.coloursManagedElsewhere).toBe(true);
    } finally {
      await env.DB.prepare("DELETE FROM outdoor_colours WHERE source = 'range.docx'").run();
    }
  });

  it('answers 404 for an unknown product or colour, and 400 for malformed JSON', async () => {
    expect(
      (await asStaff('/api/admin/catalog/products/no-such-thing/colours', { method: 'POST', body: { name: 'X', hex: '#112233' } })).status,
    ).toBe(404);
    expect((await asStaff('/api/admin/catalog/products/roller-blockout/colours/no-such-colour', { method: 'DELETE' })).status).toBe(404);
    expect((await asStaff('/api/admin/catalog/products/roller-blockout/colours', { method: 'POST', body: '{"name":' })).status).toBe(400);
  });
});

describe('catalog admin: products', () => {
  it("adds a product with the spec's defaults and no price list, edits it, and audits both", async () => {
    const name = `Test Roller ${Date.now()}`;
    const res = await asStaff('/api/admin/catalog/products', { method: 'POST', body: { name } });
    expect(res.status).toBe(201);
    const product = (await res.json<any>()).product;
    expect(product).toMatchObject({
      name,
      category: 'roller',
      priceCategory: 'standard',
      installationType: 'both',
      colours: [],
      hasPriceList: false,
      // Offered by the calculator under its own id ('price on request' until it has a price list).
      calculatorId: product.id,
      hidden: false,
    });

    const patch = await asStaff(`/api/admin/catalog/products/${product.id}`, {
      method: 'PATCH',
      body: {
        description: 'Edited',
        materials: ['Polyester'],
        features: ['Child safe'],
        suitableFor: ['Bedrooms'],
        priceCategory: 'premium',
        installationType: 'inside',
        category: 'zebra',
      },
    });
    expect(patch.status).toBe(200);
    expect((await patch.json<any>()).product).toMatchObject({
      description: 'Edited',
      materials: ['Polyester'],
      features: ['Child safe'],
      suitableFor: ['Bedrooms'],
      priceCategory: 'premium',
      installationType: 'inside',
      category: 'zebra',
    });

    // Its colours reach the storefront too.
    expect(
      (await asStaff(`/api/admin/catalog/products/${product.id}/colours`, { method: 'POST', body: { name: 'Snow', hex: '#FAFAFA' } }))
        .status,
    ).toBe(201);
    expect(await storefrontColourNames(product.id)).toEqual(['Snow']);
    expect((await productsColoursEntry(product.id)).colours.map((c: any) => c.name)).toEqual(['Snow']);

    expect((await auditActions('catalog.product.create')).at(-1)).toMatchObject({ target: product.id });
    expect(JSON.parse((await auditActions('catalog.product.update')).at(-1).details).fields).toContain('priceCategory');
  });

  it.each([
    [{}, /product a name/],
    [{ name: 'X', category: 'curtain' }, /category must be one of/],
    [{ name: 'X', priceCategory: 'cheap' }, /priceCategory must be one of/],
    [{ name: 'X', installationType: 'roof' }, /installationType must be one of/],
  ])('answers 400 for %j', async (body, message) => {
    const res = await asStaff('/api/admin/catalog/products', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toMatch(message);
  });

  it('answers 400 for an empty PATCH and 404 for an unknown product', async () => {
    expect((await asStaff('/api/admin/catalog/products/roller-blockout', { method: 'PATCH', body: {} })).status).toBe(400);
    expect((await asStaff('/api/admin/catalog/products/nope', { method: 'PATCH', body: { name: 'Y' } })).status).toBe(404);
  });
});

describe('catalog admin: export and import', () => {
  it('exports metadata version 1.0 and every product with its colours, as a dated file', async () => {
    const res = await asStaff('/api/admin/catalog/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(/filename="catalog-\d{4}-\d{2}-\d{2}\.json"/);
    const body = await res.json<any>();
    expect(body.metadata).toMatchObject({ version: '1.0', exportedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(body.metadata.exportedAt))).toBe(false);
    const roller = body.products.find((p: any) => p.id === 'roller-blockout');
    expect(Object.keys(roller).sort()).toEqual(
      [
        'category',
        'colours',
        'description',
        'features',
        'id',
        'installationType',
        'materials',
        'name',
        'priceCategory',
        'suitableFor',
      ].sort(),
    );
    expect(Object.keys(roller.colours[0])).toEqual(expect.arrayContaining(['name', 'hex', 'fabric', 'material', 'finish', 'description']));
  });

  it('round-trips an export unchanged in what the storefront shows', async () => {
    const before = await (await get('/api/products/colours')).json<any>();
    const exported = await (await asStaff('/api/admin/catalog/export')).json<any>();
    const res = await asStaff('/api/admin/catalog/import', { method: 'POST', body: exported });
    expect(res.status).toBe(200);
    expect((await res.json<any>()).productsCreated).toBe(0);
    expect(await (await get('/api/products/colours')).json<any>()).toEqual(before);
  });

  it('applies an import: a new product and a changed colour list, audited', async () => {
    const id = `imported-${Date.now()}`;
    const res = await asStaff('/api/admin/catalog/import', {
      method: 'POST',
      body: {
        metadata: { version: '1.0' },
        products: [
          {
            id,
            name: 'Imported Venetian',
            category: 'venetian',
            colours: [
              { name: 'Silver', hex: '#C0C0C0' },
              { name: 'Black', hex: '#111111', pantone: 'Black C' },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json<any>()).toMatchObject({ productsCreated: 1, productsUpdated: 0, coloursWritten: 2 });
    expect(await storefrontColourNames(id)).toEqual(['Silver', 'Black']);
    const audit = (await auditActions('catalog.import')).at(-1);
    expect(JSON.parse(audit.details)).toMatchObject({ productsCreated: 1, products: [id] });
  });

  it('rejects a file with one bad product as a whole: nothing changes', async () => {
    const before = await snapshot();
    const auditBefore = (await auditActions('catalog.import')).length;
    const res = await asStaff('/api/admin/catalog/import', {
      method: 'POST',
      body: {
        products: [
          { id: 'roller-blockout', name: 'Renamed roller', colours: [{ name: 'Only colour', hex: '#123456' }] },
          { name: 'Broken', colours: [{ name: 'Bad', hex: '#12345' }] },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toMatch(/products\.1\.colours\.0\.hex: the hex code must be 6 digits/);
    expect(await snapshot()).toEqual(before);
    expect((await auditActions('catalog.import')).length).toBe(auditBefore);
  });

  it('rejects duplicate ids and repeated colour names with a sentence, changing nothing', async () => {
    const before = await snapshot();
    const res = await asStaff('/api/admin/catalog/import', {
      method: 'POST',
      body: {
        products: [
          {
            id: 'new-one',
            name: 'A',
            colours: [
              { name: 'Red', hex: '#FF0000' },
              { name: 'red', hex: '#EE0000' },
            ],
          },
          { id: 'new-one', name: 'B' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const message = (await res.json<any>()).message as string;
    expect(message).toMatch(/^Import Error - /);
    expect(message).toMatch(/twice/);
    expect(message).toMatch(/same id 'new-one'/);
    expect(message).toMatch(/Nothing was changed\.$/);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['not JSON', 'this is not json'],
    ['no products array', JSON.stringify({ items: [] })],
    ['an empty products array', JSON.stringify({ products: [] })],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await asStaff('/api/admin/catalog/import', { method: 'POST', body });
    expect(res.status).toBe(400);
  });
});
