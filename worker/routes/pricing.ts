import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { pricingQuoteSchema } from '../shared/schemas';
import { priceWithOptions } from '../services/product-options';
import { productOffer } from '../services/product-offer';
import { noLongerOfferedMessage, PRICE_ON_REQUEST_ERROR, priceOnRequestMessage } from '../shared/product-offer';
import { trackBufferedEvent } from './analytics';

/**
 * POST /api/pricing/quote (spec section 7). A size outside the grid is a valid question with an
 * answer, so it is a 200 with success false, error_type and contact_required for the calculator.
 */
export const pricingRoutes = new Hono<AppBindings>().post('/quote', jsonBody(4096), validate('json', pricingQuoteSchema), async (c) => {
  const { width_mm, drop_mm, product_type, quantity, options } = c.req.valid('json');
  const offer = await productOffer(c.env.DB, product_type);
  if (offer.kind === 'unknown') {
    throw new AppError('not_found', `We do not have a price list for '${product_type}'. Choose a product from the catalogue.`);
  }
  if (offer.kind === 'hidden') throw new AppError('not_found', noLongerOfferedMessage(offer.product.name));
  // A product without a price list is a valid question too: the team quotes it (the lead form).
  if (offer.kind === 'price_on_request') {
    return c.json({
      success: false,
      error_type: PRICE_ON_REQUEST_ERROR,
      message: priceOnRequestMessage(offer.product.name),
      contact_required: true,
    });
  }
  const { grid } = offer;
  const result = await priceWithOptions(c.env.DB, grid, width_mm, drop_mm, options);
  trackBufferedEvent(c, { kind: 'price_check', productId: grid.productId, data: { inRange: result.ok } });
  if (!result.ok) {
    return c.json({
      success: false,
      error_type: result.errorType,
      message: result.message,
      contact_required: result.contactRequired,
    });
  }
  const unitRand = result.priceCents / 100;
  return c.json({
    success: true,
    quote: {
      success: true,
      product_type: grid.productId,
      product_name: grid.productName,
      width_mm,
      drop_mm,
      width_band_mm: result.widthBandMm,
      drop_band_mm: result.dropBandMm,
      quantity,
      price: unitRand,
      price_cents: result.priceCents,
      total_price: (result.priceCents * quantity) / 100,
      total_price_cents: result.priceCents * quantity,
      currency: 'ZAR',
      vat_included: true,
      price_list_version: grid.version,
      sample_prices: result.isSample,
      // The grid's cell and what each option adds (all in the unit price): [] for a blind.
      base_price_cents: result.basePriceCents,
      options: result.options,
    },
  });
});
