import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { publicOrigin } from '../lib/origin';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { sendOutboxMessages } from '../services/email/outbox';
import { limitQuoteEmails, saveEmailedQuote, saveInternalQuote, type SavedQuote } from '../services/quotes';
import { emailQuoteSchema, quoteInternalSchema, type QuoteSavedResponse } from '../shared/orders-api';
import { trackEvent } from './analytics';

function answer(saved: SavedQuote, requestedId: string, message: string): QuoteSavedResponse {
  const moved = saved.quoteId === requestedId ? '' : ` Quote number ${requestedId} was already taken, so this quote is ${saved.quoteId}.`;
  return {
    success: true,
    quote_id: saved.quoteId,
    access_key: saved.accessKey,
    total_amount: saved.totalCents / 100,
    valid_until: saved.validUntil,
    message: message + moved,
  };
}

/**
 * Quote e-mails (storefront spec section 7). Both store the server-priced quote, then send its
 * e-mails after answering (the outbox cron retries any that fail). The recipient is anyone's
 * address, so /quote is limited harder than the business-only /quote-internal.
 */
export const emailRoutes = new Hono<AppBindings>()
  .post(
    '/quote',
    rateLimit({ name: 'email-quote', limit: 10, windowSeconds: 600 }),
    jsonBody(128 * 1024),
    validate('json', emailQuoteSchema),
    async (c) => {
      const input = c.req.valid('json');
      // Per mailbox and per day in all too, so the form cannot flood an inbox or send spam in our name.
      await limitQuoteEmails(c.env, input.recipient_email);
      const saved = await saveEmailedQuote(c.env, input, publicOrigin(c.env, c.req.url));
      trackEvent(c, {
        kind: 'quote',
        refId: saved.quoteId,
        valueCents: saved.totalCents,
        productId: input.blinds[0]?.product_type,
        data: { products: input.blinds.map((b) => b.product_type) },
      });
      c.executionCtx.waitUntil(
        sendOutboxMessages(c.env, saved.outboxIds).catch((err) =>
          console.error(JSON.stringify({ level: 'error', message: 'quote e-mails not sent now', error: String(err) })),
        ),
      );
      return c.json(answer(saved, input.quote_id, `Quote ${saved.quoteId} is saved and on its way to ${input.recipient_email}.`), 201);
    },
  )
  .post(
    '/quote-internal',
    rateLimit({ name: 'email-quote-internal', limit: 30, windowSeconds: 600 }),
    jsonBody(128 * 1024),
    validate('json', quoteInternalSchema),
    async (c) => {
      const input = c.req.valid('json');
      const saved = await saveInternalQuote(c.env, input, publicOrigin(c.env, c.req.url));
      trackEvent(c, {
        kind: 'quote',
        refId: saved.quoteId,
        valueCents: saved.totalCents,
        productId: input.blinds[0]?.product_type,
        data: { products: input.blinds.map((b) => b.product_type), internal: true },
      });
      c.executionCtx.waitUntil(
        sendOutboxMessages(c.env, saved.outboxIds).catch((err) =>
          console.error(JSON.stringify({ level: 'error', message: "'Quote saved' e-mail not sent now", error: String(err) })),
        ),
      );
      return c.json(answer(saved, input.quote_id, `Quote ${saved.quoteId} is saved for the business.`), 201);
    },
  );
