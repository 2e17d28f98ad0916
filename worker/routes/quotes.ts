import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { publicOrigin } from '../lib/origin';
import { orderFromQuote } from '../services/order-from-quote';
import { findStoredQuote } from '../services/quotes';
import { quoteOrderSchema, type QuoteOrderResponse } from '../shared/orders-api';

/** The same answer for an unknown number and a wrong key: the 6-digit number alone is guessable. */
const NOT_FOUND = 'Quote Not Found. Please generate a new quote through the measurement tool.';

/** Stored quotes (staff spec 2.1): /quote and /complete-quote read one back with its key. */
export const quoteRoutes = new Hono<AppBindings>()
  .get('/:quote_id', async (c) => {
    const quoteId = c.req.param('quote_id').trim().toUpperCase();
    const key = c.req.query('key')?.trim() ?? '';
    const quote = key.length <= 200 ? await findStoredQuote(c.env, quoteId, key) : null;
    if (!quote) throw new AppError('not_found', NOT_FOUND);
    return c.json({ success: true, quote });
  })
  // Ordering a stored quote without a card payment (the shop takes bank transfers): made once per
  // quote, its confirmation e-mails queued with it; a second call answers the same order.
  .post(
    '/:quote_id/order',
    rateLimit({ name: 'orders', limit: 20, windowSeconds: 600 }),
    jsonBody(8 * 1024),
    validate('json', quoteOrderSchema),
    async (c) => {
      const quoteId = c.req.param('quote_id').trim().toUpperCase();
      const { quote_key, customer_info } = c.req.valid('json');
      const order = await orderFromQuote(
        c.env,
        quoteId,
        quote_key,
        { name: customer_info.name, email: customer_info.email, phone: customer_info.phone?.trim() || null },
        { origin: publicOrigin(c.env, c.req.url) },
      );
      const body: QuoteOrderResponse = { success: true, reference: order.reference, order };
      return c.json(body, 200);
    },
  );
