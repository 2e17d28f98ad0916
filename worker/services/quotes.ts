// Stored quotes (storefront spec sections 2 '/quote-document', 7, 9; staff spec 2.1, 3): the server
// re-prices every line exactly like an order, stores the quote under the client's number when it
// is free (else the next free one), and writes the quote and its e-mails in one D1 batch, so a
// quote is never stored without its e-mails nor e-mailed without being stored.
import { inArray } from 'drizzle-orm';
import { database } from '../lib/db';
import type { z } from 'zod';
import { businessProfile } from '../lib/business-profile';
import { quotes } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { humanSeconds } from '../middleware/rate-limit';
import {
  admitCustomerEmail,
  CUSTOMER_EMAIL_DAILY_CAP,
  CUSTOMER_EMAIL_RECIPIENT_LIMIT,
  normaliseEmailAddress,
} from './email/customer-email-guard';
import {
  QUOTE_VALID_DAYS,
  type emailQuoteSchema,
  type PricedLineDto,
  type quoteInternalSchema,
  type StoredQuoteDto,
} from '../shared/orders-api';
import { email as emailSchema } from '../shared/schemas';
import { outboxInsert, type OutgoingEmail } from './email/outbox';
import {
  NOT_PROVIDED,
  quoteBusinessCopyEmail,
  quoteCustomerEmail,
  quoteSavedEmail,
  WALK_IN_CUSTOMER,
  type QuoteForEmail,
} from './email/quote-emails';
import { findQuoteWithKey, ordersForQuotes } from './order-from-quote';
import { photoKeyOrNone } from '../shared/photo-keys';
import { fitGuaranteeFields, photoKeysOf, priceBlinds, sizeSourceFields, totalsOf, type BlindLineInput } from './orders';
import { vatInside } from '../shared/money';
import { endOfSouthAfricanDayAfter } from '../shared/sa-time';
import { sizesToConfirm } from '../shared/size-sources';
import { isUniqueViolation } from '../lib/d1-errors';
import { hasSamplePrices } from '../shared/sample-prices';
import { refusesCardPayment, withSampleFlags } from './sample-price-guard';

export type EmailQuoteInput = z.output<typeof emailQuoteSchema>;
export type QuoteInternalInput = z.output<typeof quoteInternalSchema>;

const QUOTE_NUMBERS = 1_000_000;
/** How many numbers after a taken one are looked up at once. */
const NUMBER_WINDOW = 20;
const ACCESS_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ACCESS_KEY_LENGTH = 24;

export function quoteNumber(n: number): string {
  return `CB-${String(((n % QUOTE_NUMBERS) + QUOTE_NUMBERS) % QUOTE_NUMBERS).padStart(6, '0')}`;
}

/** 24 characters of 62 (~143 bits): the quote's link is unguessable though its number is not. */
export function newAccessKey(): string {
  let out = '';
  while (out.length < ACCESS_KEY_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(ACCESS_KEY_LENGTH * 2))) {
      // Rejection sampling keeps every character equally likely (248 = 4 x 62).
      if (b >= 248) continue;
      out += ACCESS_KEY_ALPHABET[b % ACCESS_KEY_ALPHABET.length];
      if (out.length === ACCESS_KEY_LENGTH) break;
    }
  }
  return out;
}

/** The end (23:59:59.999 in South Africa) of the day QUOTE_VALID_DAYS after `from`. */
export function quoteValidUntil(from: Date): string {
  return endOfSouthAfricanDayAfter(from, QUOTE_VALID_DAYS);
}

interface NewQuote {
  origin: 'email' | 'internal';
  requestedId: string;
  blinds: readonly BlindLineInput[];
  customer: QuoteForEmail['customer'];
  /** The messages to queue with the quote, made once its number and key are known. */
  emails: (quote: QuoteForEmail) => (OutgoingEmail | null)[];
}

export interface SavedQuote {
  quoteId: string;
  accessKey: string;
  totalCents: number;
  validUntil: string;
  /** Outbox ids of the queued e-mails, to send right away. */
  outboxIds: number[];
}

