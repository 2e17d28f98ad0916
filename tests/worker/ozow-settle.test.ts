// A payment whose notification never arrives: the cron asks Ozow's transaction status API
// (GetTransactionByReference, the stand-in) about Ozow checkouts pending 15 minutes or more, and
// records what Ozow reports exactly as the notification would have been recorded.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OUTBOX_CRON, runScheduled } from '../../worker/cron';
import { settlePendingOzowPayments } from '../../worker/services/payments/ozow-notify';
import { STAND_IN_OZOW } from '../stand-ins/ozow';
import { expectPaidOnce, orderRow, outboxRows, paymentRows } from './payments-fixtures';
import { notificationFor, OZOW, ozowOrder, postNotification, signed, type OzowOrder } from './ozow-fixtures';

/** Ozow records a transaction for the checkout but its notification is lost on the way. */
async function lostNotification(order: OzowOrder, status: string, amount?: number) {
  const res = await fetch(`${env.STAND_IN_URL}/ozow/__transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transactionReference: order.checkoutId, status, amount, lose: true }),
  });
  return (await res.json<{ transaction: { transactionId: string } }>()).transaction;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const withOzow = { ...env, ...OZOW };

/** Calls of the status API so far (this file's tests run one after another). */
async function statusQueries(): Promise<number> {
  const recorded: any[] = await (await fetch(`${env.STAND_IN_URL}/__requests?key=${STAND_IN_OZOW.apiKey}`)).json();
  return recorded.filter((r) => r.path === '/ozow/GetTransactionByReference').length;
}

describe('settling Ozow payments from the cron', () => {
  it('a Complete whose notification was lost pays the order once 15 minutes have passed, not before', async () => {
    const order = await ozowOrder();
    const tx = await lostNotification(order, 'Complete');

    await settlePendingOzowPayments(withOzow, minutesFromNow(10));
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');

    const report = await settlePendingOzowPayments(withOzow, minutesFromNow(16));
    expect(report.recorded).toBeGreaterThanOrEqual(1);
    const payment = await expectPaidOnce(order.reference);
    expect(payment).toMatchObject({ provider: 'ozow', providerPaymentId: tx.transactionId, amountCents: order.totalCents });
    expect(await outboxRows(`payment-receipt:${order.reference}`)).toHaveLength(1);

    // The notification arriving late, and the next cron run, change nothing.
    const late = await postNotification(await signed(notificationFor(order, { TransactionId: tx.transactionId })));
    expect(await late.json()).toMatchObject({ outcome: 'duplicate' });
    await settlePendingOzowPayments(withOzow, minutesFromNow(21));
    await expectPaidOnce(order.reference);
  });

  it('runs in the five-minute cron, and a cancelled attempt is recorded as cancelled', async () => {
    const order = await ozowOrder();
    await lostNotification(order, 'Cancelled');
    await runScheduled({ cron: OUTBOX_CRON, scheduledTime: minutesFromNow(16).getTime() } as ScheduledController, withOzow);
    expect((await orderRow(order.reference)).paymentStatus).toBe('cancelled');
    expect(await paymentRows(order.reference)).toMatchObject([{ provider: 'ozow', status: 'cancelled' }]);
  });

  it('an amount Ozow reports that is not what the order owes is not recorded', async () => {
    const order = await ozowOrder({ totalCents: 80_000 });
    await lostNotification(order, 'Complete', 1);
    await settlePendingOzowPayments(withOzow, minutesFromNow(16));
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('a checkout older than an hour is asked about only in the run at the top of the hour', async () => {
    const order = await ozowOrder();
    await lostNotification(order, 'Pending');
    const before = await statusQueries();
    const offHour = minutesFromNow(150);
    offHour.setUTCMinutes(20);
    await settlePendingOzowPayments(withOzow, offHour);
    expect(await statusQueries()).toBe(before);
    const onHour = minutesFromNow(150);
    onHour.setUTCMinutes(0);
    const report = await settlePendingOzowPayments(withOzow, onHour);
    expect(report.asked).toBeGreaterThanOrEqual(1);
    expect(await statusQueries()).toBe(before + report.asked);
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
  });

  it('does nothing while Ozow is not configured', async () => {
    expect(await settlePendingOzowPayments({ ...env, PAYMENT_PROVIDER: 'sandbox' }, minutesFromNow(16))).toEqual({
      asked: 0,
      recorded: 0,
      failedQueries: 0,
    });
  });
});
