// The pure rules of the quote document, the receipt, the payment result page and the stored-quote
// pages (storefront spec sections 2, 3, 5, 8, 9; staff spec 2.1 and 3 'Quote'). No React, no fetch:
// the pages call these and the web unit tests pin them.
import type {
  BlindLineRequest,
  EmailQuoteRequest,
  OrderDto,
  PaymentCreateRequest,
  PaymentStatus,
  PricedLineDto,
  QuoteInternalRequest,
  StoredQuoteDto,
} from '../../../../worker/shared/orders-api';
import { isMasked } from '../../../../worker/shared/orders-api';
import { leadSizeSourceOf, type LineSizeSource } from '../../../../worker/shared/size-sources';
import { ApiError } from '../../lib/api-client';
import { formatRand } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { vatInside } from '../../../../worker/shared/money';
import { formatLongDate } from '../../../../worker/shared/sa-time';
import { CONTROL_SIDES, MOUNT_TYPES, type CompletedOrder, type QuoteLine } from '../quote/quote-storage';

// --- Formatting -----------------------------------------------------------------------------------

const twoDecimals = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1200 -> '1,20 m' (staff spec 2.1: metres to 2 decimals, en-ZA). */
export function formatMetres(mm: number): string {
  return `${twoDecimals.format(mm / 1000)} m`;
}

/** Square metres of an opening (staff spec section 9: width x height / 1,000,000). */
export function areaSqm(widthMm: number, heightMm: number): number {
  return (widthMm * heightMm) / 1_000_000;
}

/** 1.8 -> '1,80 m²'. */
export function formatArea(sqm: number): string {
  return `${twoDecimals.format(sqm)} m²`;
}

/** '22 November 2026'; the text as given when it is not a date. */
export { formatLongDate };

export function controlLabel(side: string): string {
  return CONTROL_SIDES.find((c) => c.value === side)?.label ?? side;
}

export function mountLabel(mount: string): string {
  return MOUNT_TYPES.find((m) => m.value === mount)?.label ?? mount;
}

/** The VAT inside a VAT-inclusive total (15/115 of it), to the cent. */
export function vatShare(totalRand: number): number {
  return vatInside(Math.round(totalRand * 100)) / 100;
}

/** A name for the order or quote as a whole (the payment's product_name, a lead's interest). */
export function productSummary(names: readonly string[]): string {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  if (unique.length === 0) return 'Made-to-measure blinds';
  const joined = unique.join(', ');
  return joined.length <= 200 ? joined : `${joined.slice(0, 197)}...`;
}

// --- The receipt (order confirmation) ----------------------------------------------------------------

/** A blind line as the receipt and the stored quote show it. */
export interface PricedLine {
  product_name: string;
  width_mm: number;
  drop_mm: number;
  colour: string;
  control_side: string;
  mount_type: string;
  quantity: number;
  /** Unit price in rand, VAT included. */
  price: number;
  total_price: number;
  /** Where the size came from: an estimate is shown with its 'Estimate' badge. */
  size_source?: LineSizeSource | null;
}

/** The shown fields of a line the server priced. */
function pricedLine(l: PricedLineDto): PricedLine {
  return {
    product_name: l.product_name,
    width_mm: l.width_mm,
    drop_mm: l.drop_mm,
    colour: l.colour,
    control_side: l.control_side,
    mount_type: l.mount_type,
    quantity: l.quantity,
    price: l.price,
    total_price: l.total_price,
    size_source: l.size_source ?? null,
  };
}

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
}

/** The payment status as the receipt's badge names it. */
export function paymentStatusLabel(status: PaymentStatus): 'Paid' | 'Refunded' | 'Pending' {
  return status === 'paid' ? 'Paid' : status === 'refunded' ? 'Refunded' : 'Pending';
}

/** The reference that shows the sample receipt (spec section 2). */
export const SAMPLE_REFERENCE = 'TEST123';

