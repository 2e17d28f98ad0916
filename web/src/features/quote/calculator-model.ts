// The pure half of /quote-calculator (storefront spec sections 3, 5, 7, 8, 9): which message each
// pricing answer gets, when Add and Order are allowed, the quote line and the order payload.
// No DOM, no React: unit-tested in Node (tests/web/quote-calculator.test.ts).
import type { ColourDto } from '@shared/catalogue-api';
import type { OrderSubmitRequest } from '@shared/orders-api';
import type { LineSizeSource } from '@shared/size-sources';
import { normalVatNumber, VAT_NUMBER_MESSAGE } from '@shared/vat-number';
import type { CalculatorProduct } from '../../lib/calculator-products';
import { quoteTotals, type ControlSide, type HandedOverSize, type MountType, type QuoteLine } from '../../lib/quote-storage';
import { optionCodes } from '@shared/product-options';

/** Width or drop above this is always made to order (spec sections 8 and 9). */
export const CUSTOM_SIZE_MM = 3000;
/** The price path's lower width limit for a custom size (spec section 9). */
export const PRICE_PATH_CUSTOM_WIDTH_MM = 2500;
export const MIN_QUANTITY = 1;
/** The server takes at most 100 of one line (worker/shared/orders-api.ts). */
export const MAX_QUANTITY = 100;
/** The live price check waits this long after the last keystroke. */
export const PRICE_CHECK_DEBOUNCE_MS = 300;

export interface Notice {
  title: string;
  description: string;
}

// --- Spec messages (section 5 and 8) -------------------------------------------------------------

export const MISSING_INFORMATION: Notice = {
  title: 'Missing Information',
  description: 'Please complete all required fields including colour selection.',
};
export const COMPLETE_BLIND_CONFIGURATION: Notice = {
  title: 'Complete Blind Configuration',
  description: 'Please choose a product, enter the width and drop, pick a colour and wait for the price before ordering.',
};
export const MISSING_CUSTOMER_DETAILS: Notice = {
  title: 'Missing Information',
  description: 'Please fill in your name, email, and phone number.',
};
export const ZERO_PRICE: Notice = { title: 'Pricing Error', description: 'Unable to calculate price for these dimensions.' };
export const ORDER_FAILED_TITLE = 'Order Submission Failed';
export const ORDER_FAILED_FALLBACK = 'Please try again or contact support.';
const RE_ENTER_HINT = 'Please check your measurements and re-enter them.';
const CONTACT_HINT = 'Please contact our team for a custom-size quote.';
const CONNECTION_HINT = 'Check your connection and try again.';

// --- The form ------------------------------------------------------------------------------------

/** The Add Blind form as typed: sizes and quantity stay text until they are read. */
export interface BlindForm {
  productType: string;
  widthText: string;
  dropText: string;
  controlSide: ControlSide;
  mountType: MountType;
  colour: string | null;
  quantityText: string;
  /** Where width and drop came from: the measuring tool's hand-off until the customer types a size ('typed'). */
  sizeSource?: LineSizeSource;
  /**
   * The quick scan's photo of this window (its photo_key). It stays when the customer types over the
   * scanned size: it is still the photo of the window staff check the size against.
   */
  photoKey?: string;
}

export function emptyBlindForm(size?: HandedOverSize | null): BlindForm {
  return {
    productType: '',
    widthText: size ? String(size.width_mm) : '',
    dropText: size ? String(size.drop_mm) : '',
    controlSide: 'left',
    mountType: 'inside-recess',
    colour: null,
    quantityText: '1',
    sizeSource: size?.size_source ?? 'typed',
    ...(size?.photo_key ? { photoKey: size.photo_key } : {}),
  };
}

/** The customer typed a width or drop: the size is theirs now ('typed'), no longer an estimate. */
export function editSize(form: BlindForm, change: { widthText?: string; dropText?: string }): BlindForm {
  return { ...form, ...change, sizeSource: 'typed' };
}

/** A millimetre size typed by the customer: a positive number, rounded to whole mm (the server judges the range). */
export function parseMm(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= 100_000 ? Math.round(n) : null;
}

/** Quantity: a whole number from 1 to 100, else null. */
export function parseQuantity(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= MIN_QUANTITY && n <= MAX_QUANTITY ? n : null;
}

/** The product's name in the catalogue (the calculator's list, read from D1); its id until the list is known. */
export function productLabel(productType: string, products: readonly CalculatorProduct[]): string {
  return products.find((p) => p.value === productType)?.label ?? productType;
}

