// How the storefront speaks of a product it cannot price online (storefront spec section 8: the
// team quotes what the calculator does not). One wording for the calculator, the pricing API, the
// orders API, the consultant and the MCP tools.

/** Shown instead of a price for a product without a price list. */
export const PRICE_ON_REQUEST = 'Price on request';

/** The pricing API's `error_type` for a product without a price list. */
export const PRICE_ON_REQUEST_ERROR = 'price_on_request';

export function priceOnRequestMessage(productName: string): string {
  return `The ${productName} is priced on request: leave your details and our team will send you a quote.`;
}

export function noLongerOfferedMessage(productName: string): string {
  return `We no longer offer the ${productName} online. Choose another product, or contact our team about it.`;
}
