// What every provider does with a verified notification once it knows the order and the outcome:
// record it exactly once, with the e-mails it causes in the same batch, and log it.
import type { Env } from '../../env';
import { recordEvent } from '../analytics';
import type { OutgoingEmail } from '../email/outbox';
import { recordPaymentOutcome, type PaymentOrder, type PaymentOutcome } from './ledger';
import { paymentNoticeEmail, paymentReceiptEmail, refundNoticeEmail, refundReceiptEmail } from './receipt';
import { paymentLog, type NotificationResult } from './types';
import { findOrder } from '../order-read';
import { creditNoteStatement, findTaxDocument, invoiceStatement, taxSupplier } from '../tax-invoices';

/** The customer's receipt and the business's notice of a payment; both notices of a refund. */
async function emailsFor(env: Env, order: PaymentOrder, outcome: PaymentOutcome, withDocument: boolean): Promise<OutgoingEmail[]> {
  const emails: (OutgoingEmail | null)[] = [];
  if (outcome.status === 'succeeded') {
    const receipt = await paymentReceiptEmail(env, order, outcome.amountCents, outcome.provider, { taxInvoice: withDocument });
    emails.push(
      // The first receipt's key is per order (a second payment sends no second receipt); the balance of
      // a part-paid order is a payment of its own, with a receipt of its own.
      order.paymentStatus === 'part_paid' ? { ...receipt, dedupeKey: `${receipt.dedupeKey}:${outcome.providerPaymentId}` } : receipt,
      await paymentNoticeEmail(env, order, outcome),
    );
  } else if (outcome.status === 'refunded') {
    emails.push(
      await refundNoticeEmail(env, order, outcome),
      refundReceiptEmail(env, order, {
        amountCents: outcome.amountCents,
        refundedInAllCents: (outcome.refundedBeforeCents ?? 0) + outcome.amountCents,
        // A gateway refunds a paid order: what was paid is its total.
        paidCents: order.totalCents,
        providerPaymentId: outcome.providerPaymentId,
        method: 'to the card or account you paid with',
        creditNote: withDocument,
        test: outcome.provider === 'sandbox',
      }),
    );
  }
  return emails.filter((email): email is OutgoingEmail => email !== null);
}

/**
 * The tax invoice a payment issues (it takes effect only if the order is paid in full once the
 * payment is recorded, and only once per order), or the credit note of a refund on an invoiced order.
 */
async function documentsFor(env: Env, order: PaymentOrder, outcome: PaymentOutcome, now: Date) {
  if (outcome.status === 'succeeded') {
    const supplier = taxSupplier(env);
    const full = supplier && !isSettled(order.paymentStatus) ? await findOrder(env.DB, order.reference) : null;
    return supplier && full ? [invoiceStatement(env.DB, { ...full, test_payment: outcome.provider === 'sandbox' }, supplier, now)] : [];
  }
  if (outcome.status === 'refunded') {
    const invoice = await findTaxDocument(env.DB, order.reference, 'invoice');
    return invoice ? [creditNoteStatement(env.DB, invoice, outcome.providerPaymentId, outcome.amountCents, now)] : [];
  }
  return [];
}

const isSettled = (status: PaymentOrder['paymentStatus']) => status === 'paid' || status === 'refunded';

/** `logFields` identify the payment in the logs; `note` is the answer's note once recorded. */
export async function recordVerifiedPayment(
  env: Env,
  order: PaymentOrder,
  outcome: PaymentOutcome,
  now: Date,
  logFields: Record<string, unknown>,
  note: string,
): Promise<NotificationResult> {
  const reference = order.reference;
  const documents = await documentsFor(env, order, outcome, now);
  // A payment's tax invoice or a refund's credit note: the customer's e-mail says where it is.
  const emails = await emailsFor(env, order, outcome, documents.length > 0);
  if ((outcome.status === 'succeeded' || outcome.status === 'refunded') && !env.BUSINESS_EMAIL?.trim()) {
    paymentLog('warn', 'BUSINESS_EMAIL is not set: no payment notice for the business', { reference, ...logFields });
  }
  const recorded = await recordPaymentOutcome(env.DB, outcome, emails, now, documents);
  if (recorded.duplicate) return { httpStatus: 200, outcome: 'duplicate', note: 'already processed', reference };
  // Real money only: staff refund a second payment for an order that was already paid (the notice says so).
  if (outcome.status === 'succeeded' && !recorded.orderUpdated && outcome.provider !== 'sandbox') {
    paymentLog('warn', 'a second payment for an order that was already paid: recorded so staff can refund it', { reference, ...logFields });
  }
  if (outcome.status === 'succeeded' && recorded.orderUpdated)
    await recordEvent(env, {
      kind: 'payment',
      refId: reference,
      valueCents: outcome.amountCents,
      data: { provider: outcome.provider },
      at: now,
    });
  paymentLog('info', `${outcome.provider} ${outcome.status === 'refunded' ? 'refund' : 'payment'} recorded`, {
    reference,
    ...logFields,
    orderUpdated: recorded.orderUpdated,
  });
  return { httpStatus: 200, outcome: 'recorded', note, reference };
}
