// Free colour samples (storefront spec 'Free samples'): up to MAX_SAMPLES swatches, checked against
// the catalogue, become a sample order (orders.kind 'samples', total 0, payment 'not_required') that
// staff fulfil and track like any order, a lead naming the colours, the customer's confirmation and
// the business's notice, all in one D1 batch. The limits (one request per delivery address and per
// e-mail address in SAMPLE_PERIOD_DAYS, SAMPLE_DAILY_CAP a day shop-wide) are counted on
// sample_requests by one guarded INSERT that D1 runs alone: its order_reference is NULL, refused by
// NOT NULL, once a limit is reached, and the whole batch rolls back. So concurrent requests at the
// limit get one sample order and the others a 429 (the same pattern as services/bookings).
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Env } from '../env';
import { database } from '../lib/db';
import { AppError } from '../lib/errors';
import { businessProfile } from '../lib/business-profile';
import { orderLines, orders, sampleRequests } from '../db/schema';
import { phoneKey } from '../shared/contact-normal-form';
import { DAY_MS, formatLongDate, southAfricanDay } from '../shared/sa-time';
import { SAMPLE_DISPATCH_WORKING_DAYS } from '../shared/fulfilment';
import {
  addressLine,
  SAMPLE_DAILY_CAP,
  SAMPLE_PERIOD_DAYS,
  type SampleAddress,
  type sampleRequestSchema,
  type SampleRequestResponse,
} from '../shared/samples-api';
import type { z } from 'zod';
import type { ErrorIssue } from '../lib/errors';
import { productCatalogue } from './product-catalog';
import { coloursForProduct } from './catalog';
import { admitCustomerEmail, normaliseEmailAddress } from './email/customer-email-guard';
import { outboxInsert } from './email/outbox';
import { sampleRequestEmails } from './email/sample-emails';
import { leadStatements, type LeadSink } from './leads';
import { newOrderReference } from './orders';
import { auditStatement } from './staff/audit';
import { isUniqueViolation } from '../lib/d1-errors';

export type SampleRequestInput = z.output<typeof sampleRequestSchema>;

/** Street words customers abbreviate or not: one spelling for counting. */
const STREET_WORDS: Record<string, string> = {
  street: 'st',
  str: 'st',
  road: 'rd',
  avenue: 'ave',
  av: 'ave',
  drive: 'dr',
  crescent: 'cres',
  close: 'cl',
  lane: 'ln',
  place: 'pl',
  boulevard: 'blvd',
  unit: 'unit',
  flat: 'unit',
  apartment: 'unit',
  apt: 'unit',
  number: 'no',
};

/**
 * One delivery address, one key: the postal code and the street line without case, accents,
 * punctuation, spaces or the way street words are written ('12 Main Road' and '12 main rd.' at 6500
 * are one address). Town and suburb are left out: the postal code already places the street, and
 * customers spell towns in many ways. Used for counting, never for posting.
 */
export function sampleAddressKey(address: Pick<SampleAddress, 'street' | 'postalCode'>): string {
  const street = address.street
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => STREET_WORDS[w] ?? w)
    .join('');
  return `${address.postalCode.trim()}:${street}`;
}

interface ChosenSwatch {
  productId: string;
  productName: string;
  colour: string;
}

/** Each swatch's product and colour as the catalogue names them; a 400 naming every one that is not offered. */
async function chosenSwatches(db: D1Database, input: SampleRequestInput): Promise<ChosenSwatch[]> {
  const catalogue = await productCatalogue(db);
  const issues: ErrorIssue[] = [];
  const chosen: ChosenSwatch[] = [];
  const seen = new Set<string>();
  for (const [i, swatch] of input.swatches.entries()) {
    const path = `swatches.${i}`;
    const product = catalogue.byKey(swatch.productId);
    if (!product) {
      issues.push({
        path: `${path}.productId`,
        message: `Sample ${i + 1}: we do not offer '${swatch.productId}'. Choose a colour from our range.`,
      });
      continue;
    }
    const { colours } = await coloursForProduct(db, product.id);
    const wanted = swatch.colour.trim().replace(/\s+/g, ' ').toLowerCase();
    const colour = colours.find((c) => c.name.toLowerCase() === wanted)?.name;
    if (!colour) {
      issues.push({
        path: `${path}.colour`,
        message: `Sample ${i + 1}: ${product.name} does not come in '${swatch.colour}'. Choose one of its colours.`,
      });
      continue;
    }
    const key = `${product.id}:${colour.toLowerCase()}`;
    if (seen.has(key)) {
      issues.push({ path: `${path}.colour`, message: `Sample ${i + 1}: ${product.name} ${colour} is in your list twice. Remove one.` });
      continue;
    }
    seen.add(key);
    chosen.push({ productId: product.id, productName: product.name, colour });
  }
  if (issues.length > 0) {
    throw new AppError(
      'validation_error',
      issues
        .slice(0, 3)
        .map((i) => i.message)
        .join(' '),
      { issues },
    );
  }
  return chosen;
}

