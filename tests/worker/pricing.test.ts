import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRICE_GRIDS, PRODUCTS } from '../../worker/seed/catalogue-data';
import { gridForProduct, priceForSize, type PriceGrid } from '../../worker/services/pricing';
import { postJson } from './helpers';

const grid: PriceGrid = {
  productId: 'test-blind',
  productName: 'Test Blind',
  version: 1,
  isSample: true,
  widthsMm: [600, 900, 1200],
  dropsMm: [600, 1000],
  pricesCents: [
    [10000, 12000, 14000],
    [11000, 13000, 15000],
  ],
};

describe('priceForSize (next size up)', () => {
  it('prices an exact band edge at that band', () => {
    expect(priceForSize(grid, 900, 600)).toEqual({ ok: true, priceCents: 12000, widthBandMm: 900, dropBandMm: 600 });
  });
  it('rounds a size between bands up to the next band in both directions', () => {
    expect(priceForSize(grid, 901, 601)).toEqual({ ok: true, priceCents: 15000, widthBandMm: 1200, dropBandMm: 1000 });
    expect(priceForSize(grid, 600.5, 999)).toMatchObject({ ok: true, priceCents: 13000 });
  });
  it('answers Size Too Small below the smallest band without asking for contact', () => {
    const result = priceForSize(grid, 599, 800);
    expect(result).toMatchObject({ ok: false, errorType: 'out_of_range', contactRequired: false });
    expect(!result.ok && result.message).toContain('smallest Test Blind we make is 600 mm wide by 600 mm drop');
    expect(priceForSize(grid, 700, 500)).toMatchObject({ ok: false, contactRequired: false });
  });
  it('asks for contact above the product maximum', () => {
    const result = priceForSize(grid, 1201, 800);
    expect(result).toMatchObject({ ok: false, errorType: 'out_of_range', contactRequired: true });
    expect(!result.ok && result.message).toContain('largest Test Blind we make is 1200 mm wide by 1000 mm drop');
    expect(priceForSize(grid, 800, 1001)).toMatchObject({ ok: false, contactRequired: true });
  });
  it('asks for contact over 3000 mm whatever the grid, even when the other side is too small', () => {
    const wide = { ...grid, widthsMm: [600, 3500, 4000] };
    expect(priceForSize(wide, 3001, 600)).toMatchObject({ ok: false, contactRequired: true });
    expect(priceForSize(grid, 100, 3001)).toMatchObject({ ok: false, contactRequired: true });
    const result = priceForSize(grid, 3500, 800);
    expect(!result.ok && result.message).toContain('wider or longer than 3000 mm are custom made');
  });
});

