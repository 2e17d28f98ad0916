import { SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { BASE, clearOfWindowEnd, clientIp, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';
import { appRequest, createPayment, insertOrder, insertQuote, orderRow } from './payments-fixtures';

const EMAIL_REQUIRED = 'Please provide your email address to complete the purchase.';

describe('POST /api/payment/create', () => {
  it('answers 404 for an unknown order reference', async () => {
    const res = await postJson(
      '/api/payment/create',
      { quote_id: 'CB-UNKNOWN234', customer_info: { email: 'a@example.co.za' } },
      { 'CF-Connecting-IP': clientIp() },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      error: 'not_found',
      message: 'Order CB-UNKNOWN234 was not found. Please check the reference or contact us.',
    });
  });

  it("answers 409 'Order X is already paid.' for a paid order", async () => {
    const order = await insertOrder({ paymentStatus: 'paid' });
    const res = await postJson('/api/payment/create', { quote_id: order.reference }, { 'CF-Connecting-IP': clientIp() });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, error: 'conflict', message: `Order ${order.reference} is already paid.` });
  });

  it('validates the body: quote_id is required, and only JSON is accepted', async () => {
    const missing = await postJson('/api/payment/create', { customer_info: {} }, { 'CF-Connecting-IP': clientIp() });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'validation_error', message: 'quote_id: is required' });
    const form = await SELF.fetch(`${BASE}/api/payment/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': clientIp() },
      body: 'quote_id=CB-1',
    });
    expect(form.status).toBe(415);
  });

  it(
    'is rate limited per client',
    async () => {
      const ip = '198.51.100.77';
      const statuses: number[] = [];
      await clearOfWindowEnd(600);
      for (let i = 0; i < 21; i++) statuses.push((await postJson('/api/payment/create', {}, { 'CF-Connecting-IP': ip })).status);
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );
});

describe("'Payment Setup Required' (503 not_configured) when no gateway can take the payment", () => {
  const SETUP_REQUIRED = 'Payment Setup Required. Card payments are not available right now; please contact us to pay for your order.';
  const cases: [string, Record<string, string | undefined>, string[]][] = [
    [
      'the sandbox in production without SANDBOX_PAYMENT_SECRET',
      { PAYMENT_PROVIDER: 'sandbox', APP_ENV: 'production', SANDBOX_PAYMENT_SECRET: undefined },
      ['SANDBOX_PAYMENT_SECRET'],
    ],
    [
      'the sandbox with APP_ENV unset and no SANDBOX_PAYMENT_SECRET',
      { PAYMENT_PROVIDER: 'sandbox', APP_ENV: undefined, SANDBOX_PAYMENT_SECRET: undefined },
      ['SANDBOX_PAYMENT_SECRET'],
    ],
    [
      'yoco without keys',
      { PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: undefined, YOCO_WEBHOOK_SECRET: undefined },
      ['YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET'],
    ],
    [
      'yoco without the webhook secret',
      { PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: 'sk_test_x', YOCO_WEBHOOK_SECRET: undefined },
      ['YOCO_WEBHOOK_SECRET'],
    ],
    [
      'payfast without merchant details',
      { PAYMENT_PROVIDER: 'payfast', PAYFAST_MERCHANT_ID: undefined, PAYFAST_MERCHANT_KEY: undefined },
      ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY'],
    ],
    ['an unknown provider', { PAYMENT_PROVIDER: 'stripe' }, ["PAYMENT_PROVIDER 'stripe'"]],
  ];
  for (const [name, overrides, logged] of cases) {
    it(`${name}: the customer reads a sentence without setting names; the log has them`, async () => {
      const order = await insertOrder();
      const errors = vi.spyOn(console, 'error');
      const res = await createPayment({ quote_id: order.reference }, overrides);
      expect(res.status).toBe(503);
      const body = await res.json<{ success: boolean; error: string; message: string }>();
      expect(body).toMatchObject({ success: false, error: 'not_configured', message: SETUP_REQUIRED });
      expect(body.message).not.toMatch(/[A-Z]{2,}_[A-Z_]+|=/);
      const log = errors.mock.calls.map((call) => String(call[0])).join('\n');
      for (const setting of logged) expect(log).toContain(setting);
      errors.mockRestore();
      const row = await orderRow(order.reference);
      expect(row.checkoutId).toBeNull();
      expect(row.paymentProvider).toBeNull();
    });
  }

  it('the sandbox runs in production once SANDBOX_PAYMENT_SECRET is set, and its page is refused without it', async () => {
    const order = await insertOrder();
    const production = { APP_ENV: 'production', SANDBOX_PAYMENT_SECRET: 'a-production-sandbox-secret', PAYMENT_PROVIDER: 'sandbox' };
    const res = await createPayment({ quote_id: order.reference }, production);
    expect(res.status).toBe(200);
    const { checkout_url } = await res.json<{ checkout_url: string }>();
    const path = new URL(checkout_url).pathname;
    expect((await appRequest(path, {}, production)).status).toBe(200);
    expect((await appRequest(path, {}, { ...production, SANDBOX_PAYMENT_SECRET: undefined })).status).toBe(404);
  });

  it('return URLs use PUBLIC_BASE_URL when set', async () => {
    const order = await insertOrder();
    const res = await createPayment({ quote_id: order.reference }, { PUBLIC_BASE_URL: 'https://blinds.example.co.za/' });
    const { checkout_url } = await res.json<{ checkout_url: string }>();
    expect(checkout_url).toMatch(/^https:\/\/blinds\.example\.co\.za\/pay\/sandbox\/sbx_chk_/);
    const pay = await appRequest(new URL(checkout_url).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': clientIp() },
      body: 'action=cancel',
      redirect: 'manual',
    });
    expect(pay.headers.get('Location')).toBe(`https://blinds.example.co.za/payment-cancelled?reference=${order.reference}`);
  });
});

describe('paying for a stored quote (quote number + quote_key)', () => {
  it('needs the quote_key', async () => {
    const quote = await insertQuote({ email: 'q@example.co.za' });
    const res = await createPayment({ quote_id: quote.id, customer_info: { email: 'q@example.co.za', name: 'Q' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'validation_error', message: 'quote_key: is required to pay for a stored quote.' });
  });

  it('answers 404 for a wrong key when the details must come from the quote', async () => {
    const quote = await insertQuote({ email: 'q@example.co.za' });
    const res = await createPayment({ quote_id: quote.id, quote_key: 'wrong', customer_info: {} });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: 'not_found',
      message: `Quote ${quote.id} was not found. Please generate a new quote through the measurement tool.`,
    });
  });

  it(`no e-mail in customer_info and none on the quote: 400 '${EMAIL_REQUIRED}'`, async () => {
    const quote = await insertQuote({ email: null });
    const res = await createPayment({ quote_id: quote.id, quote_key: quote.accessKey, customer_info: { name: 'Sipho' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: 'validation_error', message: EMAIL_REQUIRED });
  });

  it('a malformed e-mail is refused before an order is made', async () => {
    const quote = await insertQuote();
    const res = await createPayment({
      quote_id: quote.id,
      quote_key: quote.accessKey,
      customer_info: { name: 'Sipho', email: 'not-an-email' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'validation_error', message: 'customer_info.email: must be a valid email address' });
  });
});
