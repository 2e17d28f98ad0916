// Sizes that mean what the order says (DESIGN.md section 7b: each order line records where its size
// came from). An estimated size (polygon with an assumed width, walk-through prefill, typical AR
// size, a scan without the A4 sheet) stays marked through the quote and the order; an order with
// any estimate is 'Sizes to be confirmed' for staff, and the customer is told the team confirms
// the sizes before production. The lead score's 20 points for sizes need measured sizes.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { coloursForProduct } from '../../worker/services/catalog';
import { leadScore } from '../../worker/services/staff/lead-score';
import { orderFromQuote } from '../../worker/services/order-from-quote';
import { get, postJson } from './helpers';

let ipCounter = 0;
const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 250) + 1}` });

async function line(overrides: Record<string, unknown> = {}) {
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  return {
    product_type: 'roller-blockout',
    width_mm: 1200,
    drop_mm: 1500,
    control_side: 'left',
    mount_type: 'inside-recess',
    colour,
    quantity: 1,
    ...overrides,
  };
}

async function submit(blinds: unknown[]) {
  const res = await postJson(
    '/api/orders/submit',
    {
      customer_name: 'Thandi Mokoena',
      customer_email: `thandi-${crypto.randomUUID()}@example.co.za`,
      customer_phone: '082 555 0101',
      blinds,
    },
    ip(),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<any>()).order;
}

interface OutboxRow {
  dedupe_key: string;
  subject: string;
  html: string;
  text: string;
}

async function emails(reference: string): Promise<{ customer: OutboxRow; business: OutboxRow }> {
  const { results } = await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id')
    .bind(`order-confirmation:${reference}:%`)
    .all<OutboxRow>();
  const customer = results.find((r) => r.dedupe_key.endsWith(':customer'))!;
  const business = results.find((r) => r.dedupe_key.endsWith(':business'))!;
  return { customer, business };
}

describe('estimated sizes on orders', () => {
  it('an order with an estimated line stores the line source, reads back as sizes to be confirmed, and both e-mails say so', async () => {
    const order = await submit([
      await line({ size_source: 'scan-a4' }),
      await line({ width_mm: 900, drop_mm: 1200, size_source: 'ar-typical' }),
    ]);
    expect(order.sizes_to_confirm).toBe(true);
    expect(order.blinds.map((l: any) => [l.size_source, l.size_estimated])).toEqual([
      ['scan-a4', false],
      ['ar-typical', true],
    ]);
    const { results } = await env.DB.prepare('SELECT line_no, size_source FROM order_lines WHERE order_reference = ? ORDER BY line_no')
      .bind(order.reference)
      .all();
    expect(results).toEqual([
      { line_no: 1, size_source: 'scan-a4' },
      { line_no: 2, size_source: 'ar-typical' },
    ]);

    const read = await (await get(`/api/orders/${order.reference}`)).json<any>();
    expect(read.order.sizes_to_confirm).toBe(true);
    expect(read.order.blinds[1]).toMatchObject({ size_source: 'ar-typical', size_estimated: true });

    const { customer, business } = await emails(order.reference);
    expect(customer.text).toContain('Our team will confirm your sizes before production.');
    expect(customer.html).toContain('Our team will confirm your sizes before production.');
    expect(customer.text).toContain("Estimate (typical size for the opening): we'll confirm this size before production");
    expect(business.subject).toContain('Sizes to be confirmed');
    expect(business.text).toContain('Sizes to be confirmed: blind 2 is an estimate.');
    expect(business.html).toContain('Sizes to be confirmed');
  });

  it('a typed line (and a line sent without a source) is not flagged, and no e-mail talks of confirming sizes', async () => {
    const order = await submit([await line({ size_source: 'typed' }), await line({ width_mm: 1000 })]);
    expect(order.sizes_to_confirm).toBe(false);
    expect(order.blinds.map((l: any) => [l.size_source, l.size_estimated])).toEqual([
      ['typed', false],
      ['typed', false],
    ]);
    const { customer, business } = await emails(order.reference);
    expect(customer.text).not.toContain('confirm your sizes');
    expect(customer.text).not.toContain('Estimate');
    expect(business.subject).not.toContain('Sizes to be confirmed');
    expect(business.text).not.toContain('Sizes to be confirmed');
  });

  it('refuses an unknown size source with a 400 naming the field', async () => {
    const res = await postJson(
      '/api/orders/submit',
      {
        customer_name: 'Thandi',
        customer_email: 'thandi@example.co.za',
        customer_phone: '082 555 0101',
        blinds: [await line({ size_source: 'guessed' })],
      },
      ip(),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('blinds.0.size_source');
  });

  it('a stored quote keeps the estimate, and the order made from it is sizes to be confirmed', async () => {
    const quoteRes = await postJson(
      '/api/email/quote',
      {
        recipient_email: `quote-${crypto.randomUUID()}@example.co.za`,
        recipient_name: 'Lerato Dube',
        quote_id: 'CB-515151',
        blinds: [await line({ size_source: 'polygon-estimate' })],
      },
      ip(),
    );
    expect(quoteRes.status, await quoteRes.clone().text()).toBe(201);
    const { quote_id, access_key } = await quoteRes.json<any>();
    const stored = await (await get(`/api/quotes/${quote_id}?key=${access_key}`)).json<any>();
    const quote = stored.quote ?? stored;
    expect(quote.sizes_to_confirm).toBe(true);
    expect(quote.blinds[0]).toMatchObject({ size_source: 'polygon-estimate', size_estimated: true });

    const order = await orderFromQuote(env, quote_id, access_key, { name: 'Lerato Dube', email: 'lerato@example.co.za' });
    expect(order.sizes_to_confirm).toBe(true);
    const { business, customer } = await emails(order.reference);
    expect(business.text).toContain('Sizes to be confirmed');
    expect(customer.text).toContain('Our team will confirm your sizes before production.');
  });
});

describe('lead score: the 20 points for sizes need measured sizes', () => {
  const base = { email: null, phone: null, whatsapp: null, location: null, productInterest: null };
  const withSize = (dimensions: unknown) => leadScore({ ...base, sessionData: { dimensions } });

  it('a typical or an estimated size earns nothing', () => {
    expect(withSize({ width_mm: 1200, drop_mm: 1200, sizeSource: 'typical' })).toBe(0);
    expect(withSize({ width_mm: 1200, drop_mm: 1200, sizeSource: 'estimated' })).toBe(0);
    expect(withSize([{ width_mm: 1200, drop_mm: 1500 }])).toBe(0);
    // The shutter tool's sizes are estimated from a reference panel height.
    expect(withSize({ estimatedWidthMm: 900, estimatedHeightMm: 1500 })).toBe(0);
  });

  it("the customer's own or a measured size earns the 20 points", () => {
    expect(withSize({ width_mm: 1450, drop_mm: 1720, sizeSource: 'customer' })).toBe(20);
    expect(
      withSize([
        { width_mm: 1200, drop_mm: 1200, sizeSource: 'typical' },
        { width_mm: 1450, drop_mm: 1720, sizeSource: 'measured' },
      ]),
    ).toBe(20);
  });
});
