// Stored quotes (storefront spec sections 2 '/quote-document', 7, 9; staff spec 2.1): POST
// /api/email/quote-internal, GET /api/quotes/{id}?key=, the order made once from a quote, the order
// confirmation e-mails queued once per order, and how long a quote is valid. The quote e-mail itself:
// quotes-email.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { orderFromQuote } from '../../worker/services/order-from-quote';
import { quoteValidUntil } from '../../worker/services/quotes';
import { get, postJson } from './helpers';
import {
  BUSINESS_EMAIL,
  blinds,
  emailQuoteBody,
  expectedTotalCents,
  freshQuoteId,
  ip,
  outboxRows,
  quoteRow,
  rand,
  settled,
  type OutboxRow,
} from './quotes-email-fixtures';

describe('POST /api/email/quote-internal', () => {
  async function internalBody(overrides: Record<string, unknown> = {}) {
    return {
      quote_id: freshQuoteId(),
      quote_date: '2026-11-22',
      blinds: await blinds(),
      total_amount: 3,
      total_quantity: 3,
      customer_name: '',
      customer_email: '',
      customer_mobile: '',
      ...overrides,
    };
  }

  it("with no customer details: stored as 'Walk-in Customer' (e-mail and mobile unknown), and the business gets 'Quote saved' with the placeholders", async () => {
    const body = await internalBody();
    const res = await postJson('/api/email/quote-internal', body, ip());
    expect(res.status).toBe(201);
    const answer = await res.json<any>();
    expect(answer).toMatchObject({
      success: true,
      quote_id: body.quote_id,
      total_amount: (await expectedTotalCents()) / 100,
      message: `Quote ${body.quote_id} is saved for the business.`,
    });
    expect(await quoteRow(body.quote_id)).toMatchObject({
      origin: 'internal',
      customer_name: 'Walk-in Customer',
      customer_email: null,
      customer_mobile: null,
    });
    const rows = await settled(`quote:${body.quote_id}:`, 1);
    expect(rows.map((r) => [r.dedupe_key, r.kind, r.to_address])).toEqual([
      [`quote:${body.quote_id}:internal`, 'quote-saved', BUSINESS_EMAIL],
    ]);
    const saved = rows[0]!;
    expect(saved.subject).toBe(`Quote saved: ${body.quote_id} - Walk-in Customer`);
    expect(saved.text).toContain('Name: Walk-in Customer');
    expect(saved.text).toContain('E-mail: Not provided');
    expect(saved.text).toContain('Mobile: Not provided');
    expect(saved.text).toContain(`https://shop.test/quote?quote_id=${body.quote_id}&key=${answer.access_key}`);
    expect(saved.reply_to).toBeNull();
  });

  it("the client's placeholders are placeholders too; real details are stored", async () => {
    const placeholders = await internalBody({
      customer_name: 'Walk-in Customer',
      customer_email: 'Not provided',
      customer_mobile: 'Not provided',
    });
    expect((await postJson('/api/email/quote-internal', placeholders, ip())).status).toBe(201);
    expect(await quoteRow(placeholders.quote_id)).toMatchObject({
      customer_name: 'Walk-in Customer',
      customer_email: null,
      customer_mobile: null,
    });

    const real = await internalBody({
      customer_name: 'Sipho Dlamini',
      customer_email: 'sipho@example.co.za',
      customer_mobile: '083 000 1111',
    });
    expect((await postJson('/api/email/quote-internal', real, ip())).status).toBe(201);
    expect(await quoteRow(real.quote_id)).toMatchObject({
      customer_name: 'Sipho Dlamini',
      customer_email: 'sipho@example.co.za',
      customer_mobile: '083 000 1111',
    });
    const [saved] = await settled(`quote:${real.quote_id}:`, 1);
    expect(saved!.reply_to).toBe('sipho@example.co.za');
  });

  it('an e-mail address that is not one is a 400, not a quote nobody can pay', async () => {
    const body = await internalBody({ customer_email: 'sipho-at-home' });
    const res = await postJson('/api/email/quote-internal', body, ip());
    expect(res.status).toBe(400);
    expect(await res.json<any>()).toMatchObject({
      error: 'validation_error',
      message: 'customer_email: must be a valid email address (or leave it empty)',
    });
    expect(await quoteRow(body.quote_id)).toBeNull();
  });
});

