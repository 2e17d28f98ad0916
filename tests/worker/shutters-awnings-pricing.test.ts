// Shutters and awnings priced online: the grid's cell for the size plus the options chosen
// (louvre size, frame, panel count with a charge per panel; an awning's motor), catalogue data in
// D1 seeded with sample figures. The server prices, refuses what cannot be made, and orders and
// quotes keep the options on the line.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRICE_GRIDS } from '../../worker/seed/catalogue-data';
import { coloursForProduct } from '../../worker/services/catalog';
import { get, postJson } from './helpers';

let ipCounter = 0;
const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 250) + 1}` });

function cell(productId: string, widthBand: number, dropBand: number): number {
  const grid = PRICE_GRIDS.find((g) => g.productId === productId)!;
  return grid.pricesCents[grid.dropsMm.indexOf(dropBand)]![grid.widthsMm.indexOf(widthBand)]!;
}

async function price(body: Record<string, unknown>) {
  const res = await postJson('/api/pricing/quote', body);
  return { status: res.status, body: await res.json<any>() };
}

describe('POST /api/pricing/quote for a plantation shutter', () => {
  it('adds the louvre, frame and per-panel charges to the seeded grid cell, VAT inside', async () => {
    // Basswood 1200 x 1500 mm: the sample grid's cell is R 5 300 per m2 x 1.8 m2 = R 9 540.
    expect(cell('shutter-basswood', 1200, 1500)).toBe(954_000);
    const { status, body } = await price({
      product_type: 'shutter-basswood',
      width_mm: 1150,
      drop_mm: 1420,
      quantity: 2,
      options: { louvre: '114mm', frame: 'z-frame', panels: 3 },
    });
    expect(status).toBe(200);
    // 954 000 + 114 mm louvres 45 000 + Z-frame 95 000 + 3 panels x 38 000 = 1 208 000 cents.
    expect(body.quote).toMatchObject({
      success: true,
      width_band_mm: 1200,
      drop_band_mm: 1500,
      base_price_cents: 954_000,
      price_cents: 1_208_000,
      price: 12_080,
      total_price_cents: 2_416_000,
      vat_included: true,
      sample_prices: true,
    });
    expect(body.quote.options).toEqual([
      { group: 'louvre', group_label: 'Louvre size', code: '114mm', label: '114 mm', charge_cents: 45_000 },
      { group: 'frame', group_label: 'Frame', code: 'z-frame', label: 'Z-frame', charge_cents: 95_000 },
      { group: 'panels', group_label: 'Panels', code: '3', label: '3 panels', charge_cents: 114_000 },
    ]);
  });

  it('takes the defaults a width allows when no option is named (2 panels, or the fewest that fit)', async () => {
    const narrow = await price({ product_type: 'shutter-pvc', width_mm: 900, drop_mm: 1200 });
    expect(narrow.body.quote.options.map((o: any) => o.code)).toEqual(['89mm', 'l-frame', '2']);
    expect(narrow.body.quote.price_cents).toBe(cell('shutter-pvc', 900, 1200) + 65_000 + 2 * 38_000);
    const wide = await price({ product_type: 'shutter-pvc', width_mm: 2400, drop_mm: 1200 });
    // 2 panels of 1200 mm are wider than a panel is made: 3 is the fewest.
    expect(wide.body.quote.options.find((o: any) => o.group === 'panels')).toMatchObject({ code: '3', charge_cents: 114_000 });
  });

  it('refuses a panel count the width does not allow, naming the counts that fit', async () => {
    const { status, body } = await price({ product_type: 'shutter-basswood', width_mm: 1200, drop_mm: 1500, options: { panels: 1 } });
    expect(status).toBe(400);
    expect(body.error).toBe('validation_error');
    expect(body.message).toBe(
      '1 panel is not possible for a Plantation Shutter - Basswood 1200 mm wide. At that width choose 2 panels, 3 panels or 4 panels.',
    );
    expect(body.issues).toEqual([{ path: 'options.panels', message: body.message }]);
  });

  it('refuses an unknown louvre size and an option the product does not have', async () => {
    const louvre = await price({ product_type: 'shutter-basswood', width_mm: 1200, drop_mm: 1500, options: { louvre: '70mm' } });
    expect(louvre.status).toBe(400);
    expect(louvre.body.message).toBe(
      "'70mm' is not a louvre size we make for Plantation Shutter - Basswood. Choose 63 mm, 89 mm or 114 mm.",
    );
    const motor = await price({ product_type: 'shutter-basswood', width_mm: 1200, drop_mm: 1500, options: { operation: 'motorised' } });
    expect(motor.status).toBe(400);
    expect(motor.body.message).toBe('Plantation Shutter - Basswood has no operation to choose.');
    const blind = await price({ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, options: { louvre: '89mm' } });
    expect(blind.status).toBe(400);
    expect(blind.body.message).toBe('Roller Blind - Blockout has no louvre size to choose.');
    const stray = await price({ product_type: 'shutter-pvc', width_mm: 1200, drop_mm: 1500, options: { colour: 'white' } });
    expect(stray.status).toBe(400);
  });

  it('answers a size outside the grid as the blinds do (the largest shutter is 2400 x 2700 mm)', async () => {
    const { status, body } = await price({ product_type: 'shutter-basswood', width_mm: 2500, drop_mm: 1500, options: { panels: 4 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, error_type: 'out_of_range', contact_required: true });
    expect(body.message).toContain('2400 mm wide by 2700 mm drop');
  });
});

describe('POST /api/pricing/quote for an awning', () => {
  it('adds the motor to the folding-arm awning of that width and projection', async () => {
    const base = cell('awning-folding-arm', 2400, 2000);
    const manual = await price({ product_type: 'awning-folding-arm', width_mm: 2400, drop_mm: 2000 });
    expect(manual.body.quote.price_cents).toBe(base);
    expect(manual.body.quote.options).toEqual([
      { group: 'operation', group_label: 'Operation', code: 'manual', label: 'Manual (crank handle)', charge_cents: 0 },
    ]);
    const motorised = await price({
      product_type: 'awning-folding-arm',
      width_mm: 2400,
      drop_mm: 2000,
      options: { operation: 'Motorised' },
    });
    expect(motorised.body.quote.price_cents).toBe(base + 650_000);
    expect(motorised.body.quote.options[0]).toMatchObject({ code: 'motorised', charge_cents: 650_000 });
  });
});

describe('GET /api/products/options/{product_type}', () => {
  it('lists a shutter’s groups with their choices and width limits, and the grid’s second axis', async () => {
    const res = await get('/api/products/options/shutter-basswood');
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: true, product_type: 'shutter-basswood', drop_label: 'Height', sample_prices: true });
    expect(body.groups.map((g: any) => g.label)).toEqual(['Louvre size', 'Frame', 'Panels']);
    expect(body.groups[2].choices[2]).toMatchObject({
      code: '3',
      charge_cents: 38_000,
      charge_per: 'panel',
      min_width_mm: 750,
      max_width_mm: 2700,
    });
  });
  it('names the projection for an awning and no groups for a blind; 404 for an unknown product', async () => {
    expect((await (await get('/api/products/options/awning-drop-arm')).json<any>()).drop_label).toBe('Projection');
    const blind = await (await get('/api/products/options/roller-blockout')).json<any>();
    expect(blind).toMatchObject({ drop_label: 'Drop', groups: [], sample_prices: false });
    expect((await get('/api/products/options/no-such-thing')).status).toBe(404);
  });
});

describe('orders and quotes keep the options', () => {
  async function shutterLine(overrides: Record<string, unknown> = {}) {
    return {
      product_type: 'shutter-basswood',
      width_mm: 1200,
      drop_mm: 1500,
      colour: (await coloursForProduct(env.DB, 'shutter-basswood')).colours[0]!.name,
      quantity: 1,
      size_source: 'ar-typical',
      options: { louvre: '63mm', frame: 'direct-fix', panels: '4' },
      ...overrides,
    };
  }

  it('stores the options on the order line, priced by the server, and reads them back', async () => {
    const res = await postJson(
      '/api/orders/submit',
      {
        customer_name: 'Lerato Dube',
        customer_email: 'lerato@example.co.za',
        customer_phone: '082 555 0199',
        blinds: [await shutterLine()],
      },
      ip(),
    );
    expect(res.status).toBe(201);
    const { reference } = await res.json<any>();
    const order = await (await get(`/api/orders/${reference}`)).json<any>();
    const line = order.order?.blinds?.[0] ?? order.blinds?.[0];
    expect(line.unit_price_cents).toBe(954_000 + 4 * 38_000);
    expect(line.size_estimated).toBe(true);
    expect(line.options.map((o: any) => `${o.group_label}: ${o.label}`)).toEqual([
      'Louvre size: 63 mm',
      'Frame: No frame (direct fix)',
      'Panels: 4 panels',
    ]);
    const row = await env.DB.prepare('SELECT options FROM order_lines WHERE order_reference = ?')
      .bind(reference)
      .first<{ options: string }>();
    expect(JSON.parse(row!.options)).toHaveLength(3);
    // The confirmation e-mail names the options, and no blind's control side for a shutter.
    const mail = await env.DB.prepare("SELECT text, html FROM email_outbox WHERE kind = 'order-confirmation' AND text LIKE ?")
      .bind(`%${reference}%`)
      .first<{ text: string; html: string }>();
    expect(mail!.text).toContain('Louvre size: 63 mm; Frame: No frame (direct fix); Panels: 4 panels');
    expect(mail!.text).not.toContain('control:');
    expect(mail!.html).toContain('Louvre size: 63 mm; Frame: No frame (direct fix); Panels: 4 panels');
  });

  it('refuses an order line whose panel count the width does not allow, naming the line', async () => {
    const res = await postJson(
      '/api/orders/submit',
      {
        customer_name: 'Lerato Dube',
        customer_email: 'lerato@example.co.za',
        customer_phone: '082 555 0199',
        blinds: [await shutterLine({ width_mm: 700, options: { panels: '4' } })],
      },
      ip(),
    );
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.message).toContain('Blind 1: 4 panels is not possible for a Plantation Shutter - Basswood 700 mm wide.');
    expect(body.issues[0].path).toBe('blinds.0.options.panels');
  });
});
