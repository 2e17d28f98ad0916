// The payment side of an order in D1: the checkouts it was started with, and every verified
// notification. A payment row, the order's new status and the e-mails they cause are written in one
// batch (D1 has no BEGIN), and the provider's payment id is UNIQUE, so a repeated notification
// changes nothing.
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { orders, paymentCheckouts, payments } from '../../db/schema';
import type { PaymentStatus } from '../../shared/orders-api';
import type { DeliveryEstimate } from '../../shared/delivery-dates';
import { outboxInsertOrIgnore, type OutgoingEmail } from '../email/outbox';
import type { ProviderName } from './types';
import { withNumberRetry, type invoiceStatement } from '../tax-invoices';

type TaxDocumentStatement = ReturnType<typeof invoiceStatement>;

/** The columns a payment needs; OrderDto (findOrder) has no checkout id or provider. */
export interface PaymentOrder {
  reference: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  paymentStatus: PaymentStatus;
  paymentProvider: string | null;
  checkoutId: string | null;
  /** The dates stored on the order (the receipt e-mail says them); null on older orders. */
  deliveryEstimate?: DeliveryEstimate | null;
}

const paymentOrderColumns = {
  reference: orders.reference,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  totalCents: orders.totalCents,
  paymentStatus: orders.paymentStatus,
  paymentProvider: orders.paymentProvider,
  checkoutId: orders.checkoutId,
  deliveryEstimate: orders.deliveryEstimate,
};

export async function loadPaymentOrder(db: D1Database, reference: string): Promise<PaymentOrder | null> {
  const [row] = await database(db).select(paymentOrderColumns).from(orders).where(eq(orders.reference, reference)).limit(1);
  return row ? { ...row, paymentStatus: row.paymentStatus as PaymentStatus } : null;
}

/** The order a checkout of this provider was started for; null when it is not one of ours. */
export async function findOrderByCheckout(db: D1Database, provider: ProviderName, checkoutId: string): Promise<PaymentOrder | null> {
  const [row] = await database(db)
    .select(paymentOrderColumns)
    .from(paymentCheckouts)
    .innerJoin(orders, eq(orders.reference, paymentCheckouts.orderReference))
    .where(and(eq(paymentCheckouts.checkoutId, checkoutId), eq(paymentCheckouts.provider, provider)))
    .limit(1);
  return row ? { ...row, paymentStatus: row.paymentStatus as PaymentStatus } : null;
}

/** Was this checkout, of this provider, started for this order? Only then may its notifications change it. */
export async function isOrderCheckout(
  db: D1Database,
  reference: string,
  provider: ProviderName,
  checkoutId: string | null | undefined,
): Promise<boolean> {
  if (!checkoutId) return false;
  const [row] = await database(db)
    .select({ checkoutId: paymentCheckouts.checkoutId })
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.checkoutId, checkoutId),
        eq(paymentCheckouts.orderReference, reference),
        eq(paymentCheckouts.provider, provider),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * SQL for what the order's payments of one status (money in, or refunds) add up to: a subquery, so a
 * batch's guard can compare it with what was read (rows inserted earlier in the batch included).
 */
export const paymentsSumSql = (reference: string, status: 'succeeded' | 'refunded') =>
  sql<number>`(select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${payments.orderReference} = ${reference} and ${payments.status} = ${status})`;

/** What the order's payments of one status (money in, or refunds) add up to. */
export async function paymentsCents(db: D1Database, reference: string, status: 'succeeded' | 'refunded'): Promise<number> {
  const [row] = await database(db)
    .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.orderReference, reference), eq(payments.status, status)));
  return Number(row?.total ?? 0);
}

/** What succeeded payments of the order add up to. */
export const succeededCents = (db: D1Database, reference: string): Promise<number> => paymentsCents(db, reference, 'succeeded');

/**
 * What a checkout of this order charges, and so what a gateway's payment of it must amount to: the
 * total, or for a 'part_paid' order (paid, then a staff size correction raised the total) the balance
 * due, the total less its succeeded payments. Read when the notification arrives, so a total changed
 * while the customer was at the gateway does not match and is left for a person to check.
 */
export async function amountDueCents(
  db: D1Database,
  order: Pick<PaymentOrder, 'reference' | 'totalCents' | 'paymentStatus'>,
): Promise<number> {
  if (order.paymentStatus !== 'part_paid') return order.totalCents;
  return order.totalCents - (await succeededCents(db, order.reference));
}

/**
 * Statuses from which a new checkout may not start (and a payment does not make the order paid
 * again); 'not_required' is a free sample order, which never owes anything.
 */
const SETTLED: PaymentStatus[] = ['paid', 'refunded', 'not_required'];

/**
 * Puts the order on a new checkout (a failed or cancelled attempt goes back to pending; a part-paid
 * order stays part-paid until the balance is paid) and records
 * the checkout for good, in one batch. False when the order was paid or refunded meanwhile (the
 * checkout is still recorded: it exists at the gateway, and money taken on it must be recorded).
 */
