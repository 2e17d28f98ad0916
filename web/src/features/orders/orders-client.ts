// The order, quote and payment calls of these pages (storefront spec section 7), typed by the
// shared contract. 'No such order or quote' is an answer here (null); anything else throws ApiError.
import type {
  EmailQuoteRequest,
  OrderDto,
  PaymentCreateRequest,
  PaymentCreateResponse,
  QuoteInternalRequest,
  QuoteSavedResponse,
  StoredQuoteDto,
} from '@shared/orders-api';
import { ApiError, apiRequest, getJson } from '../../lib/api-client';

async function orNullOn<T>(statuses: readonly number[], read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && statuses.includes(err.status)) return null;
    throw err;
  }
}

/**
 * GET /api/orders/{reference}: the server's order, or null when it has none by that reference
 * (a 404, or a 400 for text that cannot be a reference at all).
 */
export function fetchOrder(reference: string): Promise<OrderDto | null> {
  return orNullOn(
    [400, 404],
    async () => (await getJson<{ success: boolean; order: OrderDto }>(`/api/orders/${encodeURIComponent(reference)}`))?.order ?? null,
  );
}

/** GET /api/quotes/{quote_id}?key=: a stored quote, or null when the number and key do not match one. */
export function fetchStoredQuote(quoteId: string, key: string): Promise<StoredQuoteDto | null> {
  return orNullOn(
    [404],
    async () =>
      (
        await getJson<{ success: boolean; quote: StoredQuoteDto }>(
          `/api/quotes/${encodeURIComponent(quoteId)}?key=${encodeURIComponent(key)}`,
        )
      )?.quote ?? null,
  );
}

/** POST /api/payment/create: the gateway's checkout address. */
export async function createPayment(body: PaymentCreateRequest): Promise<string> {
  const answer = await apiRequest<PaymentCreateResponse>('POST', '/api/payment/create', body);
  if (!answer?.checkout_url) throw new Error('The payment answer had no checkout address');
  return answer.checkout_url;
}

export function emailQuote(body: EmailQuoteRequest): Promise<QuoteSavedResponse> {
  return apiRequest<QuoteSavedResponse>('POST', '/api/email/quote', body);
}

export function saveQuoteInternal(body: QuoteInternalRequest): Promise<QuoteSavedResponse> {
  return apiRequest<QuoteSavedResponse>('POST', '/api/email/quote-internal', body);
}

export async function captureLead(body: unknown): Promise<string | null> {
  const answer = await apiRequest<{ success: boolean; leadId?: string }>('POST', '/api/leads/capture', body);
  if (!answer?.success) throw new Error('Lead not stored');
  return answer.leadId ?? null;
}