describe('POST /api/pricing/quote', () => {
  const rollerGrid = PRICE_GRIDS.find((g) => g.productId === 'roller-blockout')!;

  it('prices every seeded product by its server name and by its calculator id', async () => {
    for (const product of PRODUCTS) {
      const seeded = PRICE_GRIDS.find((g) => g.productId === product.id)!;
      const width = seeded.widthsMm[1]! - 1;
      const drop = seeded.dropsMm[1]! - 1;
      const expectedCents = seeded.pricesCents[1]![1]!;
      for (const key of [product.id, product.calculatorId].filter(Boolean) as string[]) {
        const res = await postJson('/api/pricing/quote', { width_mm: width, drop_mm: drop, product_type: key, quantity: 1 });
        expect(res.status, key).toBe(200);
        const body = await res.json<any>();
        expect(body.success, key).toBe(true);
        expect(body.quote.product_type).toBe(product.id);
        // A shutter's or awning's default options add to the grid's cell (shutters-awnings-pricing.test.ts).
        const optionCents = body.quote.options.reduce((sum: number, o: { charge_cents: number }) => sum + o.charge_cents, 0);
        expect(body.quote.base_price_cents).toBe(expectedCents);
        expect(body.quote.price).toBe((expectedCents + optionCents) / 100);
        expect(body.quote.total_price).toBe((expectedCents + optionCents) / 100);
        expect(body.quote.width_band_mm).toBe(seeded.widthsMm[1]);
        expect(body.quote.sample_prices).toBe(true);
      }
    }
  });

  it('maps the spec examples of the two id spaces to the same grid', async () => {
    const pairs = [
      ['verticals-blockout', 'vertical-blockout'],
      ['double-roller-zebra', 'doubleroller-zebra'],
      ['venetian-aluwood-50mm', 'venetian-50mm-aluwood'],
    ];
    for (const [calculatorId, serverName] of pairs) {
      const a = await (await postJson('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: calculatorId })).json<any>();
      const b = await (await postJson('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: serverName })).json<any>();
      expect(a.quote.product_type).toBe(serverName);
      expect(a.quote.price).toBe(b.quote.price);
    }
  });

  it('multiplies by quantity in total_price', async () => {
    const body = await (
      await postJson('/api/pricing/quote', { width_mm: 1000, drop_mm: 1000, product_type: 'roller-blockout', quantity: 3 })
    ).json<any>();
    expect(body.quote.total_price_cents).toBe(body.quote.price_cents * 3);
  });

  it.each([
    ['below the smallest width', 100, 1000, false],
    ['below the smallest drop', 1000, 100, false],
    ['over 3000 mm wide', 3001, 1000, true],
    ['over 3000 mm drop', 1000, 3001, true],
  ])('answers out_of_range %s', async (_label, width, drop, contact) => {
    const res = await postJson('/api/pricing/quote', { width_mm: width, drop_mm: drop, product_type: 'roller-blockout' });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: false, error_type: 'out_of_range', contact_required: contact });
    expect(body.message).toMatch(/mm/);
  });

  it('asks for contact above a product maximum lower than 3000 mm (venetians: 2500 mm wide)', async () => {
    const body = await (
      await postJson('/api/pricing/quote', { width_mm: 2600, drop_mm: 1500, product_type: 'venetian-aluminium-50mm' })
    ).json<any>();
    expect(body).toMatchObject({ success: false, error_type: 'out_of_range', contact_required: true });
    expect(body.message).toContain('2500 mm wide');
  });

  it('prices the largest band of a grid', async () => {
    const w = rollerGrid.widthsMm.at(-1)!;
    const d = rollerGrid.dropsMm.at(-1)!;
    const body = await (await postJson('/api/pricing/quote', { width_mm: w, drop_mm: d, product_type: 'roller-blockout' })).json<any>();
    expect(body.quote.price_cents).toBe(rollerGrid.pricesCents.at(-1)!.at(-1));
  });

  it('rejects an unknown product with a 404 that says what to do', async () => {
    const res = await postJson('/api/pricing/quote', { width_mm: 1000, drop_mm: 1000, product_type: 'curtains' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: 'not_found', message: expect.stringContaining("'curtains'") });
  });

  it.each([
    [{ width_mm: 'wide', drop_mm: 1000, product_type: 'roller-blockout' }, 'width_mm'],
    [{ width_mm: -5, drop_mm: 1000, product_type: 'roller-blockout' }, 'width_mm'],
    [{ width_mm: 1000, product_type: 'roller-blockout' }, 'drop_mm'],
    [{ width_mm: 1000, drop_mm: 1000 }, 'product_type'],
    [{ width_mm: 1000, drop_mm: 1000, product_type: 'roller-blockout', quantity: 0 }, 'quantity'],
  ])('rejects bad input %j with a 400 naming %s', async (body, field) => {
    const res = await postJson('/api/pricing/quote', body);
    expect(res.status).toBe(400);
    const json = await res.json<any>();
    expect(json.error).toBe('validation_error');
    expect(json.message).toContain(field);
  });

  it('serves from the per-isolate cache: a price-list row written behind its back is not read per request', async () => {
    await gridForProduct(env.DB, 'roller-blockout');
    await env.DB.prepare(`UPDATE price_lists SET prices_cents = '[[1]]' WHERE product_id = 'roller-blockout'`).run();
    const body = await (await postJson('/api/pricing/quote', { width_mm: 600, drop_mm: 600, product_type: 'roller-blockout' })).json<any>();
    expect(body.quote.price_cents).toBe(rollerGrid.pricesCents[0]![0]);
  });
});
