// Payment methods come from configuration and the web app offers only those (DESIGN.md 7b): with
// PAYMENT_PROVIDER=none no card payment is offered or started, and the customer is told how to pay
// by bank transfer (the shop's account from BANK_* configuration, the order reference as payment
// reference) in the confirmation e-mail.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import worker from '../../worker/index';
import { publicConfig } from '../../worker/routes/config';
import { coloursForProduct } from '../../worker/services/catalog';
import { BASE } from './helpers';
import { createPayment, insertOrder, insertQuote, orderRow } from './payments-fixtures';

const BANK: Partial<Env> = {
  BANK_ACCOUNT_NAME: 'Knysna Blinds (Pty) Ltd',
  BANK_NAME: 'First National Bank',
  BANK_ACCOUNT_NUMBER: '62812345678',
  BANK_BRANCH_CODE: '250655',
  BANK_ACCOUNT_TYPE: 'Cheque',
};
const BANK_DETAILS = {
  accountName: 'Knysna Blinds (Pty) Ltd',
  bankName: 'First National Bank',
  accountNumber: '62812345678',
  branchCode: '250655',
  accountType: 'Cheque',
};
const NONE: Partial<Env> = { PAYMENT_PROVIDER: 'none', ...BANK };

let ipCounter = 0;
const ip = () => `198.51.100.${(ipCounter++ % 200) + 20}`;

/**
 * The Worker itself with configuration of the test's own (and a context, so e-mails go after the
 * answer). APP_ENV=development unless the test says otherwise: the seeded grids are sample grids, and
 * elsewhere no way to pay is offered at sample prices (the test that checks that sets production).
 */
async function workerFetch(path: string, init: RequestInit, overrides: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${BASE}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, APP_ENV: 'development', ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res as Response;
}

async function submitOrder(overrides: Partial<Env>) {
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  const body = {
    customer_name: 'Ayanda Zulu',
    customer_email: 'ayanda@example.co.za',
    customer_phone: '082 555 0123',
    blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1 }],
  };
  const res = await workerFetch(
    '/api/orders/submit',
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip() }, body: JSON.stringify(body) },
    overrides,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<{ reference: string; paymentStatus: string; paymentUrl: string | null; order: { total_cents: number } }>();
}

async function customerEmail(reference: string) {
  const row = await env.DB.prepare('SELECT html, text FROM email_outbox WHERE dedupe_key = ?')
    .bind(`order-confirmation:${reference}:customer`)
    .first<{ html: string; text: string }>();
  expect(row).not.toBeNull();
  return row!;
}

describe('GET /api/config says which ways to pay the server has', () => {
  it('PAYMENT_PROVIDER=none: no card; the bank account when all five BANK_* are set', async () => {
    const res = await workerFetch('/api/config', {}, NONE);
    expect(res.status).toBe(200);
    expect((await res.json<any>()).payment).toEqual({ card: false, instantEft: false, instantEftTest: false, bankTransfer: BANK_DETAILS });
    // Half an account is no way to pay.
    expect(publicConfig({ ...env, ...NONE, BANK_BRANCH_CODE: ' ' }).payment).toEqual({
      card: false,
      instantEft: false,
      instantEftTest: false,
      bankTransfer: null,
    });
    expect(publicConfig({ ...env, PAYMENT_PROVIDER: 'none' }).payment).toEqual({
      card: false,
      instantEft: false,
      instantEftTest: false,
      bankTransfer: null,
    });
  });

  it('the sandbox gateway: card and its test instant EFT, and the bank account too when it is configured', async () => {
    const res = await workerFetch('/api/config', {}, { PAYMENT_PROVIDER: 'sandbox' });
    expect((await res.json<any>()).payment).toEqual({ card: true, instantEft: true, instantEftTest: true, bankTransfer: null });
    expect(publicConfig({ ...env, PAYMENT_PROVIDER: 'sandbox', ...BANK }).payment).toEqual({
      card: true,
      instantEft: true,
      instantEftTest: true,
      bankTransfer: BANK_DETAILS,
    });
  });

  it('a gateway that cannot take a payment (missing keys, unknown name) offers no card either', () => {
    expect(publicConfig({ ...env, PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: undefined }).payment.card).toBe(false);
    expect(publicConfig({ ...env, PAYMENT_PROVIDER: 'stripe' }).payment.card).toBe(false);
    expect(
      publicConfig({ ...env, PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: 'sk_test_x', YOCO_WEBHOOK_SECRET: 'whsec_eA==' }).payment.card,
    ).toBe(true);
  });
});