function contactWords(env: Env): string {
  const b = businessProfile(env);
  const phone = b.phoneNational ?? b.phoneGardenRoute;
  return (
    [phone && `call us on ${phone}`, b.whatsappNational && `WhatsApp us on ${b.whatsappNational}`, b.email && `e-mail ${b.email}`]
      .filter(Boolean)
      .join(' or ') || 'contact us'
  );
}

interface Keys {
  addressKey: string;
  emailKey: string;
  day: string;
  /** Requests after this instant count towards the per-address and per-e-mail limits. */
  since: string;
}

/** The 429 for the first limit the request is over, or null while it is inside them all. */
async function limitReached(env: Env, keys: Keys, now: Date): Promise<AppError | null> {
  const d = database(env.DB);
  const latest = async (column: typeof sampleRequests.addressKey | typeof sampleRequests.emailKey, key: string) =>
    (
      await d
        .select({ createdAt: sampleRequests.createdAt })
        .from(sampleRequests)
        .where(and(eq(column, key), gt(sampleRequests.createdAt, keys.since)))
        .orderBy(sql`${sampleRequests.createdAt} desc`)
        .limit(1)
    )[0]?.createdAt;
  const again = (at: string) => formatLongDate(new Date(Date.parse(at) + SAMPLE_PERIOD_DAYS * DAY_MS).toISOString());
  const byAddress = await latest(sampleRequests.addressKey, keys.addressKey);
  if (byAddress) {
    return new AppError(
      'rate_limited',
      `Free samples for this address were already asked for on ${formatLongDate(byAddress)}. You can ask again from ${again(byAddress)}, or ${contactWords(env)} if you need more colours now.`,
      { retryAfterSeconds: Math.max(60, Math.ceil((Date.parse(byAddress) + SAMPLE_PERIOD_DAYS * DAY_MS - now.getTime()) / 1000)) },
    );
  }
  const byEmail = await latest(sampleRequests.emailKey, keys.emailKey);
  if (byEmail) {
    return new AppError(
      'rate_limited',
      `This e-mail address already asked for free samples on ${formatLongDate(byEmail)}. You can ask again from ${again(byEmail)}, or ${contactWords(env)} if you need more colours now.`,
      { retryAfterSeconds: Math.max(60, Math.ceil((Date.parse(byEmail) + SAMPLE_PERIOD_DAYS * DAY_MS - now.getTime()) / 1000)) },
    );
  }
  const [today] = await d
    .select({ n: sql<number>`count(*)` })
    .from(sampleRequests)
    .where(eq(sampleRequests.day, keys.day));
  if ((today?.n ?? 0) >= SAMPLE_DAILY_CAP) {
    return new AppError(
      'rate_limited',
      `We cannot take more free sample requests today. Please try again tomorrow, or ${contactWords(env)} and we will send your samples.`,
    );
  }
  return null;
}

/** The reference while every limit holds at the moment D1 runs the INSERT, else NULL (see the file head). */
function referenceIfWithinLimits(reference: string, keys: Keys) {
  const recent = (column: typeof sampleRequests.addressKey | typeof sampleRequests.emailKey, key: string) =>
    sql`(SELECT count(*) FROM ${sampleRequests} WHERE ${column} = ${key} AND ${sampleRequests.createdAt} > ${keys.since})`;
  return sql`CASE WHEN ${recent(sampleRequests.addressKey, keys.addressKey)} = 0
    AND ${recent(sampleRequests.emailKey, keys.emailKey)} = 0
    AND (SELECT count(*) FROM ${sampleRequests} WHERE ${sampleRequests.day} = ${keys.day}) < ${SAMPLE_DAILY_CAP}
    THEN ${reference} END`;
}

function isLimitRefusal(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('NOT NULL constraint failed: sample_requests.order_reference');
}

/**
 * The daily retention run: a sample request's limit record is kept until its window ends (the
 * privacy notice's 'limiter records until their window ends'); the sample order itself is an order.
 */
export async function purgeSampleLimits(db: D1Database, now: Date): Promise<{ sampleLimitRecordsDeleted: number }> {
  const cutoff = new Date(now.getTime() - (SAMPLE_PERIOD_DAYS + 1) * DAY_MS).toISOString();
  const result = await database(db).delete(sampleRequests).where(lt(sampleRequests.createdAt, cutoff));
  return { sampleLimitRecordsDeleted: result.meta.changes };
}

export interface SampleOrderResult {
  response: SampleRequestResponse;
  /** The queued e-mails, to send after answering. */
  outboxIds: number[];
}

