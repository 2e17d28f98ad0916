import { describe, expect, it } from 'vitest';
import { verifyStandardWebhook } from '../../worker/services/payments/yoco';
import { appRequest, createPayment, expectPaidOnce, insertOrder, orderRow, paymentRows } from './payments-fixtures';
import { ORIGIN, base64, deliver, orderOnCheckout, paymentEvent, recorded, sign, yoco } from './payments-yoco-fixtures';

describe('Yoco checkout (PAYMENT_PROVIDER=yoco)', () => {
  it("creates a checkout with Yoco's wire format and answers its redirectUrl; the client's amount is ignored", async () => {
    const config = yoco();
    const order = await insertOrder({ totalCents: 348_000 });
    const res = await createPayment(
      { quote_id: order.reference, customer_info: { email: order.email }, amount: 1, product_name: 'x' },
      config,
    );
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; checkout_url: string; provider: string }>();
    expect(body).toMatchObject({ success: true, provider: 'yoco' });
    expect(body.checkout_url).toMatch(/^https:\/\/c\.yoco\.com\/checkout\/ch_standin/);

    const [req] = await recorded(config.YOCO_SECRET_KEY!);
    expect(req).toMatchObject({ service: 'yoco', method: 'POST', path: '/yoco/api/checkouts' });
    expect(req.headers.authorization).toBe(`Bearer ${config.YOCO_SECRET_KEY}`);
    expect(req.headers['idempotency-key']).toBe(`checkout-${order.reference}-348000`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      amount: 348_000,
      currency: 'ZAR',
      successUrl: `${ORIGIN}/payment-success?reference=${order.reference}`,
      cancelUrl: `${ORIGIN}/payment-cancelled?reference=${order.reference}`,
      failureUrl: `${ORIGIN}/payment-failed?reference=${order.reference}`,
      metadata: { reference: order.reference },
    });
    const row = await orderRow(order.reference);
    expect(row.paymentProvider).toBe('yoco');
    expect(body.checkout_url).toBe(`https://c.yoco.com/checkout/${row.checkoutId}`);
  });

  it('a retried create answers the same Yoco checkout (Idempotency-Key)', async () => {
    const config = yoco();
    const order = await insertOrder();
    const first = await (await createPayment({ quote_id: order.reference }, config)).json<{ checkout_url: string }>();
    const second = await (await createPayment({ quote_id: order.reference }, config)).json<{ checkout_url: string }>();
    expect(second.checkout_url).toBe(first.checkout_url);
  });

  it("Yoco refusing the key (401/403) answers 503 'Payment Setup Required'", async () => {
    for (const key of ['sk_test_bad', 'not-a-yoco-key']) {
      const order = await insertOrder();
      const res = await createPayment({ quote_id: order.reference }, yoco(key));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        success: false,
        error: 'not_configured',
        message: 'Payment Setup Required. Card payments are not available right now; please contact us to pay for your order.',
      });
      expect((await orderRow(order.reference)).checkoutId).toBeNull();
    }
  });

  it("other failures answer 502 'Failed to create payment link'", async () => {
    for (const config of [yoco('sk_test_fail500'), { ...yoco(), YOCO_API_BASE: 'http://127.0.0.1:9' }]) {
      const order = await insertOrder();
      const res = await createPayment({ quote_id: order.reference }, config);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ success: false, error: 'upstream_error', message: 'Failed to create payment link' });
      expect((await orderRow(order.reference)).checkoutId).toBeNull();
    }
  });
});