describe('GET /api/quotes/{quote_id}?key=', () => {
  it('answers the stored quote with its key, and the same 404 for a wrong key, no key or an unknown number', async () => {
    const body = await emailQuoteBody();
    const { quote_id, access_key } = await (await postJson('/api/email/quote', body, ip())).json<any>();
    const res = await get(`/api/quotes/${quote_id.toLowerCase()}?key=${access_key}&t=123`);
    expect(res.status).toBe(200);
    const { quote } = await res.json<any>();
    const total = await expectedTotalCents();
    const vat = Math.round((total * 15) / 115);
    expect(quote).toMatchObject({
      quote_id,
      customer_name: 'Lerato Dube',
      customer_email: body.recipient_email,
      customer_mobile: '082 555 0199',
      total_amount: total / 100,
      vat: vat / 100,
      subtotal: (total - vat) / 100,
      total_quantity: 3,
      order_reference: null,
    });
    expect(quote.blinds).toHaveLength(2);
    expect(quote.blinds[0]).toMatchObject({ line_no: 1, product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, quantity: 2 });
    expect(Date.parse(quote.valid_until)).toBeGreaterThan(Date.parse(quote.quote_date));

    const notFound = 'Quote Not Found. Please generate a new quote through the measurement tool.';
    for (const path of [
      `/api/quotes/${quote_id}?key=wrong`,
      `/api/quotes/${quote_id}`,
      `/api/quotes/${quote_id}?key=${access_key.slice(0, -1)}`,
      `/api/quotes/CB-000000?key=${access_key}`,
      `/api/quotes/not-a-quote?key=x`,
    ]) {
      const miss = await get(path);
      expect(miss.status, path).toBe(404);
      expect((await miss.json<any>()).message, path).toBe(notFound);
    }
  });

  it('the order made from a quote is made once, and the quote then names it', async () => {
    const body = await emailQuoteBody();
    const { quote_id, access_key } = await (await postJson('/api/email/quote', body, ip())).json<any>();
    const customer = { name: 'Lerato Dube', email: 'lerato@example.co.za', phone: '082 555 0199' };
    const [first, second] = await Promise.all([
      orderFromQuote(env, quote_id, access_key, customer),
      orderFromQuote(env, quote_id, access_key, customer),
    ]);
    expect(second.reference).toBe(first.reference);
    expect(first.total_cents).toBe(await expectedTotalCents());
    expect(first.quote_id).toBe(quote_id);
    const again = await orderFromQuote(env, quote_id, access_key, customer);
    expect(again.reference).toBe(first.reference);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?').bind(quote_id).first('n')).toBe(1);
    const { quote } = await (await get(`/api/quotes/${quote_id}?key=${access_key}`)).json<any>();
    expect(quote.order_reference).toBe(first.reference);
  });
});

describe('order confirmation e-mails', () => {
  async function orderBody() {
    return {
      customer_name: 'Thandi <b>Mokoena</b>',
      customer_email: 'thandi@example.co.za',
      customer_phone: '082 555 0101',
      customer_address: '12 Main Road, George',
      special_instructions: 'Gate code 1234',
      blinds: (await blinds()).slice(0, 1),
      total_amount: 1,
    };
  }

  it('a new order queues the customer and business confirmations once each, even when the submission is retried', async () => {
    const key = `mail-${crypto.randomUUID()}`;
    const body = await orderBody();
    const first = await (await postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key })).json<any>();
    const ref = first.reference;
    const rows = await settled(`order-confirmation:${ref}:`, 2);
    expect(rows.map((r) => [r.dedupe_key, r.to_address, r.status])).toEqual([
      [`order-confirmation:${ref}:customer`, 'thandi@example.co.za', 'sent'],
      [`order-confirmation:${ref}:business`, BUSINESS_EMAIL, 'sent'],
    ]);
    const retry = await postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key });
    expect((await retry.json<any>()).reference).toBe(ref);
    await new Promise((r) => setTimeout(r, 100));
    expect(await outboxRows(`order-confirmation:${ref}:`)).toHaveLength(2);

    const [customer, business] = rows as [OutboxRow, OutboxRow];
    const total = first.order.total_cents as number;
    const vat = Math.round((total * 15) / 115);
    const link = `https://shop.test/order-confirmation?ref=${ref}`;
    expect(customer.subject).toBe(`Order ${ref} received - Custom Blinds`);
    for (const part of [customer.text, customer.html]) {
      expect(part).toContain(ref);
      expect(part).toContain('Payment status');
      expect(part).toContain('Pending');
      expect(part).toContain('Roller Blind - Blockout');
      expect(part).toContain('1200 x 1500 mm');
      expect(part).toContain(rand(vat));
      expect(part).toContain(rand(total));
      expect(part).toContain('Order processing takes 1-2 business days.');
      // The order's own production time (its products' lead time), fixed when it was placed.
      expect(part).toContain(`Production takes ${first.order.delivery_estimate.leadTimeWorkingDays} working days for your order.`);
      expect(part).toContain('Delivery is by courier within our service area.');
      expect(part).toContain(link);
    }
    // A name that is not a plain name is left out of the customer's e-mail (a neutral greeting);
    // the business's copy shows it as typed, escaped.
    expect(customer.html).not.toContain('Mokoena');
    expect(customer.text).toContain('Hi there,');
    expect(business.html).not.toContain('<b>Mokoena</b>');
    expect(business.html).toContain('Thandi &lt;b&gt;Mokoena&lt;/b&gt;');
    expect(business.reply_to).toBe('thandi@example.co.za');
    for (const detail of ['082 555 0101', '12 Main Road, George', 'Gate code 1234']) expect(business.text).toContain(detail);
  });
});

describe('quote validity', () => {
  it('runs to the end of the 30th day in South Africa (UTC+2), whatever the hour of saving', () => {
    expect(quoteValidUntil(new Date('2026-01-10T10:00:00Z'))).toBe('2026-02-09T21:59:59.999Z');
    // 23:30 UTC is already 11 January in South Africa.
    expect(quoteValidUntil(new Date('2026-01-10T23:30:00Z'))).toBe('2026-02-10T21:59:59.999Z');
  });
});
