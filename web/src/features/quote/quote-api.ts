// The calculator's calls (storefront spec section 7), through the one API client.
import type { ColoursResponse } from '@shared/catalogue-api';
import type { OrderSubmitRequest, OrderSubmitResponse } from '@shared/orders-api';
import { ApiError, apiRequest, getJson } from '../../lib/api-client';
import { pricingRequest, type PriceInput, type PricingFailure, type PricingQuoteResponse } from './calculator-model';

export type PricingOutcome = { answer: PricingQuoteResponse } | { failure: PricingFailure };

/** POST /api/pricing/quote. An aborted request rejects; every other ending is an outcome to show. */
export async function fetchPricing(input: PriceInput, signal?: AbortSignal): Promise<PricingOutcome> {
  try {
    const answer = await apiRequest<PricingQuoteResponse>('POST', '/api/pricing/quote', pricingRequest(input), { signal });
    return { answer: answer ?? {} };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof ApiError) return { failure: { kind: 'http', status: err.status, message: err.serverMessage } };
    return { failure: { kind: 'network' } };
  }
}

export function fetchColours(productType: string, signal?: AbortSignal): Promise<ColoursResponse | null> {
  return getJson<ColoursResponse>(`/api/colours/${encodeURIComponent(productType)}`, { signal });
}

/** POST /api/orders/submit with the attempt's Idempotency-Key, so a retried submission returns the same order. */
export function submitOrder(payload: OrderSubmitRequest, idempotencyKey: string): Promise<OrderSubmitResponse> {
  return apiRequest<OrderSubmitResponse>('POST', '/api/orders/submit', payload, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A random id: crypto.randomUUID where the browser has it (secure contexts), else from getRandomValues. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
