import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import {
  addressAllowed,
  DEFAULT_PAYFAST_SOURCES,
  payfastParamString,
  payfastSignature,
  phpUrlencode,
  type Field,
} from '../../worker/services/payments/payfast';
import {
  appRequest,
  createPayment,
  expectPaidOnce,
  insertOrder,
  orderRow,
  outboxRows,
  paymentRows,
  type TestOrder,
} from './payments-fixtures';

const STAND_IN_URL = env.STAND_IN_URL;
const ORIGIN = 'https://blinds.example.co.za';
const PAYFAST_ADDRESS = '197.97.145.150';

// PayFast's own PHP SDK test vector (Payfast/payfast-php-sdk, tests/PaymentIntegrations/NotificationTest.php).
const SDK_ITN: Field[] = [
  ['m_payment_id', '000000020'],
  ['pf_payment_id', '1579137'],
  ['payment_status', 'COMPLETE'],
  ['item_name', 'Order #000000020'],
  ['item_description', ''],
  ['amount_gross', '15.00'],
  ['amount_fee', '-2.30'],
  ['amount_net', '12.70'],
  ['custom_str1', ''],
  ['custom_str2', ''],
  ['custom_str3', ''],
  ['custom_str4', ''],
  ['custom_str5', ''],
  ['custom_int1', ''],
  ['custom_int2', ''],
  ['custom_int3', ''],
  ['custom_int4', ''],
  ['custom_int5', ''],
  ['name_first', 'Tom'],
  ['name_last', 'Tom'],
  ['email_address', 'lindley+user1@appinlet.com'],
  ['merchant_id', '10027938'],
];
const SDK_SIGNATURE = '4078bca2c8987e0e0c4e7230f2f46323';

async function md5(text: string): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('MD5', new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** A merchant of this test's own, so its recorded requests can be told apart. */
function payfast(overrides: Partial<Env> = {}): Partial<Env> {
  return {
    PAYMENT_PROVIDER: 'payfast',
    PAYFAST_MERCHANT_ID: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
    PAYFAST_HOST: `${STAND_IN_URL}/payfast`,
    PUBLIC_BASE_URL: ORIGIN,
    ...overrides,
  };
}

async function recorded(merchantId: string): Promise<any[]> {
  const all: any[] = await (await fetch(`${STAND_IN_URL}/__requests?key=${merchantId}`)).json();
  return all.filter((r) => r.path === '/payfast/eng/query/validate');
}

/** An order with a PayFast checkout started through POST /api/payment/create (its id comes back as custom_str1). */
type PayfastOrder = TestOrder & { checkoutId?: string };

async function orderOnCheckout(
  config: Partial<Env>,
  overrides: Parameters<typeof insertOrder>[0] = {},
): Promise<TestOrder & { checkoutId: string }> {
  const order = await insertOrder(overrides);
  expect((await createPayment({ quote_id: order.reference }, config)).status).toBe(200);
  return { ...order, checkoutId: (await orderRow(order.reference)).checkoutId! };
}

function itnFields(config: Partial<Env>, order: PayfastOrder, overrides: Record<string, string> = {}): Field[] {
  const rand = `${Math.floor(order.totalCents / 100)}.${String(order.totalCents % 100).padStart(2, '0')}`;
  const fields: Field[] = [
    ['m_payment_id', order.reference],
    ['pf_payment_id', String(Math.floor(Math.random() * 1e9))],
    ['payment_status', 'COMPLETE'],
    ['item_name', `Custom Blinds order ${order.reference}`],
    ['item_description', ''],
    ['amount_gross', rand],
    ['amount_fee', '-37.35'],
    ['amount_net', '1586.65'],
    ['custom_str1', order.checkoutId ?? ''],
    ['custom_str2', ''],
    ['custom_int1', ''],
    ['name_first', 'Thandi'],
    ['name_last', 'Nkosi'],
    ['email_address', order.email],
    ['merchant_id', config.PAYFAST_MERCHANT_ID!],
  ];
  return fields.map(([name, value]) => [name, overrides[name] ?? value]);
}

/** The ITN as PayFast posts it: the fields, then their signature (with the passphrase). */
async function itnBody(fields: Field[], passphrase: string | null | undefined): Promise<{ paramString: string; body: string }> {
  const paramString = payfastParamString(fields, { skipEmpty: false });
  return { paramString, body: `${paramString}&signature=${await payfastSignature(paramString, passphrase ?? null)}` };
}

/** Tells the stand-in PayFast that it sent this ITN (so its validate answers VALID). */
async function payfastSent(paramString: string): Promise<void> {
  await fetch(`${STAND_IN_URL}/payfast/__itns`, { method: 'POST', body: paramString });
}

function postItn(config: Partial<Env>, body: string, source: string | null = PAYFAST_ADDRESS): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (source) headers['CF-Connecting-IP'] = source;
  return appRequest('/api/payment/payfast/notify', { method: 'POST', headers, body }, config);
}

