// The payment side of an order in D1: which checkout it is on, and every verified notification.
// A payment row and the order's new status are written in one batch (D1 has no BEGIN), and the
// provider's payment id is UNIQUE, so a repeated notification changes nothing.
import { and, eq, ne } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { orders, payments } from '../../db/schema';
import type { PaymentStatus } from '../../shared/orders-api';
import type { ProviderName } from './types';

/** The columns a payment needs; OrderDto (findOrder) has no checkout id or provider. */
export interface PaymentOrder {
  reference: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  paymentStatus: PaymentStatus;
  paymentProvider: string | null;
  checkoutId: string | null;
}

const paymentOrderColumns = {
  reference: orders.reference,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  totalCents: orders.totalCents,
  paymentStatus: orders.paymentStatus,
  paymentProvider: orders.paymentProvider,
  checkoutId: orders.checkoutId,
};

export async function loadPaymentOrder(db: D1Database, reference: string): Promise<PaymentOrder | null> {
  const [row] = await drizzle(db).select(paymentOrderColumns).from(orders).where(eq(orders.reference, reference)).limit(1);
  return row ? { ...row, paymentStatus: row.paymentStatus as PaymentStatus } : null;
}

export async function findOrderByCheckoutId(db: D1Database, checkoutId: string): Promise<PaymentOrder | null> {
  const [row] = await drizzle(db).select(paymentOrderColumns).from(orders).where(eq(orders.checkoutId, checkoutId)).limit(1);
  return row ? { ...row, paymentStatus: row.paymentStatus as PaymentStatus } : null;
}

/**
 * Puts the order on a new checkout; a failed or cancelled attempt goes back to pending. False
 * when the order was paid meanwhile (nothing changes then).
 */
export async function attachCheckout(db: D1Database, reference: string, provider: ProviderName, checkoutId: string): Promise<boolean> {
  const changed = await drizzle(db)
    .update(orders)
    .set({ paymentProvider: provider, checkoutId, paymentStatus: 'pending' })
    .where(and(eq(orders.reference, reference), ne(orders.paymentStatus, 'paid')))
    .returning({ reference: orders.reference });
  return changed.length > 0;
}

export async function isPaymentRecorded(db: D1Database, providerPaymentId: string): Promise<boolean> {
  const [row] = await drizzle(db).select({ id: payments.id }).from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  return Boolean(row);
}

export interface PaymentOutcome {
  reference: string;
  provider: ProviderName;
  providerPaymentId: string;
  amountCents: number;
  status: 'succeeded' | 'failed' | 'cancelled';
  /** The checkout the outcome belongs to: a failure of an older checkout leaves a newer attempt alone. */
  checkoutId: string | null;
  /** The verified notification as received. */
  raw: unknown;
}

export interface RecordedOutcome {
  /** The provider's payment id was already recorded: nothing changed. */
  duplicate: boolean;
  /** The order's payment status changed (e.g. pending -> paid). */
  orderUpdated: boolean;
}

/** Records one verified notification and moves the order on, in one batch. */
export async function recordPaymentOutcome(db: D1Database, outcome: PaymentOutcome, now = new Date()): Promise<RecordedOutcome> {
  const d = drizzle(db);
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
  const update =
    outcome.status === 'succeeded'
      ? d
          .update(orders)
          .set({ paymentStatus: 'paid', paidAt: now.toISOString(), paymentProvider: outcome.provider })
          .where(and(eq(orders.reference, outcome.reference), ne(orders.paymentStatus, 'paid')))
          .returning({ reference: orders.reference })
      : d
          .update(orders)
          .set({ paymentStatus: outcome.status })
          .where(
            and(
              eq(orders.reference, outcome.reference),
              eq(orders.paymentStatus, 'pending'),
              outcome.checkoutId === null ? undefined : eq(orders.checkoutId, outcome.checkoutId),
            ),
          )
          .returning({ reference: orders.reference });
  const [inserted, updated] = await d.batch([insert, update]);
  return { duplicate: inserted.length === 0, orderUpdated: updated.length > 0 };
}
