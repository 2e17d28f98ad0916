// The quote document of /quote-document (storefront spec sections 5, 7, 8): loading, the e-mail
// requests and the sample-prices note. No React, no fetch.
import type { BlindLineRequest, EmailQuoteRequest, QuoteInternalRequest } from '@shared/orders-api';
import type { QuoteLine } from '../../lib/quote-storage';
import { optionCodes } from '@shared/product-options';

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
    ...(line.photo_key ? { photo_key: line.photo_key } : {}),
    ...(line.options?.length ? { options: optionCodes(line.options) } : {}),
  };
}

function quoteAmounts(lines: readonly QuoteLine[]) {
  const totalCents = lines.reduce((s, l) => s + Math.round(l.total_price * 100), 0);
  return { total_amount: totalCents / 100, total_quantity: lines.reduce((n, l) => n + l.quantity, 0) };
}

/** POST /api/email/quote (spec section 7): always with a copy to the business. */
export function emailQuoteBody(
  lines: readonly QuoteLine[],
  quoteId: string,
  quoteDate: string,
  recipient: QuoteRecipient,
): EmailQuoteRequest {
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
export function internalQuoteBody(
  lines: readonly QuoteLine[],
  quoteId: string,
  quoteDate: string,
  customer: QuoteRecipient,
): QuoteInternalRequest {
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
