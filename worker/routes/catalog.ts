import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { catalogOverview, coloursForProduct, productsWithColours } from '../services/catalog';
import type { ColoursResponse } from '../shared/catalogue-api';

export const colourRoutes = new Hono<AppBindings>().get('/:product_type', async (c) => {
  const { product, colours } = await coloursForProduct(c.env.DB, c.req.param('product_type'));
  const body: ColoursResponse = { success: true, product_type: product.id, product_name: product.name, colours };
  return c.json(body);
});

export const productRoutes = new Hono<AppBindings>()
  .get('/catalog', async (c) => c.json(await catalogOverview(c.env.DB)))
  .get('/colours', async (c) => c.json(await productsWithColours(c.env.DB)));