async function sentItn(config: Partial<Env>, order: PayfastOrder, overrides: Record<string, string> = {}) {
  const itn = await itnBody(itnFields(config, order, overrides), config.PAYFAST_PASSPHRASE);
  await payfastSent(itn.paramString);
  return itn;
}

describe('PayFast signatures', () => {
  it("the SDK's ITN of m_payment_id 000000020 signs to 4078bca2c8987e0e0c4e7230f2f46323 without a passphrase", async () => {
    expect(await payfastSignature(payfastParamString(SDK_ITN, { skipEmpty: false }), null)).toBe(SDK_SIGNATURE);
    const tampered = SDK_ITN.map(([n, v]): Field => [n, n === 'amount_gross' ? '11.00' : v]);
    expect(await payfastSignature(payfastParamString(tampered, { skipEmpty: false }), null)).not.toBe(SDK_SIGNATURE);
  });

  it("encodes like PHP's urlencode: spaces as '+', upper-case hex, ~ ! * ' ( ) encoded", () => {
    expect(phpUrlencode("a b~!*'()/:@#")).toBe('a+b%7E%21%2A%27%28%29%2F%3A%40%23');
    expect(phpUrlencode('lindley+user1@appinlet.com')).toBe('lindley%2Buser1%40appinlet.com');
  });

  it('the default sources are PayFast’s published ranges', () => {
    const inside = [
      '197.97.145.144',
      '197.97.145.159',
      '41.74.179.192',
      '41.74.179.223',
      '102.216.36.0',
      '102.216.36.15',
      '102.216.36.128',
      '102.216.36.143',
      '144.126.193.139',
    ];
    const outside = [
      '197.97.145.143',
      '197.97.145.160',
      '41.74.179.224',
      '102.216.36.16',
      '102.216.36.144',
      '144.126.193.140',
      '203.0.113.5',
      '',
      'not-an-ip',
      '::1',
    ];
    for (const ip of inside) expect(addressAllowed(ip, DEFAULT_PAYFAST_SOURCES), ip).toBe(true);
    for (const ip of outside) expect(addressAllowed(ip, DEFAULT_PAYFAST_SOURCES), ip).toBe(false);
    expect(addressAllowed('::ffff:197.97.145.150', DEFAULT_PAYFAST_SOURCES)).toBe(true);
    expect(addressAllowed('2001:db8::1', ['2001:db8::1'])).toBe(true);
  });
});

