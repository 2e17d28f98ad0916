// 'Record a refund' (staff spec 2.6; DESIGN.md 7b): money given back that no gateway reports. Ozow
// has no refund notice (staff refund in Ozow's merchant admin), and bank transfers, cash and the card
// machine are outside every gateway; card gateways report their own refunds (record-verified.ts).
// The refund row (provider 'manual', status 'refunded'), the order's move to 'refunded' once the
// refunds cover the total, the credit note of an invoiced order (its own number, the invoice never
// changes), the order event and the audit entry are one D1 batch. Never more than was paid and not
// yet refunded.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderEvents, orders, payments } from '../../../db/schema';
import type { Env } from '../../../env';
import { database } from '../../../lib/db';
import { AppError } from '../../../lib/errors';
import { REFUND_METHOD_LABELS, type manualRefundSchema } from '../../../shared/admin-orders-api';
import { formatRandFromCents } from '../../../shared/money';
import { paymentsCents, paymentsSumSql } from '../../payments/ledger';
import { creditNoteStatement, findTaxDocument, withNumberRetry } from '../../tax-invoices';
import { auditStatement } from '../audit';
import type { OrderWrite } from './moves';
import { actorIfLanded, CHANGED_BY_SOMEONE_ELSE, insertedIds, isLostRace, loadOrderForWrite } from './order-writes';
import { outboxInsertOrIgnore } from '../../email/outbox';
import { refundReceiptEmail } from '../../payments/receipt';

export type ManualRefundInput = z.output<typeof manualRefundSchema>;

/** How the money went back, as the customer's refund e-mail says it. */
const REFUND_TO_CUSTOMER: Record<ManualRefundInput['method'], string> = {
  ozow: 'back to the bank account you paid from, through Ozow',
  bank_transfer: 'by bank transfer',
  cash: 'in cash',
  card_machine: 'to your card, through our card machine',
};

/** POST /api/admin/orders/{reference}/refunds */
export async function recordManualRefund(
  env: Env,
  reference: string,
  input: ManualRefundInput,
  ctx: { actor: string; now: Date },
): Promise<OrderWrite & { refundedCents: number }> {
  const db = env.DB;
  const d = database(db);
  const [order, refundedBefore, invoice] = await Promise.all([
    loadOrderForWrite(db, reference),
    paymentsCents(db, reference, 'refunded'),
    findTaxDocument(db, reference, 'invoice'),
  ]);
  const refundable = order.paidCents - refundedBefore;
  if (refundable <= 0)
    throw new AppError('conflict', `Order ${reference} has no payment left to refund: nothing was paid, or it was all refunded already.`);
  if (input.amountCents > refundable)
    throw new AppError(
      'validation_error',
      `amount: ${formatRandFromCents(input.amountCents)} is more than the ${formatRandFromCents(refundable)} paid and not yet refunded on this order.`,
      { issues: [{ path: 'amount', message: `must be at most ${formatRandFromCents(refundable)}` }] },
    );

  const at = ctx.now.toISOString();
  const refundedCents = refundedBefore + input.amountCents;
  // All the money paid is back: the order is refunded (a part-paid order too).
  const full = refundedCents >= order.paidCents;
  const providerPaymentId = `manual-refund:${reference}:${crypto.randomUUID()}`;
  const note = input.note?.trim() || null;
  const details = {
    refund: true,
    amountCents: input.amountCents,
    method: input.method,
    refundedCents,
    providerPaymentId,
    from: order.paymentStatus,
  };
  // Landed only when no payment or refund came in between the read and this batch.
  const landed = sql`${paymentsSumSql(reference, 'succeeded')} = ${order.paidCents} and ${paymentsSumSql(reference, 'refunded')} = ${refundedCents}`;
  const customerEmail = refundReceiptEmail(env, order.row, {
    amountCents: input.amountCents,
    refundedInAllCents: refundedCents,
    paidCents: order.paidCents,
    providerPaymentId,
    method: REFUND_TO_CUSTOMER[input.method],
    creditNote: invoice !== null,
    test: false,
  });
  const statements = [
    d.insert(payments).values({
      orderReference: reference,
      provider: 'manual',
      providerPaymentId,
      amountCents: input.amountCents,
      status: 'refunded',
      raw: { recordedBy: ctx.actor, refundMethod: input.method, note },
      createdAt: at,
    }),
    ...(full
      ? [
          d
            .update(orders)
            .set({ paymentStatus: 'refunded' })
            .where(and(eq(orders.reference, reference), eq(orders.paymentStatus, order.paymentStatus))),
        ]
      : []),
    d.insert(orderEvents).values({
      orderReference: reference,
      kind: 'payment',
      note: `Refund of ${formatRandFromCents(input.amountCents)} by ${REFUND_METHOD_LABELS[input.method].toLowerCase()}${note ? `: ${note}` : ''}`,
      actor: actorIfLanded(ctx.actor, landed),
      details,
      createdAt: at,
    }),
    auditStatement(db, { actor: ctx.actor, action: 'order.refund', target: reference, details: { ...details, note } }, ctx.now),
    ...(invoice ? [creditNoteStatement(db, invoice, providerPaymentId, input.amountCents, ctx.now)] : []),
    // Queued with the refund: it is told only if the refund is recorded (a lost race undoes both).
    ...(customerEmail ? [outboxInsertOrIgnore(db, customerEmail, ctx.now)] : []),
  ] as const;
  let results: Awaited<ReturnType<typeof d.batch>>;
  try {
    results = await withNumberRetry(() => d.batch(statements as unknown as Parameters<typeof d.batch>[0]));
  } catch (err) {
    if (isLostRace(err)) throw new AppError('conflict', CHANGED_BY_SOMEONE_ELSE);
    throw err;
  }
  const recorded = `Recorded a refund of ${formatRandFromCents(input.amountCents)} for order ${reference}${invoice ? ', with a credit note' : ''}.`;
  return {
    outboxIds: customerEmail ? insertedIds(results[results.length - 1]) : [],
    refundedCents,
    message: full
      ? `${recorded} The order is now refunded.`
      : `${recorded} ${formatRandFromCents(refundedCents)} of ${formatRandFromCents(order.paidCents)} paid is refunded; the order stays paid.`,
  };
}
