import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { findStoredQuote } from '../services/quotes';

/** The same answer for an unknown number and a wrong key: the 6-digit number alone is guessable. */
const NOT_FOUND = 'Quote Not Found. Please generate a new quote through the measurement tool.';

/** Stored quotes (staff spec 2.1): /quote and /complete-quote read one back with its key. */
export const quoteRoutes = new Hono<AppBindings>().get('/:quote_id', async (c) => {
  const quoteId = c.req.param('quote_id').trim().toUpperCase();
  const key = c.req.query('key')?.trim() ?? '';
  const quote = key.length <= 200 ? await findStoredQuote(c.env, quoteId, key) : null;
  if (!quote) throw new AppError('not_found', NOT_FOUND);
  return c.json({ success: true, quote });
});
