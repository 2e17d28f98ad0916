// POST /api/orders/submit and GET /api/orders/{reference} (storefront spec section 7; issue 5):
// the server re-prices every line, stores order and lines together, and an Idempotency-Key makes a
// retry answer the same order.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { coloursForProduct } from '../../worker/services/catalogue';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { get, postJson } from './helpers';

let ipCounter = 0;
/** Orders are rate limited per client: each test call comes from its own address. */
const ip = () => ({ 'CF-Connecting-IP': `192.0.2.${(ipCounter++ % 250) + 1}` });

async function firstColour(product: string): Promise<string> {
  return (await coloursForProduct(env.DB, product)).colours[0]!.name;
}

async function serverPriceCents(product: string, width: number, drop: number): Promise<number> {
  const grid = await gridForProduct(env.DB, product);
  const price = priceForSize(grid!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

async function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Thandi Mokoena',
    customer_email: 'thandi@example.co.za',
    customer_phone: '082 555 0101',
    customer_address: '',
    special_instructions: 'Please phone before delivery',
    blinds: [
      { product_type: 'roller-blockout', product_name: 'Roller Blind - Blockout', width_mm: 1200, drop_mm: 1500, control_side: 'left', mount_type: 'inside-recess', colour: await firstColour('roller-blockout'), quantity: 2, price: 1 },
      { product_type: 'verticals-blockout', product_name: 'Vertical', width_mm: 2000, drop_mm: 2100, control_side: 'right', mount_type: 'outside-facefix', colour: await firstColour('verticals-blockout'), quantity: 1, price: 1 },
    ],
    total_amount: 3,
    ...overrides,
  };
}

async function countOrders(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<number>('n'))!;
}

