// Orders made from a stored quote (/quote and /complete-quote; storefront spec sections 3, 7): the
// quote's server-priced lines, made once per quote, with the confirmation e-mails in the same D1 batch.
import { waitUntil } from 'cloudflare:workers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { database } from '../lib/db';
import { idempotencyKeys, orders, quotes } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import type { OrderDto, PricedLineDto } from '../shared/orders-api';
import { admitCustomerEmail } from './email/customer-email-guard';
import { sendOutboxMessages } from './email/outbox';
import { photoKeyOrNone } from '../shared/photo-keys';
import { findOrder, newOrderReference, orderStatements, photoKeysOf, queuedIds, sizeSourceFields } from './orders';
import { withSampleFlags } from './sample-price-guard';
import { isUniqueViolation } from '../lib/d1-errors';
import { timingSafeEqualText } from '../lib/crypto';
import { estimateFor } from './delivery-estimate';

export interface QuoteCustomer {
  name: string;
  email: string;
  phone?: string | null;
}

const QUOTE_ID_PATTERN = /^CB-\d{6}$/;

/** A stored quote, when the id and its access key match; null otherwise (never saying which). */
export async function findQuoteWithKey(db: D1Database, quoteId: string, accessKey: string) {
  if (!QUOTE_ID_PATTERN.test(quoteId) || !accessKey) return null;
  const [row] = await database(db).select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  return row && timingSafeEqualText(row.accessKey, accessKey) ? row : null;
}

function logSendFailure(reference: string) {
  return (err: unknown) =>
    console.error(
      JSON.stringify({ level: 'error', message: 'order e-mails not sent now; the outbox cron retries', reference, error: String(err) }),
    );
}

/** Sends after the answer when called inside a request; elsewhere (a test, a script) the cron sends. */
function sendLater(env: Env, ids: readonly number[], reference: string) {
  if (ids.length === 0) return;
  try {
    waitUntil(sendOutboxMessages(env, ids).catch(logSendFailure(reference)));
  } catch {
    // No request to outlive: the messages are queued and the outbox cron sends them.
  }
}

export interface OrderFromQuoteOptions {
  /** The site's origin for the e-mails' order link; PUBLIC_BASE_URL when not given. */
  origin?: string | null;
  now?: Date;
}

/**
 * The order made from a stored quote (its server-priced lines) for /quote and /complete-quote:
 * made once per quote, with its confirmation e-mails in the same batch; a second call answers the
 * same order and queues nothing. Throws AppError('not_found') for an unknown quote or a wrong key,
 * AppError('validation_error') for missing name or e-mail.
 */
export async function orderFromQuote(
  env: Env,
  quoteId: string,
  accessKey: string,
  customer: QuoteCustomer,
  options: OrderFromQuoteOptions = {},
): Promise<OrderDto> {
  const now = options.now ?? new Date();
  const origin = options.origin ?? (env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || null);
  const db = env.DB;
  const quote = await findQuoteWithKey(db, quoteId, accessKey);
  if (!quote) throw new AppError('not_found', 'Quote Not Found. Please generate a new quote through the measurement tool.');
  const [existing] = await database(db)
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.quoteId, quote.id))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  if (existing) return (await findOrder(db, existing.reference))!;

  const name = customer.name?.trim();
  const email = customer.email?.trim();
  if (!name || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new AppError('validation_error', 'Please provide your name and email address to complete the purchase');
  }
  if (new Date(quote.validUntil).getTime() < now.getTime()) {
    throw new AppError('validation_error', `This quote expired on ${quote.validUntil.slice(0, 10)}. Please generate a new quote.`);
  }
  const lines = (await withSampleFlags(db, quote.lines as PricedLineDto[])).map((l) => ({ ...l, ...sizeSourceFields(l.size_source) }));
  const reference = newOrderReference();
  const d = database(db);
  // Past the customer-e-mail guard's limits the order is still made, without the customer's e-mail.
  const customerEmailAllowed = (await admitCustomerEmail(env, email, now)).allowed;
  // The quote's row guards against a double order: only the first update that claims it wins.
  const claim = `order:${reference}`;
  const { statements, emails } = orderStatements(
    env,
    reference,
    {
      customer: { name, email, phone: customer.phone?.trim() || null, address: null, instructions: `From quote ${quote.id}` },
      lines,
      clientTotalCents: null,
      quoteId: quote.id,
      // The quote's photo scans, as an order from the calculator carries them (still in R2 only).
      lineExtras: await photoKeysOf(
        env,
        lines.map((l) => ({ photo_key: photoKeyOrNone(l.photo_key) })),
      ),
      deliveryEstimate: await estimateFor(db, { productIds: lines.map((l) => l.product_type), method: 'courier', now }),
    },
    now.toISOString(),
    origin,
    customerEmailAllowed,
  );
  try {
    const results = await d.batch([
      d.insert(idempotencyKeys).values({ key: `quote-order:${quote.id}`, requestHash: claim, resourceId: reference }),
      ...statements,
      d
        .update(quotes)
        .set({ customerName: name, customerEmail: email, customerMobile: customer.phone?.trim() || quote.customerMobile })
        .where(and(eq(quotes.id, quote.id))),
      ...emails,
    ]);
    sendLater(env, queuedIds(results, emails.length), reference);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const [row] = await d
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `quote-order:${quote.id}`))
      .limit(1);
    if (!row) throw err;
    return (await findOrder(db, row.resourceId))!;
  }
  return (await findOrder(db, reference))!;
}

/** The orders made from these quotes, by quote id (for the stored-quote page). */
export async function ordersForQuotes(db: D1Database, quoteIds: readonly string[]): Promise<Map<string, string>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await database(db)
    .select({ quoteId: orders.quoteId, reference: orders.reference })
    .from(orders)
    .where(inArray(orders.quoteId, [...quoteIds]));
  return new Map(rows.map((r) => [r.quoteId!, r.reference]));
}