async function storeQuote(env: Env, input: NewQuote, now: Date): Promise<SavedQuote> {
  const db = env.DB;
  // A line measured from a photo keeps the photo's key (when the photo is in R2), so the quote says
  // the line will be covered by the fit guarantee once confirmed, and an order from it keeps the photo.
  const photos = await photoKeysOf(env, input.blinds);
  const lines = (await priceBlinds(db, input.blinds)).map((l) => {
    const photoKey = photos.get(l.line_no)?.photoKey;
    return { ...l, ...(photoKey ? { photo_key: photoKey } : {}), ...fitGuaranteeFields(l.size_source, !!photoKey, false) };
  });
  const totals = totalsOf(lines);
  const totalQuantity = lines.reduce((n, l) => n + l.quantity, 0);
  const quoteDate = now.toISOString();
  const validUntil = quoteValidUntil(now);
  const accessKey = newAccessKey();
  const d = database(db);

  let next = Number(input.requestedId.slice(3));
  for (let round = 0; round < 10; round++) {
    const window = Array.from({ length: NUMBER_WINDOW }, (_, i) => quoteNumber(next + i));
    const taken = new Set((await d.select({ id: quotes.id }).from(quotes).where(inArray(quotes.id, window))).map((r) => r.id));
    const id = window.find((candidate) => !taken.has(candidate));
    if (!id) {
      next += NUMBER_WINDOW;
      continue;
    }
    const quote: QuoteForEmail = { id, accessKey, quoteDate, validUntil, customer: input.customer, lines, totals, totalQuantity };
    const emails = input.emails(quote).filter((m): m is OutgoingEmail => m !== null);
    try {
      const [, ...queued] = await d.batch([
        d.insert(quotes).values({
          id,
          quoteDate,
          validUntil,
          customerName: input.customer.name,
          customerEmail: input.customer.email,
          customerMobile: input.customer.mobile,
          lines,
          totalCents: totals.totalCents,
          totalQuantity,
          origin: input.origin,
          accessKey,
          createdAt: quoteDate,
        }),
        ...emails.map((m) => outboxInsert(db, m, now)),
      ]);
      return {
        quoteId: id,
        accessKey,
        totalCents: totals.totalCents,
        validUntil,
        outboxIds: queued.flatMap((rows) => (rows as { id: number }[]).map((r) => r.id)),
      };
    } catch (err) {
      // Taken in the meantime (or an old e-mail of that number is in the outbox): try the next one.
      if (!isUniqueViolation(err)) throw err;
      next = Number(id.slice(3)) + 1;
    }
  }
  throw new Error(`no free quote number after ${input.requestedId}`);
}

/** The guard's limits, under the names the quote form's tests and callers know them by. */
export const QUOTE_RECIPIENT_LIMIT = CUSTOMER_EMAIL_RECIPIENT_LIMIT;
export const QUOTE_EMAIL_DAILY_CAP = CUSTOMER_EMAIL_DAILY_CAP;
export { normaliseEmailAddress };

/**
 * The limits of POST /api/email/quote beyond the per-client one: the customer-e-mail guard's (ten a
 * day to one mailbox however its address is spelt, CUSTOMER_EMAIL_DAILY_CAP a day in all, shared
 * with order confirmations). Over either the quote is refused with a 429 (the e-mail is its whole
 * point); past the daily cap the customer is asked to call or WhatsApp instead.
 */
export async function limitQuoteEmails(env: Env, recipient: string, now = new Date()): Promise<void> {
  const verdict = await admitCustomerEmail(env, recipient, now);
  if (verdict.allowed) return;
  const details = verdict.retryAfterSeconds === undefined ? undefined : { retryAfterSeconds: verdict.retryAfterSeconds };
  if (verdict.reason === 'recipient') {
    throw new AppError(
      'rate_limited',
      `${recipient} has been sent several quotes already. Please wait ${humanSeconds(verdict.retryAfterSeconds ?? 86_400)} and try again.`,
      details,
    );
  }
  const b = businessProfile(env);
  const phone = b.phoneNational ?? b.phoneGardenRoute;
  const contact =
    [phone && `call us on ${phone}`, b.whatsappNational && `WhatsApp us on ${b.whatsappNational}`].filter(Boolean).join(' or ') ||
    'call or WhatsApp us';
  throw new AppError(
    'rate_limited',
    `We cannot e-mail any more quotes today. Please ${contact} and we will help you with your quote.`,
    details,
  );
}