/** The size the price check asks about, or null until product, width and drop are all set (spec section 5). */
export function priceCheckInput(form: BlindForm): { productType: string; widthMm: number; dropMm: number } | null {
  const widthMm = parseMm(form.widthText);
  const dropMm = parseMm(form.dropText);
  if (!form.productType || widthMm === null || dropMm === null) return null;
  return { productType: form.productType, widthMm, dropMm };
}

export function priceKey(input: { productType: string; widthMm: number; dropMm: number }): string {
  return `${input.productType}|${input.widthMm}|${input.dropMm}`;
}

/** Add is enabled once product, width, drop and colour are set (spec section 5) and the quantity reads. */
export function canAddBlind(form: BlindForm): boolean {
  return priceCheckInput(form) !== null && !!form.colour && parseQuantity(form.quantityText) !== null;
}

/** The body of POST /api/pricing/quote: the calculator id (the server accepts both id spaces), always quantity 1. */
export function pricingRequest(input: { productType: string; widthMm: number; dropMm: number }) {
  return { width_mm: input.widthMm, drop_mm: input.dropMm, product_type: input.productType, quantity: 1 as const };
}

// --- Pricing answers -----------------------------------------------------------------------------

/** The answer of POST /api/pricing/quote (spec section 7; worker/routes/pricing.ts). */
export interface PricingQuoteResponse {
  success?: boolean;
  quote?: { success?: boolean; price?: number; total_price?: number; sample_prices?: boolean } | null;
  error_type?: string;
  message?: string;
  contact_required?: boolean;
}

/** How the request ended when there is no answer body to read. */
export type PricingFailure = { kind: 'network' } | { kind: 'http'; status: number; message: string | null };

export type LivePrice =
  | { status: 'ok'; unitPrice: number; samplePrices: boolean }
  | { status: 'problem'; title: string; description: string; contactTeam: boolean; retry: boolean };

function answeredPrice(body: PricingQuoteResponse): number | null {
  if (!body.success || !body.quote) return null;
  const price = Number(body.quote.price ?? body.quote.total_price);
  return Number.isFinite(price) ? price : 0;
}

/**
 * The live price check's message for an answer (spec section 8). A size over 3000 mm, or one the
 * server says needs the team (larger than this product is made), is a custom order; any other
 * out-of-range size is too small.
 */
export function livePriceFromAnswer(body: PricingQuoteResponse, widthMm: number, dropMm: number): LivePrice {
  const price = answeredPrice(body);
  if (price !== null) {
    if (price > 0) return { status: 'ok', unitPrice: price, samplePrices: body.quote?.sample_prices === true };
    return { status: 'problem', ...ZERO_PRICE, contactTeam: false, retry: false };
  }
  if (body.error_type === 'out_of_range') {
    if (widthMm > CUSTOM_SIZE_MM || dropMm > CUSTOM_SIZE_MM || body.contact_required) {
      return {
        status: 'problem',
        title: 'Contact Team for Custom Made Orders',
        description: body.message || CONTACT_HINT,
        contactTeam: true,
        retry: false,
      };
    }
    return { status: 'problem', title: 'Size Too Small', description: body.message || RE_ENTER_HINT, contactTeam: false, retry: false };
  }
  return { status: 'problem', title: 'Invalid Dimensions', description: body.message || RE_ENTER_HINT, contactTeam: false, retry: false };
}

/** The live price check when the request itself failed: a refused size reads as invalid, an outage as not validated. */
export function livePriceFromFailure(failure: PricingFailure): LivePrice {
  if (failure.kind === 'http' && failure.status >= 400 && failure.status < 500 && failure.status !== 429) {
    return {
      status: 'problem',
      title: 'Invalid Dimensions',
      description: failure.message || RE_ENTER_HINT,
      contactTeam: false,
      retry: false,
    };
  }
  return { status: 'problem', title: 'Failed to validate dimensions', description: CONNECTION_HINT, contactTeam: false, retry: true };
}

export type PricePathResult = { ok: true; unitPrice: number; samplePrices: boolean } | ({ ok: false; contactTeam: boolean } & Notice);

/**
 * The price path (pricing a line to add or order it; spec section 8): a width over 2500 mm or a
 * drop over 3000 mm is a custom size, another out-of-range size is not available, and anything
 * else that gives no price is a pricing error.
 */