/** POST /api/samples: the sample order, its lead, its e-mails and its audit entry in one batch. */
export async function requestSamples(
  env: Env,
  input: SampleRequestInput,
  origin: string | null,
  now = new Date(),
): Promise<SampleOrderResult> {
  const db = env.DB;
  const swatches = await chosenSwatches(db, input);
  const keys: Keys = {
    addressKey: sampleAddressKey(input.address),
    emailKey: normaliseEmailAddress(input.email),
    day: southAfricanDay(now),
    since: new Date(now.getTime() - SAMPLE_PERIOD_DAYS * DAY_MS).toISOString(),
  };
  const refused = await limitReached(env, keys, now);
  if (refused) throw refused;
  // The confirmation is the request's whole point: past the customer-e-mail guard's limits it is refused.
  const verdict = await admitCustomerEmail(env, input.email, now);
  if (!verdict.allowed)
    throw new AppError(
      'rate_limited',
      `We cannot send more e-mails to ${input.email} today. Please ${contactWords(env)} for your samples.`,
    );

  const address = addressLine(input.address);
  const createdAt = now.toISOString();
  const d = database(db);
  const colourList = swatches.map((s) => `${s.productName}: ${s.colour}`).join('; ');
  for (let attempt = 0; attempt < 3; attempt++) {
    const reference = newOrderReference();
    const emails = sampleRequestEmails(
      env,
      { reference, name: input.name, email: input.email, phone: input.phone, address, createdAt, swatches },
      origin,
    );
    const messages = [emails.customer, ...(emails.business ? [emails.business] : [])];
    // The business hears of the request once, through the sample order's notice (no second lead notice).
    const sink: LeadSink = { db, notice: null };
    const lead = leadStatements(
      sink,
      {
        name: input.name,
        email: input.email,
        phone: input.phone,
        whatsapp: null,
        location: `${input.address.town}, ${input.address.province}`,
        source: 'samples',
        productInterest: [...new Set(swatches.map((s) => s.productName))].join(', ').slice(0, 200),
        sessionData: { samples: swatches, sampleOrderReference: reference },
        notes: `Free samples asked for (order ${reference}): ${colourList}`,
        popiaConsent: true,
      },
      now,
      reference,
    );
    const statements = [
      d.insert(orders).values({
        reference,
        kind: 'samples',
        customerName: input.name,
        customerEmail: input.email,
        customerPhone: input.phone,
        customerAddress: address,
        specialInstructions: null,
        subtotalCents: 0,
        vatCents: 0,
        totalCents: 0,
        clientTotalCents: null,
        quoteId: null,
        paymentStatus: 'not_required',
        createdAt,
        fulfilmentStatusAt: createdAt,
        customerPhoneKey: phoneKey(input.phone),
        leadId: lead.id,
      }),
      ...swatches.map((s, i) =>
        d.insert(orderLines).values({
          orderReference: reference,
          lineNo: i + 1,
          productId: s.productId,
          productName: s.productName,
          // A swatch has no size, controls or price list: zero and empty, never read as a blind.
          widthMm: 0,
          dropMm: 0,
          controlSide: '',
          mountType: '',
          colour: s.colour,
          quantity: 1,
          unitPriceCents: 0,
          totalCents: 0,
          priceListVersion: 0,
          priceIsSample: false,
          sizeSource: null,
        }),
      ),
      d.insert(sampleRequests).values({
        orderReference: referenceIfWithinLimits(reference, keys),
        addressKey: keys.addressKey,
        emailKey: keys.emailKey,
        day: keys.day,
        swatchCount: swatches.length,
        createdAt,
      }),
      lead.insert,
      ...(lead.note ? [lead.note] : []),
      lead.event,
      auditStatement(
        db,
        { actor: 'customer', action: 'samples.request', target: reference, details: { swatches: swatches.length, leadId: lead.id } },
        now,
      ),
      ...messages.map((m) => outboxInsert(db, m, now)),
    ];
    try {
      const results = await d.batch(statements as unknown as Parameters<typeof d.batch>[0]);
      const outboxIds = results.slice(results.length - messages.length).flatMap((rows) => (rows as { id: number }[]).map((r) => r.id));
      return {
        response: {
          success: true,
          reference,
          swatches,
          message: `Thank you. We will post your ${swatches.length} free sample${swatches.length === 1 ? '' : 's'} within ${SAMPLE_DISPATCH_WORKING_DAYS} working days; your reference is ${reference}.`,
        },
        outboxIds,
      };
    } catch (err) {
      if (isLimitRefusal(err))
        throw (
          (await limitReached(env, keys, now)) ??
          new AppError('rate_limited', `Free samples were just requested for this address. Please ${contactWords(env)} if you need more.`)
        );
      // A reference collision (vanishingly rare): draw another.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not draw a free order reference');
}
