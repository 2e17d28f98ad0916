// One window's price (storefront spec sections 7 and 8): POST /api/pricing/quote for a product and
// size, read with the spec's messages. Shared by the room walk-through and the AR visualiser; the
// calculator has its own reading (its messages differ: spec section 8's live price check).
import { PRICE_ON_REQUEST_ERROR } from '@shared/product-offer';
import type { LineOptionDto, LineOptions } from '@shared/product-options';
import { ApiError, apiRequest } from './api-client';

/** The answer of POST /api/pricing/quote (spec section 7). */
export interface PricingQuoteResponse {
  success?: boolean;
  quote?: {
    success?: boolean;
    price?: number;
    total_price?: number;
    product_name?: string;
    sample_prices?: boolean;
    options?: LineOptionDto[];
  } | null;
  error_type?: string;
  message?: string;
  contact_required?: boolean;
}

export type PriceResult =
  | { status: 'ok'; price: number; samplePrices: boolean; productName?: string; options?: LineOptionDto[] }
  | { status: 'unavailable'; title: string; message: string; contactRequired: boolean };

export function pricingRequest(productId: string, widthMm: number, dropMm: number, options?: LineOptions) {
  return { width_mm: widthMm, drop_mm: dropMm, product_type: productId, quantity: 1 as const, ...(options ? { options } : {}) };
}

export function priceKey(productId: string, widthMm: number, dropMm: number): string {
  return `${productId}|${widthMm}|${dropMm}`;
}

/** Reads the pricing answer with the spec's messages (section 8). */
export function readPricingResponse(body: PricingQuoteResponse | null | undefined): PriceResult {
  if (body?.success && body.quote) {
    const price = Number(body.quote.price ?? body.quote.total_price);
    if (Number.isFinite(price) && price > 0) {
      const productName = body.quote.product_name;
      const options = body.quote.options?.length ? { options: body.quote.options } : {};
      return { status: 'ok', price, samplePrices: body.quote.sample_prices === true, ...(productName ? { productName } : {}), ...options };
    }
    return {
      status: 'unavailable',
      title: 'Pricing Error',
      message: 'Unable to calculate price for these dimensions.',
      contactRequired: false,
    };
  }
  if (body?.error_type === PRICE_ON_REQUEST_ERROR) {
    return {
      status: 'unavailable',
      title: 'Price on request',
      message: body.message ?? 'Our team quotes this product: ask for a quote.',
      contactRequired: true,
    };
  }
  if (body?.error_type === 'out_of_range') {
    if (body.contact_required) {
      return {
        status: 'unavailable',
        title: 'Contact Team for Custom Made Orders',
        message: body.message ?? 'Please contact our team for a custom-size quote.',
        contactRequired: true,
      };
    }
    return {
      status: 'unavailable',
      title: 'Size Too Small',
      message: body.message ?? 'Please check your measurements and re-enter them.',
      contactRequired: false,
    };
  }
  return {
    status: 'unavailable',
    title: 'Invalid Dimensions',
    message: body?.message ?? 'Please check the width and drop.',
    contactRequired: false,
  };
}

export const PRICING_NETWORK_FAILURE: PriceResult = {
  status: 'unavailable',
  title: 'Failed to validate dimensions',
  message: 'Check your connection and try again.',
  contactRequired: false,
};

/** POST /api/pricing/quote for one window; every ending (refused, failed) is a result to show. An aborted request rejects. */
export async function fetchWindowPrice(
  productId: string,
  widthMm: number,
  dropMm: number,
  signal?: AbortSignal,
  /** A shutter's or awning's options (the shutter visualiser's louvre, frame and panels). */
  options?: LineOptions,
): Promise<PriceResult> {
  try {
    const body = await apiRequest<PricingQuoteResponse>('POST', '/api/pricing/quote', pricingRequest(productId, widthMm, dropMm, options), {
      signal,
    });
    return readPricingResponse(body);
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof ApiError) return readPricingResponse({ success: false, message: err.serverMessage ?? undefined });
    return PRICING_NETWORK_FAILURE;
  }
}