export function receiptFromOrder(order: OrderDto): Receipt {
  return {
    reference: order.reference,
    orderDate: order.order_date,
    customer: { name: order.customer_name, email: order.customer_email, phone: order.customer_phone ?? '', address: order.customer_address ?? '' },
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
  };
}

/**
 * The server shows phone and address only masked (anyone may hold a reference); the copy this device
 * kept of the same order, typed by the customer here, fills them back in for the customer's own view.
 */
export function withDeviceContact(order: OrderDto, local: CompletedOrder | null): OrderDto {
  if (!local || local.orderReference !== order.reference) return order;
  const pick = (server: string | null, kept: string) => (isMasked(server) && kept.trim() && !isMasked(kept) ? kept : server);
  return { ...order, customer_phone: pick(order.customer_phone, local.customerPhone), customer_address: pick(order.customer_address, local.customerAddress) };
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
    { key: '1', product_name: 'Roller Blind - Blockout', width_mm: 1200, drop_mm: 1500, colour: 'Linen White', control_side: 'left', mount_type: 'inside-recess', quantity: 2, price: 1450, total_price: 2900 },
    { key: '2', product_name: 'Venetian Blind - 50mm Aluwood', width_mm: 1800, drop_mm: 1600, colour: 'Natural Oak', control_side: 'right', mount_type: 'outside-facefix', quantity: 1, price: 3275.5, total_price: 3275.5 },
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

// --- Payments ----------------------------------------------------------------------------------------

/** POST /api/payment/create for an existing order: the server charges its own total. */
export function paymentRequestForReceipt(receipt: Receipt): PaymentCreateRequest {
  return {
    quote_id: receipt.reference,
    // A masked phone is not a phone number: the order's own is the one on record anyway.
    customer_info: { name: receipt.customer.name, email: receipt.customer.email, ...(isMasked(receipt.customer.phone) ? {} : { phone: receipt.customer.phone }) },
    amount: receipt.total,
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

/** Only /payment-success waits for the gateway's confirmation, and only for about 30 s. */
export function shouldPollAgain(path: PaymentResultPath, status: PaymentStatus, elapsedMs: number): boolean {
  return path === 'success' && status === 'pending' && elapsedMs + CONFIRM_POLL_MS <= CONFIRM_TIMEOUT_MS;
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

// --- The stored quote (/quote, /complete-quote) ----------------------------------------------------

export interface QuoteCustomerInfo {
  name: string;
  email: string;
  phone: string;
  location: string;
}

export interface SessionQuoteLine extends PricedLine {
  product_type: string;
}

/** The session-stored Quote of staff spec section 3, plus its lines, its link key and its order. */
export interface SessionQuote {
  quote_id: string;
  product_name: string;
  /** 'online': pay by card; anything else: the Garden Route team follows up. */
  service_type: string;
  total: number;
  subtotal: number;
  vat: number;
  valid_until: string;
  pricing_note: string;
  measurements: { opening_width_mm: number; opening_height_mm: number; area_sqm: number };
  customer_info: QuoteCustomerInfo;
  lines: SessionQuoteLine[];
  /** The quote link's secret (?key=); without it the server cannot be asked about the quote. */
  key: string | null;
  order_reference: string | null;
  /** From the server: some line was priced from a sample grid, and whether a card payment is refused for it. */
  sample_prices?: boolean;
  card_payment_refused?: boolean;
}

export const PRICING_NOTE = 'Made-to-measure prices from our current price list, including 15% VAT. The quote is valid for 30 days.';

/** The server's stand-ins for missing details on staff-saved quotes are not contact details. */
const PLACEHOLDERS = new Set(['walk-in customer', 'not provided']);

export function realContact(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return PLACEHOLDERS.has(v.toLowerCase()) ? '' : v;
}

export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/**
 * GET /api/quotes/{id} as the session Quote. Contact details the customer already entered for the
 * same quote in this tab are kept over the server's (they are what the customer typed last).
 */
export function sessionQuoteFromDto(dto: StoredQuoteDto, key: string | null, previous: SessionQuote | null = null): SessionQuote {
  const first = dto.blinds[0];
  const width = first?.width_mm ?? 0;
  const height = first?.drop_mm ?? 0;
  const server: QuoteCustomerInfo = {
    name: realContact(dto.customer_name),
    email: looksLikeEmail(realContact(dto.customer_email)) ? realContact(dto.customer_email) : '',
    phone: realContact(dto.customer_mobile),
    location: '',
  };
  const kept = previous?.quote_id === dto.quote_id ? previous.customer_info : null;
  return {
    quote_id: dto.quote_id,
    product_name: productSummary(dto.blinds.map((l) => l.product_name)),
    service_type: 'online',
    total: dto.total_amount,
    subtotal: dto.subtotal,
    vat: dto.vat,
    valid_until: dto.valid_until,
    pricing_note: PRICING_NOTE,
    measurements: { opening_width_mm: width, opening_height_mm: height, area_sqm: Math.round(areaSqm(width, height) * 100) / 100 },
    customer_info: {
      name: kept?.name || server.name,
      email: kept?.email || server.email,
      phone: kept?.phone || server.phone,
      location: kept?.location || server.location,
    },
    lines: dto.blinds.map((l) => ({ product_type: l.product_type, ...pricedLine(l) })),
    key,
    order_reference: dto.order_reference,
    sample_prices: dto.sample_prices === true,
    card_payment_refused: dto.card_payment_refused === true,
  };
}

const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The session quote; one stored in the spec's shape alone (no lines, no key) is read too. */
export function parseSessionQuote(json: string | null): SessionQuote | null {
  if (!json) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || typeof raw.quote_id !== 'string' || !raw.quote_id || typeof raw.total !== 'number') return null;
  const m = (raw.measurements ?? {}) as Record<string, unknown>;
  const c = (raw.customer_info ?? {}) as Record<string, unknown>;
  const total = num(raw.total);
  const vat = num(raw.vat, vatShare(total));
  const width = num(m.opening_width_mm);
  const height = num(m.opening_height_mm);
  return {
    quote_id: raw.quote_id,
    product_name: str(raw.product_name),
    service_type: str(raw.service_type) || 'online',
    total,
    subtotal: num(raw.subtotal, Math.round((total - vat) * 100) / 100),
    vat,
    valid_until: str(raw.valid_until),
    pricing_note: str(raw.pricing_note),
    measurements: { opening_width_mm: width, opening_height_mm: height, area_sqm: num(m.area_sqm, areaSqm(width, height)) },
    customer_info: { name: str(c.name), email: str(c.email), phone: str(c.phone), location: str(c.location) },
    lines: Array.isArray(raw.lines) ? (raw.lines as SessionQuoteLine[]).filter((l) => l && typeof l.product_name === 'string' && typeof l.width_mm === 'number') : [],
    key: typeof raw.key === 'string' && raw.key ? raw.key : null,
    order_reference: typeof raw.order_reference === 'string' && raw.order_reference ? raw.order_reference : null,
    sample_prices: raw.sample_prices === true,
    card_payment_refused: raw.card_payment_refused === true,
  };
}

export function readSessionQuote(storage: Storage = sessionStorage): SessionQuote | null {
  return parseSessionQuote(storage.getItem(STORAGE_KEYS.currentQuote));
}

export function writeSessionQuote(quote: SessionQuote, storage: Storage = sessionStorage): void {
  storage.setItem(STORAGE_KEYS.currentQuote, JSON.stringify(quote));
}

/** The product details of staff spec 2.1, one per line (or the spec's single measurement). */
export function quoteProductRows(quote: SessionQuote): { key: string; name: string; width: string; height: string; area: string; quantity: number; colour: string; sizeSource?: LineSizeSource | null }[] {
  if (quote.lines.length === 0) {
    const m = quote.measurements;
    return [
      {
        key: 'quote',
        name: quote.product_name,
        width: formatMetres(m.opening_width_mm),
        height: formatMetres(m.opening_height_mm),
        area: formatArea(m.area_sqm || areaSqm(m.opening_width_mm, m.opening_height_mm)),
        quantity: 1,
        colour: '',
      },
    ];
  }
  return quote.lines.map((l, i) => ({
    key: String(i),
    name: l.product_name,
    width: formatMetres(l.width_mm),
    height: formatMetres(l.drop_mm),
    area: formatArea(areaSqm(l.width_mm, l.drop_mm)),
    sizeSource: l.size_source ?? null,
    quantity: l.quantity,
    colour: l.colour,
  }));
}

/** Pay-by-card needs both (staff spec 2.1). */
export function hasPaymentContact(info: QuoteCustomerInfo): boolean {
  return info.name.trim() !== '' && info.email.trim() !== '';
}

export interface ContactErrors {
  name?: string;
  email?: string;
}

export function contactErrors(info: QuoteCustomerInfo): ContactErrors {
  const errors: ContactErrors = {};
  if (!info.name.trim()) errors.name = 'Please enter your full name.';
  if (!info.email.trim()) errors.email = 'Please enter your email address.';
  else if (!looksLikeEmail(info.email)) errors.email = 'Please enter a valid email address.';
  return errors;
}

export function trimContact(info: QuoteCustomerInfo): QuoteCustomerInfo {
  return { name: info.name.trim(), email: info.email.trim(), phone: info.phone.trim(), location: info.location.trim() };
}

/** POST /api/payment/create for a stored quote: the server makes the order from its own lines. */
export function paymentRequestForQuote(quote: SessionQuote): PaymentCreateRequest {
  const info = trimContact(quote.customer_info);
  return {
    quote_id: quote.quote_id,
    ...(quote.key ? { quote_key: quote.key } : {}),
    customer_info: { name: info.name, email: info.email, phone: info.phone, ...(info.location ? { location: info.location } : {}) },
    amount: quote.total,
    product_name: quote.product_name || productSummary(quote.lines.map((l) => l.product_name)),
  };
}

/** Where a stored quote comes from on /quote and /complete-quote. */
export type QuoteLoadPlan = { kind: 'fetch'; quoteId: string; key: string } | { kind: 'stored'; quote: SessionQuote } | { kind: 'not-found' } | { kind: 'home' };

export function quoteLoadPlan(quoteId: string | null, key: string | null, stored: SessionQuote | null): QuoteLoadPlan {
  const id = quoteId?.trim() ?? '';
  if (id && key?.trim()) return { kind: 'fetch', quoteId: id, key: key.trim() };
  if (id) return stored?.quote_id === id ? { kind: 'stored', quote: stored } : { kind: 'not-found' };
  return stored ? { kind: 'stored', quote: stored } : { kind: 'home' };
}

/** POST /api/leads/capture for a Garden Route consultation about a stored quote (/complete-quote). */
export function consultationLeadBody(quote: SessionQuote, contact: QuoteCustomerInfo) {
  const info = trimContact(contact);
  const first = quote.lines[0];
  return {
    name: info.name,
    email: info.email,
    phone: info.phone || null,
    whatsapp: null,
    location: info.location || null,
    source: 'quote_consultation' as const,
    productInterest: quote.product_name || productSummary(quote.lines.map((l) => l.product_name)),
    sessionData: {
      quoteId: quote.quote_id,
      blindType: first?.product_type ?? null,
      colour: first?.colour ?? null,
      mountType: first?.mount_type ?? null,
      dimensions: quote.lines.length
        ? quote.lines.map((l) => ({ width_mm: l.width_mm, drop_mm: l.drop_mm, quantity: l.quantity, sizeSource: leadSizeSourceOf(l.size_source) }))
        : [{ width_mm: quote.measurements.opening_width_mm, drop_mm: quote.measurements.opening_height_mm, quantity: 1 }],
    },
    notes: `Garden Route consultation requested for quote ${quote.quote_id} (total ${formatRand(quote.total)} incl. VAT).`,
    popiaConsent: true as const,
  };
}

// --- The quote document (/quote-document) ----------------------------------------------------------

export type QuoteDocumentLoad = { status: 'ready'; lines: QuoteLine[] } | { status: 'empty' } | { status: 'error' };

/** Spec section 8 'Quote load': no lines is 'No Quote Data'; unreadable storage is 'Error Loading Quote'. */
export function loadQuoteDocument(read: () => string | null, parse: (json: string | null) => QuoteLine[]): QuoteDocumentLoad {
  let json: string | null;
  try {
    json = read();
  } catch {
    return { status: 'error' };
  }
  const lines = parse(json);
  if (lines.length > 0) return { status: 'ready', lines };
  if (json === null) return { status: 'empty' };
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) && parsed.length === 0 ? { status: 'empty' } : { status: 'error' };
  } catch {
    return { status: 'error' };
  }
}

export const RECIPIENT_REQUIRED = 'Please enter customer name and email address';

export interface QuoteRecipient {
  name: string;
  email: string;
  mobile: string;
}

/** Spec section 5 'Quote e-mailing': name and e-mail required, mobile optional. */
export function recipientError(recipient: QuoteRecipient): string | null {
  return recipient.name.trim() && recipient.email.trim() ? null : RECIPIENT_REQUIRED;
}

export function blindLineRequest(line: QuoteLine): BlindLineRequest {
  return {
    id: line.id,
    product_type: line.product_type,
    product_name: line.product_name,
    width_mm: line.width_mm,
    drop_mm: line.drop_mm,
    control_side: line.control_side,
    mount_type: line.mount_type,
    colour: line.colour,
    quantity: line.quantity,
    price: line.price,
    total_price: line.total_price,
    size_source: line.size_source ?? 'typed',
  };
}

function quoteAmounts(lines: readonly QuoteLine[]) {
  const totalCents = lines.reduce((s, l) => s + Math.round(l.total_price * 100), 0);
  return { total_amount: totalCents / 100, total_quantity: lines.reduce((n, l) => n + l.quantity, 0) };
}

/** POST /api/email/quote (spec section 7): always with a copy to the business. */
export function emailQuoteBody(lines: readonly QuoteLine[], quoteId: string, quoteDate: string, recipient: QuoteRecipient): EmailQuoteRequest {
  return {
    recipient_email: recipient.email.trim(),
    recipient_name: recipient.name.trim(),
    recipient_mobile: recipient.mobile.trim() || null,
    quote_id: quoteId,
    quote_date: quoteDate,
    blinds: lines.map(blindLineRequest),
    ...quoteAmounts(lines),
    send_copy_to_business: true,
  };
}

/** POST /api/email/quote-internal: 'Walk-in Customer' / 'Not provided' stand in for empty fields. */
export function internalQuoteBody(lines: readonly QuoteLine[], quoteId: string, quoteDate: string, customer: QuoteRecipient): QuoteInternalRequest {
  return {
    quote_id: quoteId,
    quote_date: quoteDate,
    blinds: lines.map(blindLineRequest),
    ...quoteAmounts(lines),
    customer_name: customer.name.trim() || 'Walk-in Customer',
    customer_email: customer.email.trim() || 'Not provided',
    customer_mobile: customer.mobile.trim() || 'Not provided',
  };
}

/** The catalogue's products on sample prices, by either id (server name and calculator id). */
export function sampleProductIds(catalog: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  for (const value of Object.values(catalog)) {
    if (!Array.isArray(value)) continue;
    for (const item of value as { id?: unknown; calculator_id?: unknown; sample_prices?: unknown }[]) {
      if (item?.sample_prices !== true) continue;
      if (typeof item.id === 'string') ids.add(item.id);
      if (typeof item.calculator_id === 'string') ids.add(item.calculator_id);
    }
  }
  return ids;
}

/** True when any quote line is for a product the server says is on sample prices. */
export function anyOnSamplePrices(lines: readonly { product_type: string }[], sampleIds: ReadonlySet<string>): boolean {
  return lines.some((l) => sampleIds.has(l.product_type));
}