describe('PayFast checkout (PAYMENT_PROVIDER=payfast)', () => {
  it("redirects to PayFast's /eng/process with the fields in PayFast's order, signed with the passphrase", async () => {
    const config = payfast();
    const order = await insertOrder({ totalCents: 162_400, name: 'Thandi Nkosi', email: 'thandi+blinds@example.co.za' });
    const res = await createPayment({ quote_id: order.reference, amount: 1 }, config);
    expect(res.status).toBe(200);
    const { checkout_url, provider } = await res.json<{ checkout_url: string; provider: string }>();
    expect(provider).toBe('payfast');
    expect(checkout_url.startsWith(`${STAND_IN_URL}/payfast/eng/process?`)).toBe(true);

    const query = checkout_url.slice(checkout_url.indexOf('?') + 1);
    const fields = [...new URLSearchParams(query)];
    const checkoutId = (await orderRow(order.reference)).checkoutId!;
    expect(checkoutId).toMatch(/^pf_chk_/);
    expect(fields.slice(0, -1)).toEqual([
      ['merchant_id', config.PAYFAST_MERCHANT_ID],
      ['merchant_key', '46f0cd694581a'],
      ['return_url', `${ORIGIN}/payment-success?reference=${order.reference}`],
      ['cancel_url', `${ORIGIN}/payment-cancelled?reference=${order.reference}`],
      ['notify_url', `${ORIGIN}/api/payment/payfast/notify`],
      ['name_first', 'Thandi'],
      ['name_last', 'Nkosi'],
      ['email_address', 'thandi+blinds@example.co.za'],
      ['m_payment_id', order.reference],
      ['amount', '1624.00'],
      ['item_name', `Custom Blinds order ${order.reference}`],
      ['custom_str1', checkoutId],
    ]);
    // PHP urlencode on the wire, and the signature over exactly that string plus the passphrase.
    expect(query).toContain(`return_url=https%3A%2F%2Fblinds.example.co.za%2Fpayment-success%3Freference%3D${order.reference}&`);
    expect(query).toContain('email_address=thandi%2Bblinds%40example.co.za&');
    expect(query).toContain(`item_name=Custom+Blinds+order+${order.reference}&`);
    const [signed, signature] = query.split('&signature=');
    expect(signature).toBe(await md5(`${signed}&passphrase=jt7NOE43FZPn`));
  });

  it('leaves empty fields out of the fields and the signature, and signs without a passphrase when none is set', async () => {
    const config = payfast({ PAYFAST_PASSPHRASE: undefined });
    const order = await insertOrder({ name: 'Thandi' });
    const { checkout_url } = await (await createPayment({ quote_id: order.reference }, config)).json<{ checkout_url: string }>();
    const query = checkout_url.slice(checkout_url.indexOf('?') + 1);
    expect(query).not.toContain('name_last');
    const [signed, signature] = query.split('&signature=');
    expect(signature).toBe(await md5(signed!));
  });
});

