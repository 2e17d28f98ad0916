// The contract of quotes, orders and payments (storefront spec sections 3, 5, 7; staff spec 2.1, 3):
// request schemas shared by the route validators and the web client, and the answers' shapes.
// Money in requests is rand (the spec's fields); the server re-prices every line and answers both
// rand and integer cents. A client's price or total is never trusted.
import { z } from 'zod';
import type { DeliveryEstimate, OrderProgressDto } from './delivery-dates';
import { chatSessionIdSchema, email, optionalText, requiredText } from './schemas';
import type { FitGuarantee } from './fit-guarantee';
import { LINE_SIZE_SOURCES, type StoredSizeSource } from './size-sources';
import type { OrderKind } from './fulfilment';
import { PHOTO_KEY_PATTERN } from './photo-keys';
import { customerVatNumberSchema } from './vat-number';
import { lineOptionsSchema, type LineOptionDto } from './product-options';

export const QUOTE_VALID_DAYS = 30;
export const CONTROL_SIDES = ['left', 'right'] as const;
export const MOUNT_TYPES = ['inside-recess', 'outside-facefix'] as const;
/** Most lines one order or quote may carry. */
export const MAX_LINES = 50;

/** Whole millimetres, 1..100000 (the pricing engine answers sizes outside the grid). */
const wholeMillimetres = z.coerce
  .number({ error: 'must be a number of millimetres' })
  .refine(Number.isFinite, 'must be a number of millimetres')
  .refine((v) => v > 0, 'must be more than 0 mm')
  .refine((v) => v <= 100_000, 'must be at most 100000 mm')
  .transform((v) => Math.round(v));

/** The R2 key of a window photo scan (worker/routes/ar.ts): windows/{session}/{time}.{jpg|png}. */
export { PHOTO_KEY_PATTERN };

/** A blind as the calculator sends it (spec section 3 'Blind form and quote line'). */
export const blindLineSchema = z.object({
  /** Either id space (calculator id or server name). */
  product_type: requiredText(80),
  /** The label the customer saw; the server stores its own product name. */
  product_name: z.string().trim().max(160).optional(),
  width_mm: wholeMillimetres,
  drop_mm: wholeMillimetres,
  control_side: z.enum(CONTROL_SIDES, { error: `must be ${CONTROL_SIDES.join(' or ')}` }).default('left'),
  mount_type: z.enum(MOUNT_TYPES, { error: `must be ${MOUNT_TYPES.join(' or ')}` }).default('inside-recess'),
  colour: requiredText(120),
  quantity: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(1),
  /** Where the size came from (size-sources.ts); a line without one was typed by the customer. */
  size_source: z.enum(LINE_SIZE_SOURCES, { error: `must be one of ${LINE_SIZE_SOURCES.join(', ')}` }).default('typed'),
  /**
   * The photo scan this size was measured from: the photo_key POST /api/ar/analyze-window answered.
   * Staff open it from the order; the server stores it only when the photo exists in R2.
   */
  photo_key: z.string().regex(PHOTO_KEY_PATTERN, 'must be the photo_key the photo scan answered').optional(),
  /** A shutter's or awning's options by group (product-options.ts); priced and stored by the server. */
  options: lineOptionsSchema.optional(),
  /** The client's unit price in rand: ignored (kept only to log tampering). */
  price: z.coerce.number().optional(),
  total_price: z.coerce.number().optional(),
  id: z.string().max(80).optional(),
});
export type BlindLineRequest = z.input<typeof blindLineSchema>;

const blindsSchema = z.array(blindLineSchema).min(1, 'add at least one blind').max(MAX_LINES, `at most ${MAX_LINES} blinds`);

/** POST /api/orders/submit (spec section 7). */
export const orderSubmitSchema = z.object({
  customer_name: requiredText(120),
  customer_email: email,
  customer_phone: requiredText(40),
  customer_address: optionalText(500),
  special_instructions: optionalText(2000),
  blinds: blindsSchema,
  /** The consultant chat the customer ordered from, so staff can read it and open its photos. */
  chat_session_id: chatSessionIdSchema.optional(),
  /** The customer's VAT registration number, for their tax invoice (optional; 10 digits starting with 4). */
  customer_vat_number: customerVatNumberSchema.optional(),
  /** The client's total in rand: ignored, the server's total is the order's. */
  total_amount: z.coerce.number().optional(),
});
export type OrderSubmitRequest = z.input<typeof orderSubmitSchema>;

