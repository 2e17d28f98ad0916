import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { catalogOverview, coloursForProduct, productsWithColours } from '../services/catalog';
import type { ColoursResponse } from '../shared/catalogue-api';
import { AppError } from '../lib/errors';
import { optionGroupsOf, optionsForProduct } from '../services/product-options';
import { productOffer } from '../services/product-offer';
import { noLongerOfferedMessage } from '../shared/product-offer';
import { dropLabelFor, type ProductOptionsResponse } from '../shared/product-options';

export const colourRoutes = new Hono<AppBindings>().get('/:product_type', async (c) => {
  const { product, colours } = await coloursForProduct(c.env.DB, c.req.param('product_type'));
  const body: ColoursResponse = { success: true, product_type: product.id, product_name: product.name, colours };
  return c.json(body);
});

export const productRoutes = new Hono<AppBindings>()
  .get('/catalog', async (c) => c.json(await catalogOverview(c.env.DB)))
  .get('/colours', async (c) => c.json(await productsWithColours(c.env.DB)))
  // What a shutter or awning can be ordered with (the calculator's option fields); a blind has no groups.
  .get('/options/:product_type', async (c) => {
    const key = c.req.param('product_type');
    const offer = await productOffer(c.env.DB, key);
    if (offer.kind === 'unknown')
      throw new AppError('not_found', `We do not sell a product called '${key}'. Choose one from the catalogue.`);
    if (offer.kind === 'hidden') throw new AppError('not_found', noLongerOfferedMessage(offer.product.name));
    const rows = await optionsForProduct(c.env.DB, offer.product.id);
    const body: ProductOptionsResponse = {
      success: true,
      product_type: offer.product.id,
      product_name: offer.product.name,
      drop_label: dropLabelFor(offer.product.section),
      groups: optionGroupsOf(rows),
      sample_prices: rows.some((r) => r.isSample),
    };
    return c.json(body);
  });
