// The order half of /quote-calculator (storefront spec sections 3, 5 and 7): the customer's details
// as typed, when an order may be sent, and the body of POST /api/orders/submit. Pure, like
// calculator-model.ts, which re-exports it.
import type { OrderSubmitRequest } from '@shared/orders-api';
import { optionCodes } from '@shared/product-options';
import { normalVatNumber, VAT_NUMBER_MESSAGE } from '@shared/vat-number';
import { quoteTotals, type QuoteLine } from '../../lib/quote-storage';

export const ORDER_FAILED_FALLBACK = 'Please try again or contact support.';

/** Customer order details (spec section 3), as typed. */
export interface CustomerDetails {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  special_instructions: string;
  /** For a tax invoice (optional): a South African VAT number, 10 digits starting with 4. */
  customer_vat_number?: string;
}

export const EMPTY_CUSTOMER: CustomerDetails = {
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  customer_address: '',
  special_instructions: '',
  customer_vat_number: '',
};

/** What is wrong with a typed VAT number, in the server's words; null when it is blank or valid. */
export function vatNumberProblem(customer: Pick<CustomerDetails, 'customer_vat_number'>): string | null {
  const typed = customer.customer_vat_number?.trim() ?? '';
  return typed && !normalVatNumber(typed) ? `VAT number ${VAT_NUMBER_MESSAGE}.` : null;
}

/** Name, e-mail and phone are required; address and instructions are optional (spec section 5). */
export function customerDetailsComplete(customer: CustomerDetails): boolean {
  return customer.customer_name.trim() !== '' && customer.customer_email.trim() !== '' && customer.customer_phone.trim() !== '';
}

/** An order needs lines and the customer's details; estimated sizes are marked on the order, and staff confirm them. */
export function canSubmitOrder(customer: CustomerDetails, lines: readonly QuoteLine[]): boolean {
  return lines.length > 0 && customerDetailsComplete(customer) && vatNumberProblem(customer) === null;
}

/**
 * The body of POST /api/orders/submit (spec sections 3 and 7). The server re-prices every line. Each
 * line names the photo scan its size came from, and the order the consultant chat the customer had
 * in this tab (`chatSessionId`), so staff can open the photos the customer sent.
 */
export function buildOrderPayload(
  customer: CustomerDetails,
  lines: readonly QuoteLine[],
  chatSessionId?: string | null,
): OrderSubmitRequest {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  return {
    customer_name: customer.customer_name.trim(),
    customer_email: customer.customer_email.trim(),
    customer_phone: customer.customer_phone.trim(),
    customer_address: optional(customer.customer_address),
    special_instructions: optional(customer.special_instructions),
    blinds: lines.map((l) => ({
      product_type: l.product_type,
      product_name: l.product_name,
      width_mm: l.width_mm,
      drop_mm: l.drop_mm,
      control_side: l.control_side,
      mount_type: l.mount_type,
      colour: l.colour,
      quantity: l.quantity,
      price: l.price,
      size_source: l.size_source ?? 'typed',
      ...(l.photo_key ? { photo_key: l.photo_key } : {}),
      ...(l.options?.length ? { options: optionCodes(l.options) } : {}),
    })),
    total_amount: quoteTotals(lines).total,
    ...(chatSessionId ? { chat_session_id: chatSessionId } : {}),
    // Sent only when given, as the server stores it (digits only).
    ...(normalVatNumber(customer.customer_vat_number) ? { customer_vat_number: normalVatNumber(customer.customer_vat_number) } : {}),
  };
}

/** One submission attempt: its Idempotency-Key and the body it was made for. */
export interface SubmissionAttempt {
  key: string;
  body: string;
}

/**
 * The Idempotency-Key for sending this body: a retry of the same attempt (same body, nothing
 * changed) reuses the key, so an order the server stored before a lost answer is not made twice.
 */
export function attemptFor(previous: SubmissionAttempt | null, body: string, makeKey: () => string): SubmissionAttempt {
  return previous && previous.body === body ? previous : { key: makeKey(), body };
}

export function orderFailureDescription(serverMessage: string | null | undefined): string {
  return serverMessage?.trim() ? serverMessage.trim() : ORDER_FAILED_FALLBACK;
}

/** Where the browser goes after the order is stored. */
export function confirmationPath(reference: string): string {
  return `/order-confirmation?ref=${encodeURIComponent(reference)}`;
}