describe('POST /api/payment/yoco/webhook', () => {
  it("verifies the Standard Webhooks specification's test vector", async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const headers = {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: '1614265330',
      signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    const signedAt = new Date(1614265330 * 1000);
    expect(await verifyStandardWebhook(secret, headers, '{"test": 2432232314}', signedAt)).toEqual({ ok: true });
    expect(await verifyStandardWebhook(secret, headers, '{"test": 2432232315}', signedAt)).toMatchObject({ ok: false, httpStatus: 401 });
    expect(await verifyStandardWebhook(secret, headers, '{"test": 2432232314}', new Date(signedAt.getTime() + 181_000))).toMatchObject({
      ok: false,
      httpStatus: 400,
    });
    // Key rotation: several signatures, one of them valid.
    expect(
      await verifyStandardWebhook(secret, { ...headers, signature: `v1,AAAA ${headers.signature}` }, '{"test": 2432232314}', signedAt),
    ).toEqual({ ok: true });
  });

  it('a verified payment.succeeded (found by metadata.checkoutId) marks the order paid in one write', async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    const res = await deliver(config, paymentEvent(order, { checkoutId: order.checkoutId, paymentId: 'p_first' + order.reference }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: 'recorded' });
    expect(await expectPaidOnce(order.reference)).toMatchObject({
      provider: 'yoco',
      providerPaymentId: 'p_first' + order.reference,
      amountCents: order.totalCents,
      status: 'succeeded',
    });
  });

  it("a payment that names no Yoco checkout of this order changes nothing (metadata.reference alone, another order's or provider's checkout)", async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    const other = await orderOnCheckout(config);
    const sandboxOrder = await insertOrder();
    const sandbox = await createPayment({ quote_id: sandboxOrder.reference }, { PAYMENT_PROVIDER: 'sandbox' });
    const sandboxCheckoutId = (await orderRow(sandboxOrder.reference)).checkoutId!;
    expect(sandbox.status).toBe(200);
    const attempts = [
      paymentEvent(order, { reference: order.reference }),
      paymentEvent(order, { checkoutId: other.checkoutId, reference: order.reference }),
      paymentEvent(sandboxOrder, { checkoutId: sandboxCheckoutId }),
    ];
    for (const body of attempts) {
      const res = await deliver(config, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ received: true, outcome: 'ignored', note: 'no order matches this payment' });
    }
    for (const reference of [order.reference, other.reference, sandboxOrder.reference]) {
      expect((await orderRow(reference)).paymentStatus).toBe('pending');
      expect(await paymentRows(reference)).toHaveLength(0);
    }
  });

  it('a payment on an older Yoco checkout of the order is still recorded after a newer one replaced it', async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    // A new attempt after a failure: the order row now holds another checkout.
    expect(
      (await createPayment({ quote_id: order.reference, amount: 1 }, { ...config, YOCO_SECRET_KEY: `sk_test_${crypto.randomUUID()}` }))
        .status,
    ).toBe(200);
    expect((await orderRow(order.reference)).checkoutId).not.toBe(order.checkoutId);
    expect(await (await deliver(config, paymentEvent(order, { checkoutId: order.checkoutId }))).json()).toMatchObject({
      outcome: 'recorded',
    });
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
  });

  it('the same event again answers 200 and changes nothing', async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    const body = paymentEvent(order, { checkoutId: order.checkoutId });
    expect((await deliver(config, body)).status).toBe(200);
    const paidAt = (await orderRow(order.reference)).paidAt;
    const again = await deliver(config, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ received: true, outcome: 'duplicate' });
    expect(await paymentRows(order.reference)).toHaveLength(1);
    expect((await orderRow(order.reference)).paidAt).toBe(paidAt);
  });

  it('a bad signature is refused with 401 and nothing changes', async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    const body = paymentEvent(order, { checkoutId: order.checkoutId });
    const forged = await sign(`whsec_${base64(crypto.getRandomValues(new Uint8Array(32)))}`, 'msg_1', Math.floor(Date.now() / 1000), body);
    for (const signature of [forged, 'v1,', 'v2,abc']) {
      const res = await deliver(config, body, { id: 'msg_1', signature });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        success: false,
        error: 'unauthorized',
        message: 'Notification rejected: signature does not match.',
      });
    }
    // A correct signature over a different body (the amount changed afterwards) fails too.
    const signature = await sign(config.YOCO_WEBHOOK_SECRET!, 'msg_2', Math.floor(Date.now() / 1000), body);
    expect((await deliver(config, body.replace(`"amount":${order.totalCents}`, '"amount":100'), { id: 'msg_2', signature })).status).toBe(
      401,
    );
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('a timestamp more than 3 minutes old or ahead is refused with 400, even when signed', async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    const body = paymentEvent(order, { checkoutId: order.checkoutId });
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 200, now + 200]) {
      const res = await deliver(config, body, { timestamp });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Notification rejected: webhook-timestamp is outside the 3-minute window.' });
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });

  it('missing webhook headers are refused with 400', async () => {
    const config = yoco();
    const res = await appRequest(
      '/api/payment/yoco/webhook',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
      config,
    );
    expect(res.status).toBe(400);
  });

  it('a payment whose amount or currency differs from the order is not recorded (200 with a note, logged)', async () => {
    const config = yoco();
    const order = await orderOnCheckout(config);
    for (const overrides of [{ amount: order.totalCents - 1 }, { amount: 1 }, { currency: 'USD' }]) {
      const res = await deliver(config, paymentEvent(order, { checkoutId: order.checkoutId, ...overrides }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        received: true,
        outcome: 'ignored',
        note: 'amount, currency or status does not match the order',
      });
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('events it does not act on and payments for unknown orders are acknowledged without changes', async () => {
    const config = yoco();
    const order = await insertOrder();
    const refundFailed = JSON.stringify({ id: 'evt_r', type: 'refund.failed', payload: { id: 'r_1', amount: 100, currency: 'ZAR' } });
    expect(await (await deliver(config, refundFailed)).json()).toMatchObject({
      outcome: 'ignored',
      note: 'event type refund.failed is not acted on',
    });
    const unknown = await deliver(config, paymentEvent(order, { checkoutId: 'ch_unknown', reference: 'CB-NOSUCHORDR' }));
    expect(await unknown.json()).toMatchObject({ outcome: 'ignored', note: 'no order matches this payment' });
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const config = { ...yoco(), YOCO_WEBHOOK_SECRET: undefined };
    const res = await appRequest(
      '/api/payment/yoco/webhook',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
      config,
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'not_configured' });
  });
});