describe('an order with PAYMENT_PROVIDER=none', () => {
  it('is placed without a payment link; its e-mail gives the bank details and the reference as payment reference', async () => {
    const placed = await submitOrder(NONE);
    expect(placed).toMatchObject({ paymentStatus: 'pending', paymentUrl: null });
    const { html, text } = await customerEmail(placed.reference);
    for (const body of [html, text]) {
      expect(body).toContain('How to pay by bank transfer');
      for (const value of Object.values(BANK_DETAILS)) expect(body).toContain(value);
      expect(body).toContain(`Use your order reference ${placed.reference} as the payment reference`);
      expect(body).not.toMatch(/by card/i);
    }
    expect(text).toMatch(new RegExp(`Payment reference: ${placed.reference}`));
    expect(text).toContain('Please pay by bank transfer as shown below');
  });

  it('at sample prices in production the e-mail offers no way to pay: no bank details, the sample-prices note instead', async () => {
    // Real money is never taken at sample prices (DESIGN.md 7b): the seeded grids are samples.
    const placed = await submitOrder({ ...NONE, APP_ENV: 'production' });
    expect(placed.paymentUrl).toBeNull();
    const { html, text } = await customerEmail(placed.reference);
    for (const body of [html, text]) {
      expect(body).not.toContain('How to pay by bank transfer');
      expect(body).not.toContain(BANK_DETAILS.accountNumber);
      expect(body).toContain('These are sample prices; our team confirms the final price before you pay.');
    }
    expect(text).toContain('We will contact you to confirm the price and arrange payment.');
  });

  it('without bank details the e-mail says the team will arrange payment, and offers no card', async () => {
    const placed = await submitOrder({ PAYMENT_PROVIDER: 'none' });
    const { text } = await customerEmail(placed.reference);
    expect(text).toContain('We will contact you to arrange payment');
    expect(text).not.toMatch(/by card|bank transfer/i);
  });

  it('with a card gateway and bank details, the e-mail offers both', async () => {
    const placed = await submitOrder({ PAYMENT_PROVIDER: 'sandbox', ...BANK });
    expect(placed.paymentUrl).toMatch(/\/order-confirmation\?ref=.*&pay=1$/);
    const { text } = await customerEmail(placed.reference);
    expect(text).toContain('Pay securely by card or instant EFT from your order page, or by bank transfer as shown below');
    expect(text).toContain(`Payment reference: ${placed.reference}`);
  });
});

describe('POST /api/payment/create with PAYMENT_PROVIDER=none', () => {
  it('answers 409 saying to pay by bank transfer; the order stays pending with no checkout', async () => {
    const order = await insertOrder();
    const res = await createPayment({ quote_id: order.reference }, NONE);
    expect(res.status).toBe(409);
    const body = await res.json<{ success: boolean; error: string; message: string }>();
    expect(body).toMatchObject({ success: false, error: 'conflict' });
    expect(body.message).toMatch(
      /^Card payments are not offered on this site\. Please pay by bank transfer, using your order reference as the payment reference/,
    );
    const row = await orderRow(order.reference);
    expect(row).toMatchObject({ paymentStatus: 'pending', checkoutId: null, paymentProvider: null });
  });

  it('makes no order from a stored quote', async () => {
    const quote = await insertQuote({ email: 'q@example.co.za', name: 'Q' });
    const res = await createPayment(
      { quote_id: quote.id, quote_key: quote.accessKey, customer_info: { name: 'Q', email: 'q@example.co.za' } },
      NONE,
    );
    expect(res.status).toBe(409);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?').bind(quote.id).first<number>('n')).toBe(0);
  });
});

describe('POST /api/quotes/{quote_id}/order: a stored quote ordered without a card payment', () => {
  it('makes the order once from the quote, pending, with the bank-transfer e-mail; a wrong key is a 404', async () => {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    const saved = await workerFetch(
      '/api/email/quote',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip() },
        body: JSON.stringify({
          recipient_email: 'nomsa@example.co.za',
          recipient_name: 'Nomsa Dlamini',
          quote_id: 'CB-515151',
          blinds: [{ product_type: 'roller-blockout', width_mm: 900, drop_mm: 1200, colour }],
        }),
      },
      NONE,
    );
    expect(saved.status).toBe(201);
    const { quote_id, access_key } = await saved.json<{ quote_id: string; access_key: string }>();
    const order = (key: string) =>
      workerFetch(
        `/api/quotes/${quote_id}/order`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip() },
          body: JSON.stringify({ quote_key: key, customer_info: { name: 'Nomsa Dlamini', email: 'nomsa@example.co.za' } }),
        },
        NONE,
      );
    const first = await order(access_key);
    expect(first.status, await first.clone().text()).toBe(200);
    const { reference, order: dto } = await first.json<{ reference: string; order: { paymentStatus: string; quote_id: string } }>();
    expect(dto).toMatchObject({ paymentStatus: 'pending', quote_id });
    expect((await (await order(access_key)).json<{ reference: string }>()).reference).toBe(reference);
    expect((await order('wrong-key')).status).toBe(404);
    const { text } = await customerEmail(reference);
    expect(text).toContain(`Payment reference: ${reference}`);
    expect(text).toContain('First National Bank');
  });
});
