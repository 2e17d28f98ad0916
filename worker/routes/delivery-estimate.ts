// GET /api/delivery-estimate?products=a,b: the expected dispatch date and delivery windows of a quote
// before it is an order (the calculator and the quote document): counted from today, for a courier
// order (the national window: no address yet) and for a Garden Route fitting.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { rateLimit } from '../middleware/rate-limit';
import { estimateFor, knownProductIds } from '../services/delivery-estimate';
import type { DeliveryEstimateResponse } from '../shared/delivery-dates';

const querySchema = z.object({
  products: z
    .string({ error: 'products: list the product ids, separated by commas' })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,79}$/, 'a product id is lower-case letters, digits, - and _'))
        .min(1, 'products: name at least one product')
        .max(50, 'products: at most 50 products'),
    ),
});

export const deliveryEstimateRoutes = new Hono<AppBindings>().get(
  '/',
  rateLimit({ name: 'delivery-estimate', limit: 120, windowSeconds: 60 }),
  validate('query', querySchema),
  async (c) => {
    const { products } = c.req.valid('query');
    const ids = await knownProductIds(c.env.DB, products);
    const unknown = products.filter((p) => !ids.has(p));
    if (unknown.length > 0) throw new AppError('not_found', `There is no product ${unknown.join(', ')} in the catalogue.`);
    const productIds = products.map((p) => ids.get(p)!);
    const [courier, installation] = await Promise.all([
      estimateFor(c.env.DB, { productIds, method: 'courier' }),
      estimateFor(c.env.DB, { productIds, method: 'installation' }),
    ]);
    c.header('Cache-Control', 'no-store');
    const body: DeliveryEstimateResponse = { success: true, courier: courier!, installation: installation! };
    return c.json(body);
  },
);
