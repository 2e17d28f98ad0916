// 'Record a payment' (DESIGN.md 7b, bank transfer; staff spec 2.6): money staff received outside the
// card gateways (a bank transfer they matched to the order, cash, the card machine). The payment row
// (provider 'manual', its own id), the order's new payment status ('paid' once the balance is
// covered, else 'part_paid'), the order_event 'payment', the audit entry and the customer's receipt
// are one D1 batch. The server checks the amount against what is outstanding: never more.
import { findOrder } from '../../orders';
import { invoiceStatement, taxSupplier, withNumberRetry } from '../../tax-invoices';
import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { orderEvents, orders, payments } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import { MANUAL_PAYMENT_METHOD_LABELS, type manualPaymentSchema } from '../../../shared/admin-orders-api';
import { formatRandFromCents } from '../../../shared/money';
import type { z } from 'zod';
import { outboxInsertOrIgnore } from '../../email/outbox';
import { paymentReceiptEmail } from '../../payments/receipt';
import { paymentsSumSql } from '../../payments/ledger';
import { auditStatement } from '../audit';
import { actorIfLanded, CHANGED_BY_SOMEONE_ELSE, insertedIds, isLostRace, loadOrderForWrite } from './order-writes';
import type { OrderWrite } from './moves';

export type ManualPaymentInput = z.output<typeof manualPaymentSchema>;

const overpaid = (amountCents: number, outstandingCents: number) =>
  new AppError(
    'validation_error',
    `amount: ${formatRandFromCents(amountCents)} is more than the ${formatRandFromCents(outstandingCents)} outstanding on this order. Record at most ${formatRandFromCents(outstandingCents)}; refund any extra to the customer.`,
    { issues: [{ path: 'amount', message: `must be at most ${formatRandFromCents(outstandingCents)}` }] },
  );

/** POST /api/admin/orders/{reference}/payments */
export async function recordManualPayment(
  env: Env,
  reference: string,
  input: ManualPaymentInput,
  ctx: { actor: string; now: Date },
): Promise<OrderWrite & { outstandingCents: number }> {
  const db = env.DB;
  const d = database(db);
  const order = await loadOrderForWrite(db, reference);
  if (order.paymentStatus === 'not_required')
    throw new AppError('conflict', `Order ${reference} is free colour samples: there is nothing to pay, so no payment can be recorded.`);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
    throw new AppError(
      'conflict',
      `Order ${reference} is already ${order.paymentStatus === 'paid' ? 'paid in full' : 'refunded'}: there is nothing outstanding to record.`,
    );
  const totalCents = order.row.totalCents;
  const outstandingBefore = totalCents - order.paidCents;
  if (outstandingBefore <= 0)
    throw new AppError('conflict', `Order ${reference} has nothing outstanding: its payments already cover the total.`);
  if (input.amountCents > outstandingBefore) throw overpaid(input.amountCents, outstandingBefore);

  const outstandingCents = outstandingBefore - input.amountCents;
  const status = outstandingCents === 0 ? 'paid' : 'part_paid';
  const at = ctx.now.toISOString();
  const providerPaymentId = `manual:${reference}:${crypto.randomUUID()}`;
  const note = input.note?.trim() || null;
  const details = { amountCents: input.amountCents, method: input.method, outstandingCents, providerPaymentId, from: order.paymentStatus };

  // Landed only when no other payment (a second member of staff, a gateway notification) and no
  // total change came in between the read and this batch: the succeeded payments, this one
  // included (inserted earlier in the batch), are exactly what was read plus this amount.
  const landed = sql`${paymentsSumSql(reference, 'succeeded')} = ${order.paidCents + input.amountCents}
    and exists (select 1 from ${orders} where ${orders.reference} = ${reference} and ${orders.totalCents} = ${totalCents} and ${orders.paymentStatus} = ${status})`;
  // Paid in full: its tax invoice is issued in this batch (it takes effect only if the order is paid by then).
  const supplier = status === 'paid' ? taxSupplier(env) : null;
  const full = supplier ? await findOrder(db, reference) : null;
  const invoice = supplier && full ? invoiceStatement(db, full, supplier, ctx.now) : null;
  const receipt = order.row.customerEmail.trim()
    ? await paymentReceiptEmail(
        env,
        {
          reference,
          customerName: order.row.customerName,
          customerEmail: order.row.customerEmail,
          totalCents,
          paymentStatus: order.paymentStatus,
          paymentProvider: 'manual',
          checkoutId: null,
        },
        input.amountCents,
        'manual',
        { recorded: { outstandingCents, providerPaymentId }, taxInvoice: invoice !== null },
      )
    : null;
  const statements = [
    d.insert(payments).values({
      orderReference: reference,
      provider: 'manual',
      providerPaymentId,
      amountCents: input.amountCents,
      status: 'succeeded',
      raw: { recordedBy: ctx.actor, paymentMethod: input.method, note },
      createdAt: at,
    }),
    d
      .update(orders)
      .set({ paymentStatus: status, ...(status === 'paid' ? { paidAt: at } : {}) })
      .where(and(eq(orders.reference, reference), eq(orders.paymentStatus, order.paymentStatus))),
    d.insert(orderEvents).values({
      orderReference: reference,
      kind: 'payment',
      note,
      actor: actorIfLanded(ctx.actor, landed),
      details,
      createdAt: at,
    }),
    auditStatement(db, { actor: ctx.actor, action: 'order.payment', target: reference, details: { ...details, note } }, ctx.now),
  ] as const;
  try {
    const results = await withNumberRetry(() =>
      d.batch([...statements, ...(invoice ? [invoice] : []), ...(receipt ? [outboxInsertOrIgnore(db, receipt, ctx.now)] : [])]),
    );
    const outboxIds = receipt ? insertedIds(results[results.length - 1]) : [];
    const received = `Recorded ${formatRandFromCents(input.amountCents)} by ${MANUAL_PAYMENT_METHOD_LABELS[input.method].toLowerCase()} for order ${reference}.`;
    return {
      outboxIds,
      outstandingCents,
      message:
        status === 'paid'
          ? `${received} It is now paid in full.`
          : `${received} It is part paid: ${formatRandFromCents(outstandingCents)} of ${formatRandFromCents(totalCents)} is still outstanding.`,
    };
  } catch (err) {
    if (isLostRace(err)) throw new AppError('conflict', CHANGED_BY_SOMEONE_ELSE);
    throw err;
  }
}