/** A line as the server priced it. */
export interface PricedLineDto {
  line_no: number;
  product_type: string;
  product_name: string;
  width_mm: number;
  drop_mm: number;
  control_side: (typeof CONTROL_SIDES)[number];
  mount_type: (typeof MOUNT_TYPES)[number];
  colour: string;
  quantity: number;
  /** Unit price in rand, VAT included. */
  price: number;
  total_price: number;
  unit_price_cents: number;
  total_cents: number;
  price_list_version: number;
  /** Priced from a sample grid (worker/shared/sample-prices.ts); set by the server when it prices the line. */
  sample_price: boolean;
  /** Where the size came from; null on lines stored before sources were recorded. */
  size_source: StoredSizeSource | null;
  /** The size is an estimate the team confirms before production (isEstimatedSize). */
  size_estimated: boolean;
  /**
   * The fit guarantee (shared/fit-guarantee.ts), computed by the server from the stored line:
   * 'covered', 'pending' (eligible, not yet confirmed from the photo), or absent/null (not eligible).
   */
  fit_guarantee?: FitGuarantee | null;
  /** How the size was measured before staff confirmed it (what the guarantee's wording names). */
  measured_size_source?: StoredSizeSource | null;
  /**
   * A stored quote's line: the photo scan its size came from (checked to be in R2 when the quote was
   * saved), carried onto the order made from the quote so staff can confirm the size from it.
   */
  photo_key?: string;
  /** A shutter's or awning's options with what each adds to the unit price; absent or [] for a blind. */
  options?: LineOptionDto[];
}

/** refunded: the gateway reported a refund or cancellation of the payment (Yoco refund, PayFast CANCELLED). */
/** What an order reference may look like when read back ('CB-' + 8 to 16; issued ones have 10). */
export const ORDER_REFERENCE_PATTERN = /^CB-[A-Z0-9]{8,16}$/;

/** part_paid: some money received, the rest still owed (a part payment staff recorded, or paid, then a staff size correction raised the total). */
/** not_required: a free sample order (orders.kind 'samples'): nothing to pay, no invoice, no reminder. */
export type PaymentStatus = 'pending' | 'paid' | 'part_paid' | 'failed' | 'cancelled' | 'refunded' | 'not_required';

/** Shown wherever an order paid through the sandbox gateway appears (receipt, PDF, e-mails). */
export const TEST_PAYMENT_NOTE = 'Test payment: no money was taken';

/** Answer of POST /api/orders/submit. */
export interface OrderSubmitResponse {
  success: true;
  reference: string;
  paymentStatus: PaymentStatus;
  /** Where the customer pays (opened in a new tab); null when no gateway is set up. */
  paymentUrl: string | null;
  message: string;
  order: OrderDto;
}

/** GET /api/orders/{reference}: what the confirmation and result pages show. */
export interface OrderDto {
  reference: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  customer_address: string | null;
  /** Given at checkout for a tax invoice; absent on views built before it was stored. */
  customer_vat_number?: string | null;
  special_instructions: string | null;
  quote_id: string | null;
  blinds: PricedLineDto[];
  subtotal: number;
  vat: number;
  total_amount: number;
  total_cents: number;
  paymentStatus: PaymentStatus;
  paid_at: string | null;
  order_date: string;
  /** Paid through the sandbox gateway: no money was taken (TEST_PAYMENT_NOTE). */
  test_payment: boolean;
  /** Any line's size is an estimate: 'Sizes to be confirmed' (derived from the lines by the server). */
  sizes_to_confirm: boolean;
  /** Set by GET /api/orders/{reference}: staff have published courier tracking for it (GET /api/tracking/order/{reference}). */
  has_tracking?: boolean;
  /** Some line was priced from a sample grid: every view of the order says so. */
  sample_prices: boolean;
  /** Set by GET /api/orders/{reference}: card payment is refused (sample prices in production, DESIGN.md 7b). */
  card_payment_refused?: boolean;
  /**
   * Set by GET /api/orders/{reference}: what is still to pay, in cents. The total for an unpaid order;
   * for a 'part_paid' one (paid, then a staff size correction raised the total) the balance the next
   * card payment charges; 0 once paid.
   */
  amount_due_cents?: number;
  /** Set by GET /api/orders/{reference}: its tax invoice is issued (GET /api/invoices/{reference}.pdf). */
  has_tax_invoice?: boolean;
  /** Set by GET /api/orders/{reference}: the credit notes of its refunds, oldest first. */
  credit_notes?: CreditNoteDto[];
  /** Set by GET /api/orders/{reference}: where the order is in the making, and what comes next (no staff notes). */
  timeline?: OrderProgressDto;
  /** Set by GET /api/orders/{reference}: when the customer's latest proof of payment was uploaded, or null. */
  proof_uploaded_at?: string | null;
  /** Expected dispatch and delivery, fixed when placed and again when staff confirm the sizes; null on older orders. */
  delivery_estimate?: DeliveryEstimate | null;
  /** 'samples': free colour swatches (nothing to pay); absent on views built before kinds were stored. */
  kind?: OrderKind;
}