/** POST /api/email/quote: stores the quote and queues it to the recipient (and a copy to the business). */
export async function saveEmailedQuote(env: Env, input: EmailQuoteInput, origin: string, now = new Date()): Promise<SavedQuote> {
  return storeQuote(
    env,
    {
      origin: 'email',
      requestedId: input.quote_id,
      blinds: input.blinds,
      customer: { name: input.recipient_name, email: input.recipient_email, mobile: input.recipient_mobile },
      emails: (quote) => [
        quoteCustomerEmail(env, quote, origin, input.recipient_email),
        input.send_copy_to_business ? quoteBusinessCopyEmail(env, quote, origin) : null,
      ],
    },
    now,
  );
}

const isPlaceholder = (value: string) => value === '' || value.toLowerCase() === NOT_PROVIDED.toLowerCase();

/**
 * POST /api/email/quote-internal: stores the quote and tells the business. Missing details are the
 * spec's placeholders in the message; the quote stores them as unknown (null), not as text.
 */
/** `via: 'mcp'` when an AI shopping agent started the quote (the business's e-mail says so). */
export async function saveInternalQuote(
  env: Env,
  input: QuoteInternalInput,
  origin: string,
  now = new Date(),
  via?: 'mcp',
): Promise<SavedQuote> {
  const name = input.customer_name.trim();
  let email: string | null = null;
  if (!isPlaceholder(input.customer_email.trim())) {
    const checked = emailSchema.safeParse(input.customer_email);
    if (!checked.success) {
      throw new AppError('validation_error', 'customer_email: must be a valid email address (or leave it empty)', {
        issues: [{ path: 'customer_email', message: 'must be a valid email address (or leave it empty)' }],
      });
    }
    email = checked.data;
  }
  const mobile = input.customer_mobile.trim();
  const customer = {
    name: name && name.toLowerCase() !== WALK_IN_CUSTOMER.toLowerCase() ? name : WALK_IN_CUSTOMER,
    email,
    mobile: isPlaceholder(mobile) ? null : mobile,
  };
  if (!env.BUSINESS_EMAIL?.trim()) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: "BUSINESS_EMAIL is not set: the 'Quote saved' e-mail is not sent",
        requestedId: input.quote_id,
      }),
    );
  }
  return storeQuote(
    env,
    {
      origin: 'internal',
      requestedId: input.quote_id,
      blinds: input.blinds,
      customer,
      emails: (quote) => [quoteSavedEmail(env, quote, origin, via)],
    },
    now,
  );
}

/**
 * GET /api/quotes/{id}?key=: the quote when the number and its key match, else null (the caller
 * answers 404 either way, never telling whether the number exists).
 */
export async function findStoredQuote(
  env: Pick<Env, 'DB' | 'APP_ENV'>,
  quoteId: string,
  accessKey: string,
): Promise<StoredQuoteDto | null> {
  const db = env.DB;
  const row = await findQuoteWithKey(db, quoteId, accessKey);
  if (!row) return null;
  const lines = await withSampleFlags(db, row.lines as PricedLineDto[]);
  const orderReference = (await ordersForQuotes(db, [row.id])).get(row.id) ?? null;
  const vatCents = vatInside(row.totalCents);
  // Quotes stored before size sources were recorded read back with size_source null.
  const blinds = lines.map((l) => ({
    ...l,
    ...sizeSourceFields(l.size_source),
    ...fitGuaranteeFields(l.size_source, photoKeyOrNone(l.photo_key) !== undefined, false),
  }));
  return {
    quote_id: row.id,
    quote_date: row.quoteDate,
    valid_until: row.validUntil,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_mobile: row.customerMobile,
    blinds,
    subtotal: (row.totalCents - vatCents) / 100,
    vat: vatCents / 100,
    total_amount: row.totalCents / 100,
    total_quantity: row.totalQuantity,
    sizes_to_confirm: sizesToConfirm(blinds),
    order_reference: orderReference,
    sample_prices: hasSamplePrices(lines),
    card_payment_refused: refusesCardPayment(env, lines),
  };
}
