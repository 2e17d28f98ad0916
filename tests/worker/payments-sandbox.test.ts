import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import {
  handleSandboxNotification,
  LOCAL_SANDBOX_SECRET,
  sandboxSecret,
  submitSandboxCheckout,
} from '../../worker/services/payments/sandbox';
import { attachCheckout } from '../../worker/services/payments/ledger';
import { BASE, clientIp, postJson } from './helpers';
import { appRequest, createPayment, failingAfterBatch, insertOrder, orderRow, outboxRows, paymentRows } from './payments-fixtures';

const NBSP = '\u00a0';

async function startCheckout(reference: string, ip = clientIp(), extra: Record<string, unknown> = {}) {
  const res = await postJson('/api/payment/create', { quote_id: reference, customer_info: {}, ...extra }, { 'CF-Connecting-IP': ip });
  expect(res.status).toBe(200);
  const body = await res.json<{ success: boolean; checkout_url: string; provider: string }>();
  expect(body).toMatchObject({ success: true, provider: 'sandbox' });
  return body.checkout_url;
}

function submit(checkoutUrl: string, fields: Record<string, string>, ip = clientIp()): Promise<Response> {
  return SELF.fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Thandi Nkosi', action: 'pay' };

async function hmacHex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function notify(body: string, signature?: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== undefined) headers['X-Sandbox-Signature'] = signature;
  return SELF.fetch(`${BASE}/api/payment/sandbox/notify`, { method: 'POST', headers, body });
}