describe('POST /api/payment/payfast/notify (ITN)', () => {
  it("the SDK's own ITN passes the signature, source and amount checks but names no checkout of ours: refused, nothing recorded", async () => {
    const config = payfast({ PAYFAST_MERCHANT_ID: '10027938', PAYFAST_PASSPHRASE: undefined });
    await insertOrder({ reference: '000000020', totalCents: 1500 });
    const paramString = payfastParamString(SDK_ITN, { skipEmpty: false });
    await payfastSent(paramString);
    const res = await postItn(config, `${paramString}&signature=${SDK_SIGNATURE}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Notification rejected: the checkout is not one of this order.' });
    expect((await orderRow('000000020')).paymentStatus).toBe('pending');
    expect(await paymentRows('000000020')).toHaveLength(0);
  });

  it('a verified COMPLETE marks the order paid and records the payment; PayFast is asked to confirm the same string', async () => {
    const config = payfast();
    const order = await orderOnCheckout(config);
    const itn = await sentItn(config, order);
    const res = await postItn(config, itn.body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: 'recorded' });
    expect(await expectPaidOnce(order.reference)).toMatchObject({
      provider: 'payfast',
      amountCents: order.totalCents,
      status: 'succeeded',
    });
    const [validate] = await recorded(config.PAYFAST_MERCHANT_ID!);
    expect(validate.method).toBe('POST');
    expect(validate.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(validate.body).toBe(itn.paramString);
    expect(itn.paramString).not.toContain('passphrase');
  });

  it('a repeated ITN (same pf_payment_id) answers 200 and changes nothing', async () => {
    const config = payfast();
    const order = await orderOnCheckout(config);
    const itn = await sentItn(config, order);
    expect((await postItn(config, itn.body)).status).toBe(200);
    const again = await postItn(config, itn.body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await paymentRows(order.reference)).toHaveLength(1);
  });

  const refusals: [
    string,
    (config: Partial<Env>, order: PayfastOrder) => Promise<{ body: string; source?: string | null; config?: Partial<Env> }>,
    string,
  ][] = [
    [
      'a bad signature (amount changed after signing)',
      async (config, order) => ({ body: (await sentItn(config, order)).body.replace(/amount_gross=[\d.]+/, 'amount_gross=1.00') }),
      'signature does not match',
    ],
    [
      'a signature made without the passphrase',
      async (config, order) => ({ body: (await itnBody(itnFields(config, order), null)).body }),
      'signature does not match',
    ],
    [
      'an address outside PayFast’s ranges',
      async (config, order) => ({ body: (await sentItn(config, order)).body, source: '203.0.113.5' }),
      'the notification does not come from a PayFast address',
    ],
    [
      'no caller address at all',
      async (config, order) => ({ body: (await sentItn(config, order)).body, source: null }),
      'the notification does not come from a PayFast address',
    ],
    [
      'a correctly signed amount that is not the order total (tampering)',
      async (config, order) => ({ body: (await sentItn(config, order, { amount_gross: '1.00' })).body }),
      'amount does not match the order total',
    ],
    [
      'a validate answer of INVALID (PayFast did not send it)',
      async (config, order) => ({ body: (await itnBody(itnFields(config, order), config.PAYFAST_PASSPHRASE)).body }),
      'server confirmation answered INVALID',
    ],
    [
      'another merchant’s ITN',
      async (config, order) => ({ body: (await sentItn(config, order, { merchant_id: '10000100' })).body }),
      'merchant_id is not ours',
    ],
    [
      'an unknown order',
      async (config, order) => ({ body: (await sentItn(config, order, { m_payment_id: 'CB-NOSUCHORDR' })).body }),
      'unknown order',
    ],
    [
      'fields added after the signature',
      async (config, order) => ({ body: `${(await sentItn(config, order)).body}&amount_gross=1.00` }),
      'unsigned or repeated fields',
    ],
    [
      'an ITN without our checkout id (custom_str1 empty)',
      async (config, order) => ({ body: (await sentItn(config, order, { custom_str1: '' })).body }),
      'the checkout is not one of this order',
    ],
    [
      "another order's PayFast checkout",
      async (config, order) => ({ body: (await sentItn(config, order, { custom_str1: (await orderOnCheckout(config)).checkoutId })).body }),
      'the checkout is not one of this order',
    ],
    [
      "the order's own sandbox checkout (another provider)",
      async (config, order) => {
        await createPayment({ quote_id: order.reference }, { PAYMENT_PROVIDER: 'sandbox' });
        return { body: (await sentItn(config, order, { custom_str1: (await orderRow(order.reference)).checkoutId! })).body };
      },
      'the checkout is not one of this order',
    ],
  ];
  for (const [name, make, note] of refusals) {
    it(`refuses ${name} with 400 and records nothing`, async () => {
      const config = payfast();
      const order = await orderOnCheckout(config);
      const attempt = await make(config, order);
      const res = await postItn(attempt.config ?? config, attempt.body, attempt.source === undefined ? PAYFAST_ADDRESS : attempt.source);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: 'validation_error', message: `Notification rejected: ${note}.` });
      expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
      expect(await paymentRows(order.reference)).toHaveLength(0);
    });
  }

  it('accepts the configured PAYFAST_VALID_SOURCES instead of the defaults', async () => {
    const config = payfast({ PAYFAST_VALID_SOURCES: '10.0.0.0/8, 192.0.2.7' });
    const order = await orderOnCheckout(config);
    const itn = await sentItn(config, order);
    expect((await postItn(config, itn.body, PAYFAST_ADDRESS)).status).toBe(400);
    expect((await postItn(config, itn.body, '10.20.30.40')).status).toBe(200);
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
  });

  it('CANCELLED marks a pending order cancelled (for its current checkout)', async () => {
    const config = payfast();
    const order = await orderOnCheckout(config);
    const cancelled = await sentItn(config, order, { payment_status: 'CANCELLED' });
    expect((await postItn(config, cancelled.body)).status).toBe(200);
    expect((await orderRow(order.reference)).paymentStatus).toBe('cancelled');
  });

  it('CANCELLED after COMPLETE (the same pf_payment_id) refunds the paid order, in its own row, and tells the business once', async () => {
    const config = payfast({ BUSINESS_EMAIL: 'orders@blinds.example.co.za' });
    const order = await orderOnCheckout(config);
    const pfPaymentId = String(Math.floor(Math.random() * 1e9));
    expect((await postItn(config, (await sentItn(config, order, { pf_payment_id: pfPaymentId })).body)).status).toBe(200);
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
    expect(await outboxRows(`payment-notice:payfast:${pfPaymentId}`)).toHaveLength(1);

    const cancelled = await sentItn(config, order, { pf_payment_id: pfPaymentId, payment_status: 'CANCELLED' });
    const res = await postItn(config, cancelled.body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'recorded' });
    expect((await orderRow(order.reference)).paymentStatus).toBe('refunded');
    expect((await paymentRows(order.reference)).map((p) => [p.providerPaymentId, p.status])).toEqual([
      [pfPaymentId, 'succeeded'],
      [`${pfPaymentId}:cancelled`, 'refunded'],
    ]);
    const [notice] = await outboxRows(`refund-notice:payfast:${pfPaymentId}:cancelled`);
    expect(notice).toMatchObject({ kind: 'refund-notice', toAddress: 'orders@blinds.example.co.za' });
    expect(await (await postItn(config, cancelled.body)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await outboxRows(`refund-notice:payfast:${pfPaymentId}:cancelled`)).toHaveLength(1);
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
  });

  it('CANCELLED of another checkout of a paid order (an abandoned first attempt) leaves it paid and records nothing', async () => {
    const config = payfast();
    const first = await orderOnCheckout(config);
    // The customer went back and started again: the order now pays on a second checkout.
    expect((await createPayment({ quote_id: first.reference }, config)).status).toBe(200);
    const second = { ...first, checkoutId: (await orderRow(first.reference)).checkoutId! };
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect((await postItn(config, (await sentItn(config, second, { pf_payment_id: '71000001' })).body)).status).toBe(200);
    expect((await orderRow(first.reference)).paymentStatus).toBe('paid');

    const stale = await sentItn(config, first, { pf_payment_id: '71000002', payment_status: 'CANCELLED' });
    const res = await postItn(config, stale.body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'ignored' });
    expect((await orderRow(first.reference)).paymentStatus).toBe('paid');
    expect((await paymentRows(first.reference)).map((p) => [p.providerPaymentId, p.status])).toEqual([['71000001', 'succeeded']]);
  });

  it('only form posts are accepted, and PayFast must be configured', async () => {
    const config = payfast();
    const json = await appRequest(
      '/api/payment/payfast/notify',
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': PAYFAST_ADDRESS }, body: '{}' },
      config,
    );
    expect(json.status).toBe(415);
    const unconfigured = await postItn({ ...config, PAYFAST_MERCHANT_ID: undefined }, 'merchant_id=1&signature=x');
    expect(unconfigured.status).toBe(503);
  });
});
