import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { handleSandboxNotification, LOCAL_SANDBOX_SECRET, sandboxSecret } from '../../worker/services/payments/sandbox';
import { attachCheckout } from '../../worker/services/payments/ledger';
import { BASE, clientIp } from './helpers';
import { appRequest, createPayment, failingAfterBatch, insertOrder, orderRow, outboxRows, paymentRows } from './payments-fixtures';
import { GOOD_CARD, startCheckout, submit } from './payments-sandbox-fixtures';

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
