import { describe, expect, it } from 'vitest';
import { formatRandFromCents } from '../../worker/shared/money';
import { createPayment, orderRow, outboxRows, paymentRows, type TestOrder } from './payments-fixtures';
import { deliver, orderOnCheckout, paymentEvent, yoco } from './payments-yoco-fixtures';

describe('Yoco refunds (refund.succeeded)', () => {
  /** A refund event as Yoco sends it: the refund's own id, the payment's id, and the checkout in metadata. */
  function refundEvent(
    order: TestOrder & { checkoutId: string },
    paymentId: string,
    overrides: { amount?: number; checkoutId?: string; refundId?: string } = {},
  ) {
    return JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      type: 'refund.succeeded',
      createdDate: new Date().toISOString(),
      payload: {
        id: overrides.refundId ?? `rf_${crypto.randomUUID().replace(/-/g, '')}`,
        type: 'refund',
        createdDate: new Date().toISOString(),
        paymentId,
        amount: overrides.amount ?? order.totalCents,
        currency: 'ZAR',
        status: 'succeeded',
        mode: 'test',
        metadata: { checkoutId: overrides.checkoutId ?? order.checkoutId },
      },
    });
  }

  it("moves a paid order to 'refunded', records the refund under its own id, and tells the business, once", async () => {
    const config = { ...yoco(), BUSINESS_EMAIL: 'orders@blinds.example.co.za' };
    const order = await orderOnCheckout(config);
    const paymentId = `p_${crypto.randomUUID().replace(/-/g, '')}`;
    await deliver(config, paymentEvent(order, { checkoutId: order.checkoutId, paymentId }));
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');

    const body = refundEvent(order, paymentId, { refundId: `rf_${order.reference}` });
    const res = await deliver(config, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: 'recorded', note: 'refund recorded' });
    expect((await orderRow(order.reference)).paymentStatus).toBe('refunded');
    const rows = await paymentRows(order.reference);
    expect(rows.map((r) => [r.providerPaymentId, r.status])).toEqual([
      [paymentId, 'succeeded'],
      [`rf_${order.reference}`, 'refunded'],
    ]);
    const [notice] = await outboxRows(`refund-notice:yoco:rf_${order.reference}`);
    expect(notice).toMatchObject({
      kind: 'refund-notice',
      toAddress: 'orders@blinds.example.co.za',
      subject: `Order ${order.reference} refunded - R\u00a01\u00a0624,00`,
    });

    expect(await (await deliver(config, body)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await paymentRows(order.reference)).toHaveLength(2);
    expect(await outboxRows(`refund-notice:yoco:rf_${order.reference}`)).toHaveLength(1);
    // A refunded order cannot be paid again through the shop.
    expect((await createPayment({ quote_id: order.reference }, config)).status).toBe(409);
  });

  it('a partial refund leaves the order paid and says so; the refund that completes the total marks it refunded; more than was paid is refused', async () => {
    const config = { ...yoco(), BUSINESS_EMAIL: 'orders@blinds.example.co.za' };
    const order = await orderOnCheckout(config);
    const paymentId = `p_${crypto.randomUUID().replace(/-/g, '')}`;
    await deliver(config, paymentEvent(order, { checkoutId: order.checkoutId, paymentId }));
    const part = Math.floor(order.totalCents / 4);

    expect(
      await (await deliver(config, refundEvent(order, paymentId, { amount: part, refundId: `rf1_${order.reference}` }))).json(),
    ).toMatchObject({ outcome: 'recorded' });
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
    const [partNotice] = await outboxRows(`refund-notice:yoco:rf1_${order.reference}`);
    expect(partNotice!.subject).toMatch(new RegExp(`^Order ${order.reference} partly refunded - R`));
    expect(partNotice!.text).toContain('so the order stays paid');
    // The customer is told too, once per refund: the cancellation e-mail promises it.
    const [partReceipt] = await outboxRows(`refund-receipt:${order.reference}:rf1_${order.reference}`);
    expect(partReceipt!.toAddress).toBe(order.email);
    expect(partReceipt!.text).toContain(
      `We have refunded ${formatRandFromCents(part)} to you for order ${order.reference}, to the card or account you paid with.`,
    );
    expect(partReceipt!.text).toContain(
      `That makes ${formatRandFromCents(part)} refunded of the ${formatRandFromCents(order.totalCents)} you paid.`,
    );

    // More than what is left to refund: not recorded.
    const tooMuch = refundEvent(order, paymentId, { amount: order.totalCents - part + 1, refundId: `rf2_${order.reference}` });
    expect(await (await deliver(config, tooMuch)).json()).toMatchObject({
      outcome: 'ignored',
      note: 'the refund does not match a paid order',
    });
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');

    // The rest: now the whole amount is refunded.
    expect(
      await (
        await deliver(config, refundEvent(order, paymentId, { amount: order.totalCents - part, refundId: `rf3_${order.reference}` }))
      ).json(),
    ).toMatchObject({ outcome: 'recorded' });
    expect((await orderRow(order.reference)).paymentStatus).toBe('refunded');
    const [fullNotice] = await outboxRows(`refund-notice:yoco:rf3_${order.reference}`);
    expect(fullNotice!.subject).toMatch(new RegExp(`^Order ${order.reference} refunded - R`));
    const [fullReceipt] = await outboxRows(`refund-receipt:${order.reference}:rf3_${order.reference}`);
    expect(fullReceipt!.text).toContain('Everything you paid for this order has now been refunded.');
    expect((await paymentRows(order.reference)).map((r) => r.status)).toEqual(['succeeded', 'refunded', 'refunded']);
  });

  it("a refund for an order that is not paid, or for a checkout that is not the order's, changes nothing", async () => {
    const config = yoco();
    const unpaid = await orderOnCheckout(config);
    expect(await (await deliver(config, refundEvent(unpaid, 'p_x'))).json()).toMatchObject({
      outcome: 'ignored',
      note: 'the refund does not match a paid order',
    });
    expect((await orderRow(unpaid.reference)).paymentStatus).toBe('pending');

    const paid = await orderOnCheckout(config);
    await deliver(config, paymentEvent(paid, { checkoutId: paid.checkoutId }));
    expect(await (await deliver(config, refundEvent(paid, 'p_y', { checkoutId: 'ch_not_ours' }))).json()).toMatchObject({
      outcome: 'ignored',
      note: 'no order matches this payment',
    });
    expect((await orderRow(paid.reference)).paymentStatus).toBe('paid');
    expect(await paymentRows(unpaid.reference)).toHaveLength(0);
  });
});

describe('the payment e-mails (Yoco)', () => {
  it("a verified payment queues the customer's receipt and the business's notice; a repeated event queues neither again", async () => {
    const config = { ...yoco(), BUSINESS_EMAIL: 'orders@blinds.example.co.za' };
    const order = await orderOnCheckout(config);
    const body = paymentEvent(order, { checkoutId: order.checkoutId, paymentId: `p_${order.reference}` });
    await deliver(config, body);
    await deliver(config, body);
    const receipts = await outboxRows(`payment-receipt:${order.reference}`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Payment received for order ${order.reference}`);
    expect(receipts[0]!.text).not.toContain('Test payment');
    const notices = await outboxRows(`payment-notice:yoco:p_${order.reference}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      toAddress: 'orders@blinds.example.co.za',
      subject: `Payment received for order ${order.reference} - R\u00a01\u00a0624,00`,
    });
  });
});
