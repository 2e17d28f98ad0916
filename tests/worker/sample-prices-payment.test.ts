// No card payment at sample prices in production (DESIGN.md sections 6 and 7b): the seeded grids are
// sample grids; an order priced from one records it per line, and in production no payment path
// starts a checkout for it. APP_ENV=development may; so may an order priced from an uploaded list.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { database } from '../../worker/lib/db';
import { describe, expect, it } from 'vitest';
import { orderLines, orders, quotes } from '../../worker/db/schema';
import { coloursForProduct } from '../../worker/services/catalog';
import { bulkUploadPriceLists, templateFor } from '../../worker/services/staff/price-lists';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { createPayment, orderRow } from './payments-fixtures';
import { clientIp } from './helpers';

/** The whole app with some configuration changed, with an execution context (orders send e-mails after answering). */
async function appRequest(path: string, init: RequestInit, overrides: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(`https://shop.test${path}`, init, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const PRODUCTION = { APP_ENV: 'production' };
const DEVELOPMENT = { APP_ENV: 'development' };

async function submitOrder(product: string, overrides: Record<string, string> = PRODUCTION) {
  const colour = (await coloursForProduct(env.DB, product)).colours[0]!.name;
  const body = {
    customer_name: 'Thandi Nkosi',
    customer_email: 'thandi@example.co.za',
    customer_phone: '082 555 0101',
    blinds: [
      { product_type: product, width_mm: 1200, drop_mm: 1500, control_side: 'left', mount_type: 'inside-recess', colour, quantity: 1 },
    ],
  };
  const res = await appRequest(
    '/api/orders/submit',
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp() }, body: JSON.stringify(body) },
    overrides,
  );
  expect(res.status).toBe(201);
  return res.json<{
    reference: string;
    paymentUrl: string | null;
    order: { sample_prices: boolean; blinds: { sample_price: boolean }[] };
  }>();
}

async function saveQuote(product: string): Promise<{ quote_id: string; access_key: string }> {
  const colour = (await coloursForProduct(env.DB, product)).colours[0]!.name;
  const body = {
    quote_id: `CB-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
    blinds: [{ product_type: product, width_mm: 1200, drop_mm: 1500, colour, quantity: 1 }],
    customer_name: 'Sipho Dlamini',
    customer_email: 'sipho@example.co.za',
  };
  const res = await appRequest('/api/email/quote-internal', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

/** A staff upload of the product's list (the template as it downloads): a real grid in force. */
async function uploadRealPrices(product: string) {
  const { csv } = await templateFor(env.DB, product);
  const answer = await bulkUploadPriceLists(
    env.DB,
    [{ name: `${product}-pricing-template.csv`, text: async () => csv, size: csv.length }],
    'test-staff',
    64 * 1024,
  );
  expect(answer.successful_uploads).toBe(1);
}

function expectRefusal(body: { success: boolean; error: string; message: string }) {
  expect(body).toMatchObject({ success: false, error: 'conflict' });
  expect(body.message).toContain('sample prices');
  // The shop's contacts (vitest.worker.config.ts bindings) are in the message.
  expect(body.message).toContain('+27 44 000 0000');
  expect(body.message).toContain('info@example.co.za');
}

describe('an order priced from a sample grid', () => {
  it('records the sample price on each line, server-side, whatever the client says', async () => {
    const submitted = await submitOrder('roller-blockout');
    expect(submitted.order.sample_prices).toBe(true);
    expect(submitted.order.blinds[0]!.sample_price).toBe(true);
    const [line] = await database(env.DB).select().from(orderLines).where(eq(orderLines.orderReference, submitted.reference));
    expect(line!.priceIsSample).toBe(true);
  });

  it('in production: no payment link, and POST /api/payment/create answers 409 with the contacts and starts nothing', async () => {
    const submitted = await submitOrder('roller-blockout');
    expect(submitted.paymentUrl).toBeNull();
    const read = await appRequest(`/api/orders/${submitted.reference}`, { headers: { 'CF-Connecting-IP': clientIp() } }, PRODUCTION);
    expect((await read.json<{ order: { card_payment_refused: boolean } }>()).order.card_payment_refused).toBe(true);

    const res = await createPayment({ quote_id: submitted.reference, customer_info: { email: 'thandi@example.co.za' } }, PRODUCTION);
    expect(res.status).toBe(409);
    expectRefusal(await res.json());
    const row = await orderRow(submitted.reference);
    expect(row.checkoutId).toBeNull();
    expect(row.paymentProvider).toBeNull();
  });

  it('with APP_ENV unset (production by default) it is refused too', async () => {
    const submitted = await submitOrder('roller-blockout');
    const res = await createPayment({ quote_id: submitted.reference }, { APP_ENV: undefined });
    expect(res.status).toBe(409);
  });

  it('in development the sandbox payment starts', async () => {
    const submitted = await submitOrder('roller-blockout', DEVELOPMENT);
    expect(submitted.paymentUrl).toContain('pay=1');
    const res = await createPayment({ quote_id: submitted.reference }, DEVELOPMENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, provider: 'sandbox' });
  });

  it('a stored quote at sample prices: 409 in production and no order is made from it', async () => {
    const quote = await saveQuote('roller-blockout');
    const read = await appRequest(`/api/quotes/${quote.quote_id}?key=${quote.access_key}`, {}, PRODUCTION);
    expect((await read.json<{ quote: object }>()).quote).toMatchObject({ sample_prices: true, card_payment_refused: true });
    const res = await createPayment(
      { quote_id: quote.quote_id, quote_key: quote.access_key, customer_info: { name: 'Sipho', email: 'sipho@example.co.za' } },
      PRODUCTION,
    );
    expect(res.status).toBe(409);
    expectRefusal(await res.json());
    expect(await database(env.DB).select().from(orders).where(eq(orders.quoteId, quote.quote_id))).toHaveLength(0);
  });

  it('a stored quote saved before lines carried the flag is judged by its grid version', async () => {
    const quote = await saveQuote('roller-blockout');
    const [row] = await database(env.DB).select().from(quotes).where(eq(quotes.id, quote.quote_id));
    const legacy = (row!.lines as Record<string, unknown>[]).map(({ sample_price: _s, ...rest }) => rest);
    await database(env.DB).update(quotes).set({ lines: legacy }).where(eq(quotes.id, quote.quote_id));
    const res = await createPayment(
      { quote_id: quote.quote_id, quote_key: quote.access_key, customer_info: { name: 'Sipho', email: 'sipho@example.co.za' } },
      PRODUCTION,
    );
    expect(res.status).toBe(409);
  });
});

describe('an order priced from an uploaded price list', () => {
  it('clears the flag for that product, and the card payment starts in production', async () => {
    await uploadRealPrices('verticals-blockout');
    const submitted = await submitOrder('verticals-blockout');
    expect(submitted.order.sample_prices).toBe(false);
    expect(submitted.paymentUrl).toContain('pay=1');
    const res = await createPayment(
      { quote_id: submitted.reference },
      { ...PRODUCTION, SANDBOX_PAYMENT_SECRET: 'a-production-sandbox-secret' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, provider: 'sandbox' });
  });
});
