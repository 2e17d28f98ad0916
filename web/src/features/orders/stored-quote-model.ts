// The stored quote of /quote and /complete-quote (staff spec 2.1 and 3 'Quote'): the session copy,
// its product rows, its contact rules and the requests made from it. No React, no fetch.
import type { PaymentCreateRequest, StoredQuoteDto } from '@shared/orders-api';
import { leadSizeSourceOf, type StoredSizeSource } from '@shared/size-sources';
import { formatRand } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { areaSqm, formatArea, formatMetres, pricedLine, type PricedLine, productSummary, vatShare } from './orders-model';
import { describeOptions } from '@shared/product-options';

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
    lines: Array.isArray(raw.lines)
      ? (raw.lines as SessionQuoteLine[]).filter((l) => l && typeof l.product_name === 'string' && typeof l.width_mm === 'number')
      : [],
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
export function quoteProductRows(quote: SessionQuote): {
  key: string;
  name: string;
  width: string;
  height: string;
  area: string;
  quantity: number;
  colour: string;
  sizeSource?: StoredSizeSource | null;
  /** The line's fit guarantee as the server stored it (FitGuaranteeNote). */
  guarantee?: Pick<PricedLine, 'size_source' | 'fit_guarantee' | 'measured_size_source'>;
  /** A shutter's or awning's options, as one line of text. */
  options?: string;
}[] {
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
    guarantee: { size_source: l.size_source, fit_guarantee: l.fit_guarantee ?? null, measured_size_source: l.measured_size_source },
    quantity: l.quantity,
    colour: l.colour,
    ...(l.options?.length ? { options: describeOptions(l.options) } : {}),
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
export type QuoteLoadPlan =
  { kind: 'fetch'; quoteId: string; key: string } | { kind: 'stored'; quote: SessionQuote } | { kind: 'not-found' } | { kind: 'home' };

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
        ? quote.lines.map((l) => ({
            width_mm: l.width_mm,
            drop_mm: l.drop_mm,
            quantity: l.quantity,
            sizeSource: leadSizeSourceOf(l.size_source),
          }))
        : [{ width_mm: quote.measurements.opening_width_mm, drop_mm: quote.measurements.opening_height_mm, quantity: 1 }],
    },
    notes: `Garden Route consultation requested for quote ${quote.quote_id} (total ${formatRand(quote.total)} incl. VAT).`,
    popiaConsent: true as const,
  };
}