/** POST /api/orders/{reference}/proof-of-payment (multipart, field 'file'). */
export interface ProofUploadResponse {
  success: true;
  proofUploadedAt: string;
  message: string;
}

/** Where an order's tax invoice is downloaded (404 until it is issued). */
export function taxInvoicePath(reference: string): string {
  return `/api/invoices/${encodeURIComponent(reference)}.pdf`;
}

/** Where a credit note of an order is downloaded: its number in the one invoice sequence. */
export function creditNotePath(reference: string, number: number): string {
  return `/api/invoices/${encodeURIComponent(reference)}-credit-${number}.pdf`;
}

/** The customer's order page (receipt, payment, tracking, tax documents). */
export function orderPagePath(reference: string): string {
  return `/order-confirmation?ref=${encodeURIComponent(reference)}`;
}

/** A credit note issued for a refund on the order (GET creditNotePath). */
export interface CreditNoteDto {
  number: number;
  total_cents: number;
  issued_at: string;
}

/** GET /api/orders/{reference}. */
export interface OrderReadResponse {
  success: true;
  order: OrderDto;
}

/** What stands for the hidden part of a masked phone number or address. */
export const MASK = '***';

/** True for a value maskOrderContact produced (the web keeps its own full copy over it). */
export function isMasked(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(MASK);
}

/**
 * The order as anyone holding its reference may read it (GET /api/orders/{reference}, the receipt
 * PDF): the phone keeps its last 3 digits ('*** *** *123'), the address only its last
 * comma-separated part, the town ('***, Knysna'). Full details stay in the customer's e-mails.
 */
export function maskOrderContact<T extends Pick<OrderDto, 'customer_phone' | 'customer_address'>>(order: T): T {
  return { ...order, customer_phone: maskPhone(order.customer_phone), customer_address: maskAddress(order.customer_address) };
}

export function maskPhone(phone: string | null): string | null {
  if (!phone?.trim()) return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length > 3 ? `${MASK} ${MASK} *${digits.slice(-3)}` : MASK;
}

export function maskAddress(address: string | null): string | null {
  if (!address?.trim()) return null;
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 1 ? `${MASK}, ${parts[parts.length - 1]}` : MASK;
}

/** Longest recipient name a quote e-mail carries: the only request text that reaches the customer. */
export const RECIPIENT_NAME_MAX = 60;

/**
 * A name as people write names, the only request text an e-mail to a customer may carry: letters
 * (any script, accents), spaces, apostrophes and hyphens, starting with a letter, at most
 * RECIPIENT_NAME_MAX characters. An allow-list: no digits, dots, slashes, colons or '@', so nothing
 * a mail client would turn into a link, whatever its domain.
 */
export const PLAIN_NAME = new RegExp(`^\\p{L}[\\p{L}\\p{M} '’-]{0,${RECIPIENT_NAME_MAX - 1}}$`, 'u');

/** The recipient's name: trimmed, spaces collapsed, a plain name (PLAIN_NAME). */
export const recipientNameSchema = requiredText(RECIPIENT_NAME_MAX)
  .transform((v) => v.replace(/\s+/g, ' '))
  .refine((v) => PLAIN_NAME.test(v), 'must be just a name: letters, spaces, apostrophes and hyphens');

/**
 * POST /api/email/quote (spec section 7). Only the name reaches the customer's e-mail; the lines
 * are re-priced and re-named from the catalogue, and unknown fields (notes, messages) are dropped.
 */
