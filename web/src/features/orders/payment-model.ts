// Card payments and /payment-success, /payment-cancelled, /payment-failed (storefront spec section 8).
// No React, no fetch.
import type { PaymentCreateRequest, PaymentStatus } from '@shared/orders-api';
import { isMasked } from '@shared/orders-api';
import { ApiError } from '../../lib/api-client';
import { productSummary } from './orders-model';
import type { Receipt } from './receipt-model';

/** POST /api/payment/create for an existing order: the server charges its own total. */
export function paymentRequestForReceipt(receipt: Receipt): PaymentCreateRequest {
  return {
    quote_id: receipt.reference,
    // A masked phone is not a phone number: the order's own is the one on record anyway.
    customer_info: {
      name: receipt.customer.name,
      email: receipt.customer.email,
      ...(isMasked(receipt.customer.phone) ? {} : { phone: receipt.customer.phone }),
    },
    // What the server will charge: the balance of a part-paid order, else the total (the server decides either way).
    amount: receipt.amountDue ?? receipt.total,
    product_name: productSummary(receipt.lines.map((l) => l.product_name)),
  };
}

export const PAYMENT_UNAVAILABLE = 'Card payments are not available right now. Please contact us to arrange payment.';
export const PAYMENT_EMAIL_REQUIRED = 'Please provide your email address to complete the purchase.';

/** Spec section 8: 'Payment Setup Required' when the gateway is not set up, else 'Failed to create payment link'. */
export function paymentFailureToast(err: unknown): { title: string; description: string } {
  if (err instanceof ApiError && (err.status === 503 || err.status === 401)) {
    // The server's sentence names the missing setting: it is for the shop's owner (the console), not the customer.
    console.warn(err.serverMessage ?? err.message);
    return { title: 'Payment Setup Required', description: PAYMENT_UNAVAILABLE };
  }
  const server = err instanceof ApiError ? err.serverMessage : null;
  return { title: 'Failed to create payment link', description: server ?? 'Please try again, or contact us to arrange payment.' };
}

export type PaymentResultPath = 'success' | 'cancelled' | 'failed';

export function paymentResultPath(pathname: string): PaymentResultPath {
  if (pathname.includes('payment-cancelled')) return 'cancelled';
  if (pathname.includes('payment-failed')) return 'failed';
  return 'success';
}

/** Polling of /payment-success while the server has not yet heard from the gateway. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_TIMEOUT_MS = 30_000;

/**
 * Only /payment-success waits for the gateway's confirmation, and only for about 30 s. A part-paid
 * order (its balance being paid) waits like a pending one.
 */
export function shouldPollAgain(path: PaymentResultPath, status: PaymentStatus, elapsedMs: number): boolean {
  const waiting = status === 'pending' || status === 'part_paid';
  return path === 'success' && waiting && elapsedMs + CONFIRM_POLL_MS <= CONFIRM_TIMEOUT_MS;
}

export type PaymentResultView = 'paid' | 'confirming' | 'not-confirmed' | 'cancelled' | 'failed' | 'refunded';

/**
 * What the result page shows: the server's status decides; the path only says what the customer
 * did at the gateway. 'Payment Successful' only for a paid order.
 */
export function paymentResultView(path: PaymentResultPath, status: PaymentStatus, timedOut: boolean): PaymentResultView {
  if (status === 'paid') return 'paid';
  if (status === 'refunded') return 'refunded';
  if (status === 'failed') return 'failed';
  if (status === 'cancelled') return 'cancelled';
  if (path === 'success') return timedOut ? 'not-confirmed' : 'confirming';
  return path;
}
