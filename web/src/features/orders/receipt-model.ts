// The receipt of /order-confirmation (storefront spec section 2): from the server's order, from the
// copy kept on this device, or the sample (?ref=TEST123). No React, no fetch.
import type { CreditNoteDto, OrderDto, PaymentStatus } from '@shared/orders-api';
import { isMasked } from '@shared/orders-api';
import type { CompletedOrder } from '../../lib/quote-storage';
import { pricedLine, type PricedLine, vatShare } from './orders-model';
import type { DeliveryEstimate, OrderProgressDto } from '@shared/delivery-dates';

export interface ReceiptLine extends PricedLine {
  key: string;
}

export interface Receipt {
  reference: string;
  orderDate: string;
  customer: { name: string; email: string; phone: string; address: string };
  specialInstructions: string;
  lines: ReceiptLine[];
  /** Without VAT, in rand. */
  subtotal: number;
  vat: number;
  total: number;
  paymentStatus: PaymentStatus;
  paidAt: string | null;
  /** Paid through the sandbox gateway: the receipt says TEST_PAYMENT_NOTE. */
  testPayment: boolean;
  /** The server says courier tracking exists for this order. */
  hasTracking: boolean;
  /** Some line was priced from a sample grid (the server recorded it). */
  samplePrices?: boolean;
  /** The server refuses a card payment for it (sample prices in production). */
  cardPaymentRefused?: boolean;
  /** What is still to pay, in rand (from the server only): the balance of a part-paid order. */
  amountDue?: number;
  /** Where the order is in the making (from the server only). */
  timeline?: OrderProgressDto | null;
  /** When the customer's proof of payment was uploaded (from the server only). */
  proofUploadedAt?: string | null;
  /** Its tax invoice is issued (from the server only): 'Download tax invoice'. */
  hasTaxInvoice?: boolean;
  /** The credit notes of its refunds (from the server only): 'Download credit note N'. */
  creditNotes?: CreditNoteDto[];
  /**
   * The dates stored on the order still ahead of it (from the server only): expected dispatch and
   * delivery or fitting; none once it is dispatched or cancelled (the timeline then says what happened).
   */
  deliveryEstimate?: DeliveryEstimate | null;
}

/** The payment status as the receipt's badge names it. */
export function paymentStatusLabel(status: PaymentStatus): 'Paid' | 'Part paid' | 'Refunded' | 'Pending' {
  return status === 'paid' ? 'Paid' : status === 'part_paid' ? 'Part paid' : status === 'refunded' ? 'Refunded' : 'Pending';
}

/** The reference that shows the sample receipt (spec section 2). */
export const SAMPLE_REFERENCE = 'TEST123';

export function receiptFromOrder(order: OrderDto): Receipt {
  return {
    reference: order.reference,
    orderDate: order.order_date,
    customer: {
      name: order.customer_name,
      email: order.customer_email,
      phone: order.customer_phone ?? '',
      address: order.customer_address ?? '',
    },
    specialInstructions: order.special_instructions ?? '',
    lines: order.blinds.map((l) => ({ key: String(l.line_no), ...pricedLine(l) })),
    subtotal: order.subtotal,
    vat: order.vat,
    total: order.total_amount,
    paymentStatus: order.paymentStatus,
    paidAt: order.paid_at,
    testPayment: order.test_payment === true,
    hasTracking: order.has_tracking === true,
    samplePrices: order.sample_prices === true,
    cardPaymentRefused: order.card_payment_refused === true,
    timeline: order.timeline ?? null,
    proofUploadedAt: order.proof_uploaded_at ?? null,
    hasTaxInvoice: order.has_tax_invoice === true,
    creditNotes: order.credit_notes ?? [],
    deliveryEstimate: order.timeline ? (order.timeline.dates ?? null) : (order.delivery_estimate ?? null),
    ...(order.amount_due_cents !== undefined && { amountDue: order.amount_due_cents / 100 }),
  };
}

/**
 * The server shows phone and address only masked (anyone may hold a reference); the copy this device
 * kept of the same order, typed by the customer here, fills them back in for the customer's own view.
 */
export function withDeviceContact(order: OrderDto, local: CompletedOrder | null): OrderDto {
  if (!local || local.orderReference !== order.reference) return order;
  const pick = (server: string | null, kept: string) => (isMasked(server) && kept.trim() && !isMasked(kept) ? kept : server);
  return {
    ...order,
    customer_phone: pick(order.customer_phone, local.customerPhone),
    customer_address: pick(order.customer_address, local.customerAddress),
  };
}

/** True when the receipt shows contact details only in part (read from the server, not this device). */
export function hasMaskedContact(receipt: Receipt): boolean {
  return isMasked(receipt.customer.phone) || isMasked(receipt.customer.address);
}

/** The locally kept copy, for when the server cannot be asked. */
export function receiptFromCompletedOrder(order: CompletedOrder): Receipt {
  const vat = vatShare(order.totalAmount);
  return {
    reference: order.orderReference,
    orderDate: order.orderDate,
    customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone, address: order.customerAddress },
    specialInstructions: order.specialInstructions,
    lines: order.blinds.map((l) => ({ ...l, key: l.id })),
    subtotal: Math.round((order.totalAmount - vat) * 100) / 100,
    vat,
    total: order.totalAmount,
    paymentStatus: order.paymentStatus,
    paidAt: null,
    testPayment: false,
    hasTracking: false,
  };
}

/** Sample data for ?ref=TEST123: never sent to or read from the server. */
export function sampleReceipt(now: Date = new Date()): Receipt {
  const lines: ReceiptLine[] = [
    {
      key: '1',
      product_name: 'Roller Blind - Blockout',
      width_mm: 1200,
      drop_mm: 1500,
      colour: 'Linen White',
      control_side: 'left',
      mount_type: 'inside-recess',
      quantity: 2,
      price: 1450,
      total_price: 2900,
    },
    {
      key: '2',
      product_name: 'Venetian Blind - 50mm Aluwood',
      width_mm: 1800,
      drop_mm: 1600,
      colour: 'Natural Oak',
      control_side: 'right',
      mount_type: 'outside-facefix',
      quantity: 1,
      price: 3275.5,
      total_price: 3275.5,
    },
  ];
  const total = lines.reduce((s, l) => s + l.total_price, 0);
  const vat = vatShare(total);
  return {
    reference: SAMPLE_REFERENCE,
    orderDate: now.toISOString(),
    customer: { name: 'Sample Customer', email: 'sample@example.co.za', phone: '082 000 0000', address: '1 Sample Street, Mossel Bay' },
    specialInstructions: '',
    lines,
    subtotal: Math.round((total - vat) * 100) / 100,
    vat,
    total,
    paymentStatus: 'pending',
    paidAt: null,
    testPayment: false,
    hasTracking: false,
  };
}

/** Where /order-confirmation takes its order from. */
export type ConfirmationSource =
  | { kind: 'sample' }
  | { kind: 'server'; reference: string; local: CompletedOrder | null }
  | { kind: 'local'; order: CompletedOrder }
  | { kind: 'none' };

/** ?ref= wins (TEST123 is the sample); else the completed order kept locally, re-read from the server. */
export function confirmationSource(ref: string | null, stored: CompletedOrder | null): ConfirmationSource {
  const reference = ref?.trim() ?? '';
  if (reference === SAMPLE_REFERENCE) return { kind: 'sample' };
  if (reference) return { kind: 'server', reference, local: stored?.orderReference === reference ? stored : null };
  if (stored?.orderReference) return { kind: 'server', reference: stored.orderReference, local: stored };
  if (stored) return { kind: 'local', order: stored };
  return { kind: 'none' };
}
