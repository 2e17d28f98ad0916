// Ozow instant EFT: the payment request (against the stand-in speaking Ozow's API) and the
// notification, trusted only when its Hash verifies, the site code and test flag are ours, the
// amount equals what the order owes and the transaction reference is this order's Ozow checkout.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { NO_INSTANT_EFT_MESSAGE } from '../../worker/services/payments/checkout';
import { STAND_IN_OZOW } from '../stand-ins/ozow';
import { appRequest, expectPaidOnce, createPayment, insertOrder, orderRow, outboxRows, paymentRows } from './payments-fixtures';
import { notificationFor, ORIGIN, OZOW, ozowOrder, postNotification, rand, signed } from './ozow-fixtures';

describe('starting an instant EFT payment', () => {
  it("posts the payment request with its HashCheck and the ApiKey, and sends the customer to Ozow's page", async () => {
    const order = await ozowOrder({ totalCents: 250_050 });
    expect(order.checkoutId).toMatch(/^oz_chk_[a-z2-7]{24}$/);
    expect(order.checkoutUrl).toMatch(new RegExp(`^${env.STAND_IN_URL}/ozow/pay/[0-9a-f-]{36}$`));
    const recorded: any[] = await (await fetch(`${env.STAND_IN_URL}/__requests?key=${STAND_IN_OZOW.apiKey}`)).json();
    const request = recorded.find((r) => r.path === '/ozow/PostPaymentRequest' && r.body.transactionReference === order.checkoutId);
    expect(request.body).toMatchObject({
      siteCode: STAND_IN_OZOW.siteCode,
      countryCode: 'ZA',
      currencyCode: 'ZAR',
      amount: '2500.50',
      bankReference: order.reference,
      successUrl: `${ORIGIN}/payment-success?reference=${order.reference}`,
      cancelUrl: `${ORIGIN}/payment-cancelled?reference=${order.reference}`,
      errorUrl: `${ORIGIN}/payment-failed?reference=${order.reference}`,
      notifyUrl: `${ORIGIN}/api/payment/ozow/notify`,
      isTest: true,
    });
    expect(request.body.hashCheck).toMatch(/^[0-9a-f]{128}$/);
    const row = await orderRow(order.reference);
    expect(row.paymentProvider).toBe('ozow');
    expect(row.paymentStatus).toBe('pending');
  });

  // A card-only shop: the sandbox would stand in for instant EFT (npm start's offline mode), Yoco does not.
  it('answers 409 when the shop does not take instant EFT, and 503 when Ozow refuses our API key', async () => {
    const order = await insertOrder();
    const off = await createPayment({ quote_id: order.reference, method: 'instant_eft' }, { ...OZOW, PAYMENT_PROVIDER: 'yoco' });
    expect(off.status).toBe(409);
    expect((await off.json<any>()).message).toBe(NO_INSTANT_EFT_MESSAGE);
    const refused = await createPayment({ quote_id: order.reference, method: 'instant_eft' }, { ...OZOW, OZOW_API_KEY: 'bad-api-key' });
    expect(refused.status).toBe(503);
    expect((await refused.json<any>()).message).toMatch(/^Payment Setup Required/);
    const missing = await createPayment({ quote_id: order.reference, method: 'instant_eft' }, { ...OZOW, OZOW_PRIVATE_KEY: '' });
    expect(missing.status).toBe(503);
  });
});

