// The pure half of /quote-calculator (storefront spec sections 3, 5, 7, 8, 9): which message each
// pricing answer gets, when Add and Order are allowed, the quote line and the order payload.
// No DOM, no React: unit-tested in Node (tests/web/quote-calculator.test.ts).
import type { ColourDto } from '@shared/catalogue-api';
import type { LineSizeSource } from '@shared/size-sources';
import type { CalculatorProduct } from '../../lib/calculator-products';
import { type ControlSide, type HandedOverSize, type MountType, type QuoteLine } from '../../lib/quote-storage';
import type { LineOptionDto, LineOptions } from '@shared/product-options';

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
  /** A shutter's or awning's options by group (codes); a group left out takes the default for the width. */
  options?: LineOptions;
}

/** What the price check asks about: the product, the size and, for a shutter or awning, its options. */
export interface PriceInput {
  productType: string;
  widthMm: number;
  dropMm: number;
  options?: LineOptions;
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
export function priceCheckInput(form: BlindForm): PriceInput | null {
  const widthMm = parseMm(form.widthText);
  const dropMm = parseMm(form.dropText);
  if (!form.productType || widthMm === null || dropMm === null) return null;
  const options = form.options && Object.keys(form.options).length > 0 ? form.options : null;
  return { productType: form.productType, widthMm, dropMm, ...(options ? { options } : {}) };
}

export function priceKey(input: PriceInput): string {
  const options = input.options
    ? Object.entries(input.options)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, code]) => `${group}=${code}`)
        .join(',')
    : '';
  return `${input.productType}|${input.widthMm}|${input.dropMm}${options ? `|${options}` : ''}`;
}

/** Add is enabled once product, width, drop and colour are set (spec section 5) and the quantity reads. */
export function canAddBlind(form: BlindForm): boolean {
  return priceCheckInput(form) !== null && !!form.colour && parseQuantity(form.quantityText) !== null;
}

/** The body of POST /api/pricing/quote: the calculator id (the server accepts both id spaces), always quantity 1. */
export function pricingRequest(input: PriceInput) {
  return {
    width_mm: input.widthMm,
    drop_mm: input.dropMm,
    product_type: input.productType,
    quantity: 1 as const,
    ...(input.options ? { options: input.options } : {}),
  };
}

// --- Pricing answers -----------------------------------------------------------------------------

/** The answer of POST /api/pricing/quote (spec section 7; worker/routes/pricing.ts). */
export interface PricingQuoteResponse {
  success?: boolean;
  quote?: { success?: boolean; price?: number; total_price?: number; sample_prices?: boolean; options?: LineOptionDto[] } | null;
  error_type?: string;
  message?: string;
  contact_required?: boolean;
}

/** How the request ended when there is no answer body to read. */
export type PricingFailure = { kind: 'network' } | { kind: 'http'; status: number; message: string | null };

export type LivePrice =
  | { status: 'ok'; unitPrice: number; samplePrices: boolean; options?: LineOptionDto[] }
  | { status: 'problem'; title: string; description: string; contactTeam: boolean; retry: boolean };

/** The options the server priced (a shutter's or awning's), kept with the price; nothing for a blind. */
function pricedOptions(body: PricingQuoteResponse): { options?: LineOptionDto[] } {
  const options = body.quote?.options;
  return options && options.length > 0 ? { options } : {};
}

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
    if (price > 0) return { status: 'ok', unitPrice: price, samplePrices: body.quote?.sample_prices === true, ...pricedOptions(body) };
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

export type PricePathResult =
  { ok: true; unitPrice: number; samplePrices: boolean; options?: LineOptionDto[] } | ({ ok: false; contactTeam: boolean } & Notice);

/**
 * The price path (pricing a line to add or order it; spec section 8): a width over 2500 mm or a
 * drop over 3000 mm is a custom size, another out-of-range size is not available, and anything
 * else that gives no price is a pricing error.
 */
export function pricePathFromAnswer(body: PricingQuoteResponse, widthMm: number, dropMm: number): PricePathResult {
  const price = answeredPrice(body);
  if (price !== null) {
    if (price > 0) return { ok: true, unitPrice: price, samplePrices: body.quote?.sample_prices === true, ...pricedOptions(body) };
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
export function buildQuoteLine(
  form: BlindForm,
  unitPrice: number,
  id: string,
  products: readonly CalculatorProduct[],
  options?: readonly LineOptionDto[],
): QuoteLine | null {
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
    ...(options?.length ? { options: [...options] } : {}),
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

// The customer's details and the order's body: ./order-payload.ts (re-exported for the calculator's callers).
export * from './order-payload';

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