export function pricePathFromAnswer(body: PricingQuoteResponse, widthMm: number, dropMm: number): PricePathResult {
  const price = answeredPrice(body);
  if (price !== null) {
    if (price > 0) return { ok: true, unitPrice: price, samplePrices: body.quote?.sample_prices === true };
    return { ok: false, ...ZERO_PRICE, contactTeam: false };
  }
  if (body.error_type === 'out_of_range') {
    if (widthMm > PRICE_PATH_CUSTOM_WIDTH_MM || dropMm > CUSTOM_SIZE_MM) {
      return { ok: false, title: 'Custom Size Required', description: body.message || CONTACT_HINT, contactTeam: true };
    }
    return { ok: false, title: 'Size Not Available', description: body.message || RE_ENTER_HINT, contactTeam: !!body.contact_required };
  }
  return { ok: false, title: 'Pricing Error', description: body.message || RE_ENTER_HINT, contactTeam: false };
}

export function pricePathFromFailure(failure: PricingFailure): PricePathResult {
  const description =
    failure.kind === 'http' && failure.status < 500 && failure.status !== 429 ? failure.message || RE_ENTER_HINT : CONNECTION_HINT;
  return { ok: false, title: 'Pricing Error', description, contactTeam: false };
}

// --- Lines and the order -------------------------------------------------------------------------

function toCents(rand: number): number {
  return Math.round(rand * 100);
}

/** The line total for a quantity, to the cent. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return (toCents(unitPrice) * quantity) / 100;
}

/** A quote line from the completed form and the server's unit price; null when the form is not complete. */
export function buildQuoteLine(form: BlindForm, unitPrice: number, id: string, products: readonly CalculatorProduct[]): QuoteLine | null {
  const input = priceCheckInput(form);
  const quantity = parseQuantity(form.quantityText);
  if (!input || !form.colour || quantity === null || !(unitPrice > 0)) return null;
  return {
    id,
    product_type: input.productType,
    product_name: productLabel(input.productType, products),
    width_mm: input.widthMm,
    drop_mm: input.dropMm,
    control_side: form.controlSide,
    mount_type: form.mountType,
    colour: form.colour,
    quantity,
    price: unitPrice,
    total_price: lineTotal(unitPrice, quantity),
    size_source: form.sizeSource ?? 'typed',
    ...(form.photoKey ? { photo_key: form.photoKey } : {}),
  };
}

/** 'Order This Blind Now' needs the four fields and a price above 0 (spec section 5). An estimated size may be ordered: the team confirms it before production. */
export function canOrderBlindNow(form: BlindForm, livePrice: LivePrice | null): boolean {
  return canAddBlind(form) && livePrice?.status === 'ok' && livePrice.unitPrice > 0;
}

export function removeLine(lines: readonly QuoteLine[], id: string): QuoteLine[] {
  return lines.filter((l) => l.id !== id);
}

/** The accessible name of a line's remove button. */
export function removeLabel(line: Pick<QuoteLine, 'product_name' | 'width_mm' | 'drop_mm'>): string {
  return `Remove ${line.product_name} ${line.width_mm} x ${line.drop_mm}`;
}

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

// --- Colours and measurements --------------------------------------------------------------------

export function isHoneycomb(productType: string): boolean {
  return productType.startsWith('honeycomb');
}

/** Only colours with an image or swatch path are offered; for honeycomb products a hex value also counts (spec section 5). */
export function swatchColours(productType: string, colours: readonly ColourDto[]): ColourDto[] {
  return colours.filter((c) => !!c.imageUrl || !!c.swatchPath || (isHoneycomb(productType) && /^#[0-9a-f]{3,8}$/i.test(c.hex ?? '')));
}

export { parseAutoMeasurements } from '../../lib/quote-storage';

/** Stored lines with the server's current unit prices; a line the server gave no price for keeps its own. */
export function withServerPrices(
  lines: readonly QuoteLine[],
  unitPrices: ReadonlyMap<string, number>,
): { lines: QuoteLine[]; changed: number } {
  let changed = 0;
  const next = lines.map((line) => {
    const unit = unitPrices.get(line.id);
    if (unit === undefined || !(unit > 0) || toCents(unit) === toCents(line.price)) return line;
    changed++;
    return { ...line, price: unit, total_price: lineTotal(unit, line.quantity) };
  });
  return { lines: next, changed };
}
