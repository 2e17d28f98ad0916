import { describe, expect, it } from 'vitest';
import { COLOUR_SETS, PRODUCTS } from '../../worker/seed/catalogue-data';
import { get } from './helpers';

// Staff spec 3.1: the built-in colour option sets and their sizes.
const EXPECTED_COUNTS: Record<string, number> = {
  venetian_aluminium_50mm: 15,
  venetian_aluminium_25mm: 16,
  roller_blockout: 19,
  venetian_aluwood_50mm: 7,
  venetian_aluwood_25mm: 7,
  outdoor_blinds: 11,
  roller_sheer: 8,
  vertical_blinds: 7,
  double_roller_zebra: 8,
  honeycomb_blockout: 4,
  honeycomb_duotone: 4,
  venetian_plaswood: 12,
  venetian_wood: 13,
};

// Storefront spec section 3: the calculator's product types.
const CALCULATOR_IDS = [
  'roller-blockout',
  'roller-sheer',
  'venetian-aluminium-25mm',
  'venetian-aluminium-50mm',
  'venetian-aluwood-25mm',
  'venetian-aluwood-50mm',
  'venetian-plaswood',
  'venetian-wood',
  'verticals-blockout',
  'honeycomb-blockout',
  'honeycomb-duotone',
  'double-roller-zebra',
  'outdoor-blinds',
];

describe('GET /api/colours/{product_type}', () => {
  it('lists each calculator product with the exact colour count of its option set', async () => {
    for (const calculatorId of CALCULATOR_IDS) {
      const product = PRODUCTS.find((p) => p.calculatorId === calculatorId)!;
      const res = await get(`/api/colours/${calculatorId}`);
      expect(res.status, calculatorId).toBe(200);
      const body = await res.json<any>();
      expect(body.success).toBe(true);
      expect(body.colours, calculatorId).toHaveLength(EXPECTED_COUNTS[product.colourSetKey]!);
    }
  });

  it('answers the same list under the server name', async () => {
    const a = await (await get('/api/colours/verticals-blockout')).json<any>();
    const b = await (await get('/api/colours/vertical-blockout')).json<any>();
    expect(a.colours).toEqual(b.colours);
    expect(a.product_type).toBe('vertical-blockout');
  });

  it('gives every colour the spec fields and a swatch image served with a long cache', async () => {
    const body = await (await get('/api/colours/roller-blockout')).json<any>();
    const names = body.colours.map((c: any) => c.name);
    expect(names.some((n: string) => n.startsWith('Bedford'))).toBe(true);
    expect(names.some((n: string) => n.startsWith('Linen'))).toBe(true);
    expect(names.some((n: string) => n.startsWith('Riviera'))).toBe(true);
    for (const colour of body.colours) {
      expect(colour).toMatchObject({
        name: expect.any(String),
        material: expect.any(String),
        finish: expect.any(String),
        description: expect.any(String),
      });
      expect(colour.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(colour.imageUrl).toMatch(/^\/swatches\/roller_blockout\/[a-z0-9-]+\.png$/);
      expect(colour.swatchPath).toBe(colour.imageUrl);
    }
    const swatch = await get(body.colours[0].imageUrl);
    expect(swatch.status).toBe(200);
    expect(swatch.headers.get('Content-Type')).toBe('image/png');
    expect(swatch.headers.get('Cache-Control')).toContain('immutable');
    const bytes = new Uint8Array(await swatch.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('answers 404 with a message for an unknown product and for an unknown swatch', async () => {
    const res = await get('/api/colours/curtains');
    expect(res.status).toBe(404);
    expect((await res.json<any>()).message).toContain('curtains');
    expect((await get('/swatches/roller_blockout/nope.png')).status).toBe(404);
    expect((await get('/swatches/..%2F..%2Fsecret/x.png')).status).toBe(404);
  });
});

describe('GET /api/products/catalog', () => {
  it('groups products into the five catalogue sections with prices from the grids', async () => {
    const body = await (await get('/api/products/catalog')).json<any>();
    for (const section of ['indoor_blinds', 'indoor_shutters', 'outdoor_blinds', 'outdoor_shutters', 'outdoor_awnings']) {
      expect(Array.isArray(body[section]), section).toBe(true);
      expect(body[section].length, section).toBeGreaterThan(0);
    }
    const ids = Object.values(body)
      .flat()
      .filter((x: any) => x && x.id)
      .map((x: any) => x.id);
    expect(ids).toHaveLength(PRODUCTS.length);
    const roller = body.indoor_blinds.find((p: any) => p.id === 'roller-blockout');
    expect(roller).toMatchObject({ calculator_id: 'roller-blockout', sample_prices: true, colour_count: 19 });
    expect(roller.from_price).toBeGreaterThan(0);
    expect(roller.swatches).toHaveLength(8);
    expect(body.sample_data_note).toMatch(/sample/i);
    expect(body.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.color_schemes.length).toBe(COLOUR_SETS.length);
  });
});

describe('GET /api/products/colours', () => {
  it('lists every product with its colours', async () => {
    const body = await (await get('/api/products/colours')).json<any>();
    expect(body.products).toHaveLength(PRODUCTS.length);
    const wood = body.products.find((p: any) => p.id === 'venetian-50mm-wood');
    expect(wood.colours).toHaveLength(13);
  });
});
