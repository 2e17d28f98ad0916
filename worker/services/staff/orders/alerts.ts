// The dashboard's order alerts (staff spec 2.12) as SQL conditions on `orders o`, written once: the
// dashboard counts them and the orders screen lists them (?alert=) with the same condition, so the
// count and the list can never disagree. A cancelled order never counts.
import type { OrderAlert } from '../../../shared/admin-orders-api';
import { PRODUCTION_WORKING_DAYS } from '../../../shared/shop-policies';
import { isEstimatedSize, LINE_SIZE_SOURCES } from '../../../shared/size-sources';

const HOUR_MS = 60 * 60 * 1000;
/** A paid order without a courier tracking entry after this long is late to dispatch. */
export const DISPATCH_HOURS = 48;
/** An order with an estimated size waits this long at most before staff confirm it. */
export const SIZE_CONFIRM_HOURS = 24;
/**
 * The production lead time in calendar days: the promised working days as whole weeks of five
 * working days (10 working days = 14 calendar days). Public holidays are not counted.
 */
export const PRODUCTION_CALENDAR_DAYS = Math.ceil(PRODUCTION_WORKING_DAYS.max / 5) * 7;

/** The size sources that are estimates, as a SQL list (from size-sources.ts, the one definition). */
export const ESTIMATED_SOURCES_SQL = LINE_SIZE_SOURCES.filter((s) => isEstimatedSize(s))
  .map((s) => `'${s}'`)
  .join(', ');

/** A WHERE fragment on `orders o` with its `?` parameters, in order. */
export interface SqlCondition {
  sql: string;
  params: (string | number)[];
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

export function orderAlertCondition(alert: OrderAlert, now: Date): SqlCondition {
  switch (alert) {
    // Paid 48 hours ago and no courier tracking entry. An order installed by our own team has no
    // courier: it counts only until it leaves the workshop.
    case 'tracking_overdue':
      return {
        sql: `o.payment_status = 'paid' AND o.paid_at IS NOT NULL AND o.paid_at <= ? AND o.fulfilment_status <> 'cancelled'
          AND (o.fulfilment_method = 'courier' OR o.fulfilment_status IN ('received', 'sizes_confirmed', 'in_production'))
          AND NOT EXISTS (SELECT 1 FROM tracking_entries t WHERE t.order_id = o.reference)`,
        params: [before(now, DISPATCH_HOURS * HOUR_MS)],
      };
    // Still 'received' a day after it was placed, with a size the team has not confirmed.
    case 'sizes_to_confirm':
      return {
        sql: `o.fulfilment_status = 'received' AND o.created_at <= ?
          AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_reference = o.reference AND l.size_source IN (${ESTIMATED_SOURCES_SQL}))`,
        params: [before(now, SIZE_CONFIRM_HOURS * HOUR_MS)],
      };
    // In production longer than the promised lead time.
    case 'production_overdue':
      return {
        sql: `o.fulfilment_status = 'in_production' AND COALESCE(o.fulfilment_status_at, o.created_at) <= ?`,
        params: [before(now, PRODUCTION_CALENDAR_DAYS * 24 * HOUR_MS)],
      };
  }
}

/** How many orders an alert counts at `now` (the dashboard's figure). */
export async function countOrderAlert(db: D1Database, alert: OrderAlert, now: Date): Promise<number> {
  const condition = orderAlertCondition(alert, now);
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM orders o WHERE ${condition.sql}`)
    .bind(...condition.params)
    .first<number>('n');
  return row ?? 0;
}

/**
 * 'Awaiting transfer' (the orders screen's payment filter; the bank-transfer reminders and expiry of
 * the daily cron start from it), written once. An order is awaiting a bank transfer when all hold:
 * - money is still owed: payment status pending, failed, cancelled (a card attempt that did not go
 *   through) or part_paid;
 * - it is not cancelled;
 * - a transfer is how it is expected to be paid: staff recorded it with payment method bank_transfer,
 *   or the customer uploaded a proof of payment, or it was ordered online and no card checkout was
 *   ever started for it (with no card gateway, or a customer who chose not to pay by card, the
 *   confirmation page and e-mail gave the bank details).
 */
export function awaitingTransferCondition(): SqlCondition {
  return {
    sql: `o.payment_status IN ('pending', 'failed', 'cancelled', 'part_paid') AND o.fulfilment_status <> 'cancelled'
      AND (o.payment_method = 'bank_transfer' OR o.proof_key IS NOT NULL OR (o.source = 'online' AND o.checkout_id IS NULL))`,
    params: [],
  };
}