describe('sandbox checkout (PAYMENT_PROVIDER=sandbox)', () => {
  it('creates a hosted checkout on this site and records provider and checkout id on the order', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    expect(url).toMatch(/^https:\/\/shop\.test\/pay\/sandbox\/sbx_chk_[a-z2-7]{24}$/);
    const row = await orderRow(order.reference);
    expect(row.paymentProvider).toBe('sandbox');
    expect(row.checkoutId).toBe(url.split('/').pop());
    expect(row.paymentStatus).toBe('pending');
  });

  it('renders the checkout page: merchant, reference, amount, card form, test cards; no inline script or style', async () => {
    const order = await insertOrder({ totalCents: 162_400 });
    const res = await SELF.fetch(await startCheckout(order.reference));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('<p class="sbx-merchant">Custom Blinds</p>');
    expect(page).toContain(`<dd>${order.reference}</dd>`);
    expect(page).toContain(`<h1>Pay R${NBSP}1${NBSP}624,00</h1>`);
    for (const label of ['Card number', 'Expiry date', 'Security code (CVC)', 'Name on card']) expect(page).toContain(`>${label}</label>`);
    expect(page).toContain('autocomplete="cc-number"');
    expect(page).toContain('<code>4242 4242 4242 4242</code> succeeds');
    expect(page).toContain('<code>4000 0000 0000 0002</code> is declined');
    expect(page).toMatch(/<button type="submit" name="action" value="pay" class="sbx-pay">Pay R/);
    expect(page).toContain('value="cancel" class="sbx-cancel" formnovalidate>Cancel</button>');
    expect(page).toContain('<link rel="stylesheet" href="/sandbox-checkout.css" />');
    expect(page).toMatch(/This checkout is open for 30 minutes, until \d{2}:\d{2} \(South African time\)\./);
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('escapes what it shows (the merchant name comes from configuration)', async () => {
    const { sandboxCheckoutPage } = await import('../../worker/services/payments/sandbox-page');
    const page = await sandboxCheckoutPage(
      {
        id: 'sbx_chk_aaaaaaaaaaaaaaaaaaaaaaaa',
        reference: 'CB-"><script>',
        amountCents: 100,
        currency: 'ZAR',
        merchantName: '<img src=x onerror=alert(1)>',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        status: 'open',
        urls: { success: 'x', cancel: 'x', failure: 'x' },
      },
      { card_number: '"><b>', expiry: '', cvc: '', name: '' },
    );
    const text = page.toString();
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain('"><script>');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('value="&quot;&gt;&lt;b&gt;"');
  });

  it('pays with 4242 4242 4242 4242: 303 to the success page, order paid, one payment row', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, GOOD_CARD);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
    const row = await orderRow(order.reference);
    expect(row.paymentStatus).toBe('paid');
    expect(row.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const rows = await paymentRows(order.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', status: 'succeeded', amountCents: order.totalCents });
    expect(rows[0]!.providerPaymentId).toMatch(/^sbx_pay_/);
    // The card number is never stored.
    expect(JSON.stringify(rows[0]!.raw)).not.toContain('4242');
  });

  it('a repeated submit (double click) lands on the same page and records one payment', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const [first, second] = [await submit(url, GOOD_CARD), await submit(url, GOOD_CARD)];
    expect(first.headers.get('Location')).toBe(second.headers.get('Location'));
    expect(await paymentRows(order.reference)).toHaveLength(1);
    const again = await SELF.fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
  });

  it('declines 4000 0000 0000 0002: the failed page, the order is not paid; a new checkout can then pay', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, { ...GOOD_CARD, card_number: '4000000000000002' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-failed?reference=${order.reference}`);
    expect((await orderRow(order.reference)).paymentStatus).toBe('failed');
    expect((await paymentRows(order.reference)).map((p) => p.status)).toEqual(['failed']);

    const retry = await startCheckout(order.reference);
    expect(retry).not.toBe(url);
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect((await submit(retry, GOOD_CARD)).headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
  });

  it('Cancel goes to the cancelled page and marks the order cancelled, without a card', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, { action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-cancelled?reference=${order.reference}`);
    const row = await orderRow(order.reference);
    expect(row.paymentStatus).toBe('cancelled');
    expect(row.paidAt).toBeNull();
  });

  it('an invalid card number (Luhn) re-renders the form with the error; nothing is charged', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, { ...GOOD_CARD, card_number: '4242 4242 4242 4241' });
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('<a href="#card_number">That card number is not valid. Check the digits and try again.</a>');
    expect(page).toMatch(/id="card_number"[^>]*aria-describedby="card_number-error"[^>]*aria-invalid="true"/);
    expect(page).toContain('value="4242 4242 4242 4241"');
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('asks for a future expiry, a CVC and a name, and only takes the listed test cards', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const page = await (
      await submit(url, { card_number: '5555 5555 5555 4444', expiry: '01/20', cvc: '1', name: ' ', action: 'pay' })
    ).text();
    expect(page).toContain('This is a test checkout: use one of the test cards listed below.');
    expect(page).toContain('This card has expired. Use a future expiry date.');
    expect(page).toContain('Enter the 3 or 4 digit security code (CVC).');
    expect(page).toContain('Enter the name on the card.');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('an expired checkout (30 minutes) charges nothing', async () => {
    const order = await insertOrder();
    const id = (await startCheckout(order.reference)).split('/').pop()!;
    const later = new Date(Date.now() + 31 * 60_000);
    const result = await submitSandboxCheckout(
      env,
      id,
      'pay',
      { card_number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'T' },
      later,
    );
    expect(result.kind).toBe('expired');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('an unknown checkout shows a not-found page', async () => {
    const res = await SELF.fetch(`${BASE}/pay/sandbox/sbx_chk_aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Checkout not found</h1>');
    expect((await submit(`${BASE}/pay/sandbox/not-an-id`, GOOD_CARD)).status).toBe(404);
  });

  it('the charged amount is the order total whatever amount the client sends', async () => {
    const order = await insertOrder({ totalCents: 245_050 });
    const url = await startCheckout(order.reference, clientIp(), { amount: 1, total: 1, product_name: 'Cheap' });
    expect(await (await SELF.fetch(url)).text()).toContain(`Pay R${NBSP}2${NBSP}450,50`);
    await submit(url, GOOD_CARD);
    expect((await paymentRows(order.reference))[0]!.amountCents).toBe(245_050);
  });
});

const TEST_SECRET = env.SANDBOX_PAYMENT_SECRET!;
const TEST_NOTE = 'Test payment: no money was taken';

function notification(reference: string, amountCents: number, checkoutId: string, paymentId = `sbx_pay_${crypto.randomUUID()}`) {
  return JSON.stringify({
    checkoutId,
    reference,
    amount_cents: amountCents,
    currency: 'ZAR',
    status: 'succeeded',
    payment_id: paymentId,
    created_at: new Date().toISOString(),
  });
}

function notifyWith(config: Partial<Env>, body: string, signature: string): Promise<Response> {
  return appRequest(
    '/api/payment/sandbox/notify',
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signature }, body },
    config,
  );
}

/** An order on a sandbox checkout started through POST /api/payment/create. */
async function orderOnSandboxCheckout(amountCents?: number) {
  const order = await insertOrder(amountCents === undefined ? {} : { totalCents: amountCents });
  const checkoutId = (await startCheckout(order.reference)).split('/').pop()!;
  return { ...order, checkoutId };
}

describe('POST /api/payment/sandbox/notify (the gateway confirmation)', () => {
  it('a forged notification (bad or missing signature) is refused with 401 and changes nothing', async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents, order.checkoutId);
    for (const signature of [
      undefined,
      'sha256=00',
      `sha256=${await hmacHex('guessed-secret', body)}`,
      `sha256=${await hmacHex(LOCAL_SANDBOX_SECRET, body)}`,
    ]) {
      const res = await notify(body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        success: false,
        error: 'unauthorized',
        message: 'Notification rejected: signature does not match.',
      });
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('a signed notification for its own checkout marks the order paid; the same payment id again changes nothing', async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents, order.checkoutId);
    const signature = `sha256=${await hmacHex(TEST_SECRET, body)}`;
    const first = await notify(body, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, outcome: 'recorded' });
    const paidAt = (await orderRow(order.reference)).paidAt;
    expect(paidAt).not.toBeNull();
    const repeat = await notify(body, signature);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ received: true, outcome: 'duplicate' });
    expect(await paymentRows(order.reference)).toHaveLength(1);
    expect((await orderRow(order.reference)).paidAt).toBe(paidAt);
  });

  it('a signed notification for another amount than the order total is refused', async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents - 100, order.checkoutId);
    const res = await notify(body, `sha256=${await hmacHex(TEST_SECRET, body)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'validation_error',
      message: 'Notification rejected: amount does not match the order total.',
    });
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it("a signed notification naming a checkout that is not this order's sandbox checkout changes nothing (400)", async () => {
    const order = await insertOrder();
    const other = await orderOnSandboxCheckout();
    // The order's payment was started through PayFast: a sandbox notification must not pay it.
    await attachCheckout(env.DB, order.reference, 'payfast', 'pf_chk_aaaaaaaaaaaaaaaaaaaaaaaa');
    for (const checkoutId of ['sbx_chk_bbbbbbbbbbbbbbbbbbbbbbbb', other.checkoutId, 'pf_chk_aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const body = notification(order.reference, order.totalCents, checkoutId);
      const res = await notify(body, `sha256=${await hmacHex(TEST_SECRET, body)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'validation_error',
        message: 'Notification rejected: the checkout is not one of this order.',
      });
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
    expect((await orderRow(other.reference)).paymentStatus).toBe('pending');
  });

  it('an older sandbox checkout of the same order still records its payment after a newer one replaced it', async () => {
    const order = await orderOnSandboxCheckout();
    await startCheckout(order.reference);
    expect((await orderRow(order.reference)).checkoutId).not.toBe(order.checkoutId);
    const body = notification(order.reference, order.totalCents, order.checkoutId);
    expect((await notify(body, `sha256=${await hmacHex(TEST_SECRET, body)}`)).status).toBe(200);
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
  });
});

describe('the sandbox fails closed (DESIGN.md section 7)', () => {
  const PAYFAST: Partial<Env> = { PAYMENT_PROVIDER: 'payfast', PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: '46f0cd694581a' };

  it("a notification signed with the repository's development secret, posted to a PayFast-configured site, is a 404 and changes nothing", async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents, order.checkoutId);
    // Even a development deployment, where that secret is valid for the sandbox, has no sandbox while PayFast is configured.
    for (const config of [
      PAYFAST,
      { ...PAYFAST, APP_ENV: 'development', SANDBOX_PAYMENT_SECRET: undefined },
      { ...PAYFAST, PAYMENT_PROVIDER: ' PayFast ' },
    ]) {
      for (const secret of [LOCAL_SANDBOX_SECRET, TEST_SECRET]) {
        const res = await notifyWith(config, body, `sha256=${await hmacHex(secret, body)}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({
          success: false,
          error: 'not_found',
          message: 'There is no API endpoint POST /api/payment/sandbox/notify.',
        });
      }
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('its checkout pages are answered like any unknown page while another provider is configured', async () => {
    const order = await orderOnSandboxCheckout();
    const path = `/pay/sandbox/${order.checkoutId}`;
    expect((await appRequest(path, {}, {})).status).toBe(200);
    const unknown = await appRequest('/no-such-page/at-all', {}, PAYFAST);
    for (const config of [PAYFAST, { PAYMENT_PROVIDER: 'yoco' }, { PAYMENT_PROVIDER: 'none' }]) {
      const page = await appRequest(path, {}, config);
      expect(page.status).toBe(unknown.status);
      expect(page.headers.get('Content-Type')).toBe(unknown.headers.get('Content-Type'));
      expect(await page.text()).not.toContain('Pay R');
      const pay = await appRequest(
        path,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': clientIp() },
          body: new URLSearchParams(GOOD_CARD).toString(),
          redirect: 'manual',
        },
        config,
      );
      expect(pay.status).not.toBe(303);
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });

  it("uses the repository's development secret only when APP_ENV is exactly 'development'", () => {
    for (const APP_ENV of [undefined, '', 'prod', 'staging', 'test', 'Development', 'production']) {
      expect(sandboxSecret({ ...env, APP_ENV, SANDBOX_PAYMENT_SECRET: undefined }), String(APP_ENV)).toBeNull();
    }
    expect(sandboxSecret({ ...env, APP_ENV: 'development', SANDBOX_PAYMENT_SECRET: undefined })).toBe(LOCAL_SANDBOX_SECRET);
    expect(sandboxSecret({ ...env, APP_ENV: 'staging', SANDBOX_PAYMENT_SECRET: ' own-secret ' })).toBe('own-secret');
  });

  it('a deployment with APP_ENV unset or misspelt and no SANDBOX_PAYMENT_SECRET refuses the sandbox: no checkout, no notification', async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents, order.checkoutId);
    for (const APP_ENV of [undefined, 'prodution', 'staging']) {
      const config = { APP_ENV, SANDBOX_PAYMENT_SECRET: undefined, PAYMENT_PROVIDER: 'sandbox' };
      const res = await notifyWith(config, body, `sha256=${await hmacHex(LOCAL_SANDBOX_SECRET, body)}`);
      expect(res.status).toBe(503);
      const create = await createPayment({ quote_id: order.reference }, config);
      expect(create.status).toBe(503);
      expect(await create.json()).toMatchObject({
        error: 'not_configured',
        message: 'Payment Setup Required. Card payments are not available right now; please contact us to pay for your order.',
      });
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });
});

describe('an order paid through the sandbox says so', () => {
  it("GET /api/orders/{reference} answers test_payment: true, with 'Test payment: no money was taken' in the receipt and the business's notice", async () => {
    const order = await orderOnSandboxCheckout();
    const before = await (await SELF.fetch(`${BASE}/api/orders/${order.reference}`)).json<{ order: { test_payment: boolean } }>();
    expect(before.order.test_payment).toBe(false);
    await submit(`${BASE}/pay/sandbox/${order.checkoutId}`, GOOD_CARD);
    const after = await (
      await SELF.fetch(`${BASE}/api/orders/${order.reference}`)
    ).json<{ order: { test_payment: boolean; paymentStatus: string } }>();
    expect(after.order).toMatchObject({ paymentStatus: 'paid', test_payment: true });

    const [receipt] = await outboxRows(`payment-receipt:${order.reference}`);
    expect(receipt).toMatchObject({ kind: 'payment-receipt', toAddress: order.email });
    expect(receipt!.subject).toBe(`[Test payment] Payment received for order ${order.reference}`);
    expect(receipt!.text).toContain(`${TEST_NOTE}.`);
    expect(receipt!.html).toContain(TEST_NOTE);
    const [notice] = await outboxRows('payment-notice:sandbox:');
    expect(notice).toBeDefined();
    const notices = (await outboxRows('payment-notice:sandbox:')).filter((row) => row.text.includes(order.reference));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'payment-notice', toAddress: env.BUSINESS_EMAIL, replyTo: order.email });
    expect(notices[0]!.text).toContain(`${TEST_NOTE}.`);
  });
});

describe('the payment e-mails are queued in the same batch as the payment', () => {
  it('the receipt and the business notice exist even when everything after the batch fails; a repeat queues no second receipt', async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents, order.checkoutId, `sbx_pay_${crypto.randomUUID()}`);
    const signature = `sha256=${await hmacHex(TEST_SECRET, body)}`;
    const config = { ...env, BUSINESS_EMAIL: 'orders@blinds.example.co.za', DB: failingAfterBatch(env.DB) };
    expect(await handleSandboxNotification(config, body, signature)).toMatchObject({ httpStatus: 200, outcome: 'recorded' });
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
    const notices = (await outboxRows('payment-notice:sandbox:')).filter((row) => row.text.includes(order.reference));
    expect(notices.map((n) => n.toAddress)).toEqual(['orders@blinds.example.co.za']);

    // The same notification again, and a second payment for the now paid order: still one receipt.
    expect((await notify(body, signature)).status).toBe(200);
    const second = notification(order.reference, order.totalCents, order.checkoutId, `sbx_pay_${crypto.randomUUID()}`);
    expect(await (await notify(second, `sha256=${await hmacHex(TEST_SECRET, second)}`)).json()).toMatchObject({ outcome: 'recorded' });
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
    // The second payment gets its own notice to the business.
    const after = (await outboxRows('payment-notice:sandbox:')).filter((row) => row.text.includes(order.reference));
    expect(after).toHaveLength(2);
    expect(after.map((n) => n.subject)).toContain(`[Test payment] Duplicate payment for order ${order.reference} - refund needed`);
  });

  it('no business notice without BUSINESS_EMAIL; the receipt is still queued', async () => {
    const order = await orderOnSandboxCheckout();
    const body = notification(order.reference, order.totalCents, order.checkoutId);
    expect(
      await handleSandboxNotification({ ...env, BUSINESS_EMAIL: undefined }, body, `sha256=${await hmacHex(TEST_SECRET, body)}`),
    ).toMatchObject({ outcome: 'recorded' });
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
    expect((await outboxRows('payment-notice:sandbox:')).filter((row) => row.text.includes(order.reference))).toHaveLength(0);
  });
});