export const emailQuoteSchema = z.object({
  recipient_email: email,
  recipient_name: recipientNameSchema,
  recipient_mobile: optionalText(40),
  quote_id: z
    .string()
    .trim()
    .regex(/^CB-\d{6}$/, "must look like 'CB-' and 6 digits"),
  quote_date: z.string().trim().max(40).optional(),
  blinds: blindsSchema,
  total_amount: z.coerce.number().optional(),
  total_quantity: z.coerce.number().optional(),
  send_copy_to_business: z.boolean().default(true),
});
export type EmailQuoteRequest = z.input<typeof emailQuoteSchema>;

/** POST /api/email/quote-internal: placeholders 'Walk-in Customer' / 'Not provided' when empty. */
export const quoteInternalSchema = z.object({
  quote_id: z
    .string()
    .trim()
    .regex(/^CB-\d{6}$/, "must look like 'CB-' and 6 digits"),
  quote_date: z.string().trim().max(40).optional(),
  blinds: blindsSchema,
  total_amount: z.coerce.number().optional(),
  total_quantity: z.coerce.number().optional(),
  customer_name: z.string().trim().max(120).default('Walk-in Customer'),
  customer_email: z.string().trim().max(254).default('Not provided'),
  customer_mobile: z.string().trim().max(40).default('Not provided'),
});
export type QuoteInternalRequest = z.input<typeof quoteInternalSchema>;

/** Answer of both quote e-mail calls: the stored quote (its number may have moved on if taken). */
export interface QuoteSavedResponse {
  success: true;
  quote_id: string;
  /** The secret of the quote's link (/quote?quote_id=..&key=..): the 6-digit number alone is guessable. */
  access_key: string;
  total_amount: number;
  valid_until: string;
  message: string;
}

/** GET /api/quotes/{quote_id}?key={access_key}: a stored quote, re-read by /quote and /complete-quote. */
export interface StoredQuoteDto {
  quote_id: string;
  quote_date: string;
  valid_until: string;
  customer_name: string;
  customer_email: string | null;
  customer_mobile: string | null;
  blinds: PricedLineDto[];
  subtotal: number;
  vat: number;
  total_amount: number;
  total_quantity: number;
  /** Any line's size is an estimate (derived from the lines by the server). */
  sizes_to_confirm: boolean;
  /** Set once the customer has ordered it. */
  order_reference: string | null;
  /** Some line was priced from a sample grid. */
  sample_prices: boolean;
  /** Card payment is refused for it (sample prices in production, DESIGN.md 7b). */
  card_payment_refused: boolean;
}

/**
 * POST /api/payment/create (spec section 3 'Payment quote', section 7). quote_id is an order
 * reference, or a stored quote's number with its quote_key: then the server makes (once) the order
 * from the quote's server-priced lines and the customer_info, and starts its checkout.
 */
export const paymentCreateSchema = z.object({
  quote_id: requiredText(40),
  quote_key: z.string().trim().max(80).optional(),
  customer_info: z
    .object({
      email: z.string().trim().max(254).optional(),
      name: z.string().trim().max(120).optional(),
      phone: z.string().trim().max(40).optional(),
    })
    .passthrough()
    .default({}),
  /** Ignored: the order's server total is charged. */
  amount: z.coerce.number().optional(),
  total: z.coerce.number().optional(),
  product_name: z.string().trim().max(200).optional(),
  /** The way to pay: 'card' (the default, as before instant EFT existed) or 'instant_eft' (Ozow). */
  method: z.enum(['card', 'instant_eft']).default('card'),
});
export type PaymentCreateRequest = z.input<typeof paymentCreateSchema>;

export interface PaymentCreateResponse {
  success: true;
  checkout_url: string;
  provider: string;
}

/**
 * POST /api/quotes/{quote_id}/order: the order made (once) from a stored quote's server-priced lines
 * without starting a card payment, for a shop that takes bank transfers (DESIGN.md 7b). The answer
 * is the order; the confirmation page and e-mail say how to pay.
 */
export const quoteOrderSchema = z.object({
  quote_key: requiredText(80),
  customer_info: z.object({
    name: requiredText(120),
    email,
    phone: z.string().trim().max(40).optional(),
  }),
});
export type QuoteOrderRequest = z.input<typeof quoteOrderSchema>;

export interface QuoteOrderResponse {
  success: true;
  reference: string;
  order: OrderDto;
}