describe('POST /api/orders/submit', () => {
  it('re-prices every line on the server: a tampered price and total change nothing', async () => {
    const res = await postJson('/api/orders/submit', await orderBody(), ip());
    expect(res.status).toBe(201);
    const body = await res.json<any>();
    const roller = await serverPriceCents('roller-blockout', 1200, 1500);
    const vertical = await serverPriceCents('vertical-blockout', 2000, 2100);
    const total = roller * 2 + vertical;
    expect(body).toMatchObject({ success: true, paymentStatus: 'pending' });
    expect(body.reference).toMatch(/^CB-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(body.paymentUrl).toBe(`https://shop.test/order-confirmation?ref=${body.reference}&pay=1`);
    expect(body.message).toContain(body.reference);
    expect(body.order.total_cents).toBe(total);
    expect(body.order.blinds.map((l: any) => [l.product_type, l.unit_price_cents, l.total_cents])).toEqual([
      ['roller-blockout', roller, roller * 2],
      ['vertical-blockout', vertical, vertical],
    ]);
    const row = await env.DB.prepare('SELECT * FROM orders WHERE reference = ?').bind(body.reference).first<any>();
    expect(row).toMatchObject({ total_cents: total, client_total_cents: 300, customer_address: null, payment_status: 'pending' });
    expect(row.vat_cents).toBe(Math.round((total * 15) / 115));
    expect(row.subtotal_cents + row.vat_cents).toBe(total);
    const lines = await env.DB.prepare('SELECT COUNT(*) AS n FROM order_lines WHERE order_reference = ?').bind(body.reference).first<number>('n');
    expect(lines).toBe(2);
  });

  it('reads the order back by reference, in any case, and 404s an unknown one', async () => {
    const { reference } = await (await postJson('/api/orders/submit', await orderBody(), ip())).json<any>();
    const res = await get(`/api/orders/${reference.toLowerCase()}`);
    expect(res.status).toBe(200);
    const { order } = await res.json<any>();
    expect(order).toMatchObject({ reference, customer_name: 'Thandi Mokoena', special_instructions: 'Please phone before delivery', paymentStatus: 'pending', quote_id: null });
    expect(order.blinds).toHaveLength(2);
    expect(order.subtotal + order.vat).toBeCloseTo(order.total_amount, 2);
    const missing = await get('/api/orders/CB-ZZZZZZZZZZ');
    expect(missing.status).toBe(404);
    expect((await missing.json<any>()).message).toBe('No order with reference CB-ZZZZZZZZZZ.');
    expect((await get('/api/orders/not-a-ref')).status).toBe(400);
  });

  it.each([
    ['customer_name', { customer_name: ' ' }],
    ['customer_email', { customer_email: 'thandi-at-example' }],
    ['customer_phone', { customer_phone: '' }],
    ['blinds', { blinds: [] }],
  ])('a missing or bad %s is a 400 naming it, and stores nothing', async (field, change) => {
    const before = await countOrders();
    const res = await postJson('/api/orders/submit', await orderBody(change), ip());
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.error).toBe('validation_error');
    expect(body.message).toContain(field);
    expect(await countOrders()).toBe(before);
  });

  it('a size over 3000 mm, a size too small, an unknown product and a colour not offered are 400s naming the blind', async () => {
    const base = await orderBody();
    const cases: [Record<string, unknown>, string][] = [
      [{ width_mm: 3200 }, 'Blind 2 (3200 x 2100 mm): Blinds wider or longer than 3000 mm are custom made'],
      [{ width_mm: 50, drop_mm: 50 }, 'Blind 2 (50 x 50 mm): The smallest'],
      [{ product_type: 'teleporter' }, "Blind 2: we do not make 'teleporter'"],
      [{ colour: 'Neon Plaid' }, "does not come in 'Neon Plaid'"],
    ];
    const before = await countOrders();
    for (const [change, message] of cases) {
      const blinds = [base.blinds[0], { ...base.blinds[1], ...change }];
      const res = await postJson('/api/orders/submit', { ...base, blinds }, ip());
      expect(res.status, message).toBe(400);
      const body = await res.json<any>();
      expect(body.message).toContain(message);
      expect(body.issues[0].path).toMatch(/^blinds\.1/);
    }
    expect(await countOrders()).toBe(before);
  });

  it('stores the colour as the catalogue spells it', async () => {
    const colour = await firstColour('roller-blockout');
    const base = await orderBody();
    const res = await postJson('/api/orders/submit', { ...base, blinds: [{ ...base.blinds[0], colour: `  ${colour.toUpperCase()} ` }] }, ip());
    expect(res.status).toBe(201);
    expect((await res.json<any>()).order.blinds[0].colour).toBe(colour);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the same order; a different body with the key is a 409', async () => {
    const key = `test-${crypto.randomUUID()}`;
    const body = await orderBody();
    const first = await postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const before = await countOrders();
    // The client's price is not part of the order, so a retry with another claimed price is the same order.
    const retry = await postJson('/api/orders/submit', { ...body, total_amount: 99 }, { ...ip(), 'Idempotency-Key': key });
    expect(retry.status).toBe(200);
    expect((await retry.json<any>()).reference).toBe((await first.json<any>()).reference);
    expect(await countOrders()).toBe(before);
    const other = await postJson('/api/orders/submit', await orderBody({ customer_name: 'Someone Else' }), { ...ip(), 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect((await other.json<any>()).message).toBe('This Idempotency-Key was already used for a different order.');
  });

  it('ten simultaneous submissions with one key make one order', async () => {
    const key = `race-${crypto.randomUUID()}`;
    const body = await orderBody();
    const before = await countOrders();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key })));
    const references = new Set(await Promise.all(answers.map(async (r) => (await r.json<any>()).reference)));
    expect(answers.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(references.size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
  });

  it('a key that is too short is a 400', async () => {
    const res = await postJson('/api/orders/submit', await orderBody(), { ...ip(), 'Idempotency-Key': 'abc' });
    expect(res.status).toBe(400);
  });
});