describe("Ozow's notification", () => {
  it('Complete pays the order once, with the receipt and the tax invoice; a repeat changes nothing', async () => {
    const order = await ozowOrder();
    const body = await signed(notificationFor(order, { StatusMessage: 'Payment complete' }));
    const res = await postNotification(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: 'recorded' });
    const payment = await expectPaidOnce(order.reference);
    expect(payment).toMatchObject({ provider: 'ozow', amountCents: order.totalCents, status: 'succeeded' });
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
    expect((await orderRow(order.reference)).paymentProvider).toBe('ozow');

    const again = await postNotification(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    await expectPaidOnce(order.reference);
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);
  });

  it('a tampered field (the amount raised after signing) or a Hash made with another key is refused', async () => {
    const order = await ozowOrder();
    const body = new URLSearchParams(await signed(notificationFor(order)));
    body.set('Status', 'Complete');
    body.set('Amount', rand(order.totalCents + 100));
    expect((await postNotification(body.toString())).status).toBe(400);
    expect((await postNotification(await signed(notificationFor(order), 'not-our-private-key'))).status).toBe(400);
    const noHash = new URLSearchParams(await signed(notificationFor(order)));
    noHash.delete('Hash');
    expect((await postNotification(noHash.toString())).status).toBe(400);
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('a correctly signed notification for another site code, the wrong test flag or another currency is refused', async () => {
    const order = await ozowOrder();
    for (const overrides of [{ SiteCode: 'OTH-SIT-001' }, { IsTest: 'false' }, { CurrencyCode: 'USD' }]) {
      const res = await postNotification(await signed(notificationFor(order, overrides)));
      expect(res.status).toBe(400);
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });

  it('an amount that is not what the order owes is refused, even signed; so is a reference that is not an Ozow checkout of an order', async () => {
    const order = await ozowOrder({ totalCents: 99_900 });
    const short = await postNotification(await signed(notificationFor(order, { Amount: '1.00' })));
    expect(short.status).toBe(400);
    expect((await short.json<any>()).message).toMatch(/amount does not match/);
    for (const reference of [order.reference, 'oz_chk_aaaaaaaaaaaaaaaaaaaaaaaa', (await ozowOrder()).checkoutId.replace(/.$/, 'a')]) {
      const res = await postNotification(await signed(notificationFor(order, { TransactionReference: reference })));
      expect(res.status).toBe(400);
    }
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it("another order's checkout cannot pay this order: it names the other order, whose amount must then match", async () => {
    const mine = await ozowOrder({ totalCents: 120_000 });
    const other = await ozowOrder({ totalCents: 50_000 });
    // Ozow's notification for the other checkout with this order's amount: refused for the other order.
    const res = await postNotification(await signed(notificationFor(mine, { TransactionReference: other.checkoutId })));
    expect(res.status).toBe(400);
    expect((await orderRow(mine.reference)).paymentStatus).toBe('pending');
    expect((await orderRow(other.reference)).paymentStatus).toBe('pending');
  });

  it('Cancelled and Abandoned cancel the checkout, Error fails it; the customer can pay again afterwards', async () => {
    for (const [status, expected] of [
      ['Cancelled', 'cancelled'],
      ['Abandoned', 'cancelled'],
      ['Error', 'failed'],
    ] as const) {
      const order = await ozowOrder();
      const res = await postNotification(await signed(notificationFor(order, { Status: status })));
      expect(res.status).toBe(200);
      expect((await orderRow(order.reference)).paymentStatus).toBe(expected);
      const [row] = await paymentRows(order.reference);
      expect(row).toMatchObject({ provider: 'ozow', status: expected });
      // A new attempt, paid this time.
      const retry = await createPayment({ quote_id: order.reference, method: 'instant_eft' }, OZOW);
      expect(retry.status).toBe(200);
      const checkoutId = (await orderRow(order.reference)).checkoutId!;
      await postNotification(await signed(notificationFor({ ...order, checkoutId }, {})));
      expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
    }
  });

  it('PendingInvestigation pays nothing, tells the business once and notes it on the order once; Pending changes nothing', async () => {
    const order = await ozowOrder();
    const n = notificationFor(order, { Status: 'PendingInvestigation' });
    for (let i = 0; i < 2; i++) {
      const res = await postNotification(await signed(n));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ outcome: 'ignored' });
    }
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
    const notices = await env.DB.prepare(`select subject from email_outbox where dedupe_key = ?`)
      .bind(`payment-investigation:ozow:${n.TransactionId}:pendinginvestigation`)
      .all<{ subject: string }>();
    expect(notices.results).toHaveLength(1);
    expect(notices.results[0]!.subject).toContain(`Payment for order ${order.reference} needs checking`);
    const events = await env.DB.prepare(`select note from order_events where order_reference = ? and kind = 'payment'`)
      .bind(order.reference)
      .all<{ note: string }>();
    expect(events.results.filter((e) => e.note.startsWith('Ozow: the bank gave an inconclusive result'))).toHaveLength(1);

    const pending = await postNotification(await signed(notificationFor(order, { Status: 'Pending' })));
    expect(await pending.json()).toMatchObject({ outcome: 'ignored' });
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });

  it('is refused with 503 while Ozow is not configured, and only as a form post', async () => {
    const order = await ozowOrder();
    const body = await signed(notificationFor(order));
    expect((await postNotification(body, { ...OZOW, OZOW_PRIVATE_KEY: '' })).status).toBe(503);
    const asJson = await appRequest(
      '/api/payment/ozow/notify',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
      OZOW,
    );
    expect(asJson.status).toBe(415);
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });
});