export async function attachCheckout(db: D1Database, reference: string, provider: ProviderName, checkoutId: string): Promise<boolean> {
  const d = database(db);
  const [changed] = await d.batch([
    d
      .update(orders)
      .set({
        paymentProvider: provider,
        checkoutId,
        paymentStatus: sql`case when ${orders.paymentStatus} = 'part_paid' then 'part_paid' else 'pending' end`,
      })
      .where(and(eq(orders.reference, reference), notInArray(orders.paymentStatus, SETTLED)))
      .returning({ reference: orders.reference }),
    d.insert(paymentCheckouts).values({ checkoutId, orderReference: reference, provider }).onConflictDoNothing(),
  ]);
  return changed.length > 0;
}

/** What has been refunded on an order so far (the sum of its recorded refunds). */
export const refundedCents = (db: D1Database, reference: string): Promise<number> => paymentsCents(db, reference, 'refunded');

export async function isPaymentRecorded(db: D1Database, providerPaymentId: string): Promise<boolean> {
  const [row] = await database(db)
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  return Boolean(row);
}

/** Did this provider payment id pay this order (a succeeded row of it)? A cancellation refunds only that payment. */
export async function isSucceededPaymentOf(db: D1Database, reference: string, providerPaymentId: string): Promise<boolean> {
  const [row] = await database(db)
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.orderReference, reference), eq(payments.status, 'succeeded')))
    .limit(1);
  return Boolean(row);
}

export interface PaymentOutcome {
  reference: string;
  provider: ProviderName;
  providerPaymentId: string;
  amountCents: number;
  /** refunded: money given back on a paid order (Yoco refund.succeeded, PayFast CANCELLED after COMPLETE). */
  status: 'succeeded' | 'failed' | 'cancelled' | 'refunded';
  /** The checkout the outcome belongs to: a failure of an older checkout leaves a newer attempt alone. */
  checkoutId: string | null;
  /** The verified notification as received. */
  raw: unknown;
  /** For a refund: what had been refunded on the order before this one (for the business's notice). */
  refundedBeforeCents?: number;
}

export interface RecordedOutcome {
  /** The provider's payment id was already recorded: nothing changed. */
  duplicate: boolean;
  /** The order's payment status changed (e.g. pending -> paid). */
  orderUpdated: boolean;
}

function orderUpdate(db: D1Database, outcome: PaymentOutcome, now: Date) {
  const d = database(db);
  const returning = { reference: orders.reference };
  switch (outcome.status) {
    case 'succeeded':
      // A refunded order stays refunded: a payment on it is recorded (and staff told), not undone.
      return d
        .update(orders)
        .set({ paymentStatus: 'paid', paidAt: now.toISOString(), paymentProvider: outcome.provider })
        .where(and(eq(orders.reference, outcome.reference), notInArray(orders.paymentStatus, SETTLED)))
        .returning(returning);
    case 'refunded':
      // Only once the refunds recorded (this one included: its row is inserted earlier in the same
      // batch) cover the total: a partial refund leaves the order paid.
      return d
        .update(orders)
        .set({ paymentStatus: 'refunded' })
        .where(
          and(
            eq(orders.reference, outcome.reference),
            eq(orders.paymentStatus, 'paid'),
            sql`${paymentsSumSql(outcome.reference, 'refunded')} >= ${orders.totalCents}`,
          ),
        )
        .returning(returning);
    default:
      return d
        .update(orders)
        .set({ paymentStatus: outcome.status })
        .where(
          and(
            eq(orders.reference, outcome.reference),
            eq(orders.paymentStatus, 'pending'),
            outcome.checkoutId === null ? undefined : eq(orders.checkoutId, outcome.checkoutId),
          ),
        )
        .returning(returning);
  }
}

/**
 * Records one verified notification, moves the order on and queues the e-mails it causes, in one
 * batch: a failure after it cannot lose them, and their dedupe keys make a repeat queue nothing.
 */
export async function recordPaymentOutcome(
  db: D1Database,
  outcome: PaymentOutcome,
  emails: readonly OutgoingEmail[] = [],
  now = new Date(),
  /** The tax invoice or credit note the outcome issues (services/tax-invoices.ts), after the order's change. */
  documents: readonly TaxDocumentStatement[] = [],
): Promise<RecordedOutcome> {
  const d = database(db);
  const insert = d
    .insert(payments)
    .values({
      orderReference: outcome.reference,
      provider: outcome.provider,
      providerPaymentId: outcome.providerPaymentId,
      amountCents: outcome.amountCents,
      status: outcome.status,
      raw: outcome.raw,
      createdAt: now.toISOString(),
    })
    .onConflictDoNothing({ target: payments.providerPaymentId })
    .returning({ id: payments.id });
  // A document number taken at the same instant fails the batch whole: it is run again.
  const [inserted, updated] = await withNumberRetry(() =>
    d.batch([insert, orderUpdate(db, outcome, now), ...documents, ...emails.map((email) => outboxInsertOrIgnore(db, email, now))]),
  );
  return { duplicate: inserted.length === 0, orderUpdated: updated.length > 0 };
}
