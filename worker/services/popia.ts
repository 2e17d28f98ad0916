// POPIA tools of the leads page (issue 10): everything held about the person behind a lead, matched by
// the lead's e-mail and phone/WhatsApp digits, exported as one JSON document or deleted. Orders stay
// only as far as the law requires (SARS: reference, lines, totals, dates, payment rows), their
// personal fields blanked.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { customerDetails, emailOutbox, leads, orderLines, orders, payments, quotes } from '../db/schema';
import type { Env } from '../env';
import { chunks, selectInSlices } from '../lib/chunks';
import { AppError } from '../lib/errors';
import { phoneDigits, type PersonalDataDeletion } from '../shared/leads-api';
import { chatSessionIdSchema } from '../shared/schemas';
import { auditStatement } from './audit';
import { leadNotificationKey } from './email/lead-emails';
import { leadDto } from './lead-admin';
import { PHOTO_PREFIXES } from './retention';

export const DELETED_NAME = 'Deleted on request';

interface Person {
  leadId: string;
  emails: string[];
  /** Digit strings as they may be stored: national (082...) and international (2782...). */
  phones: string[];
}

/** Digits only, as stored numbers are compared: spaces, dashes, dots, brackets and '+' removed. */
const digitsOf = (col: SQLiteColumn) =>
  sql`replace(replace(replace(replace(replace(replace(${col}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')`;

function phoneVariants(raw: string | null): string[] {
  const national = phoneDigits(raw);
  if (!national) return [];
  return national.startsWith('0') && national.length === 10 ? [national, `27${national.slice(1)}`] : [national];
}

function matches(person: Person, emailCols: SQLiteColumn[], phoneCols: SQLiteColumn[]): SQL {
  const conds: SQL[] = [];
  if (person.emails.length) for (const col of emailCols) conds.push(inArray(sql`lower(${col})`, person.emails));
  if (person.phones.length) for (const col of phoneCols) conds.push(inArray(digitsOf(col), person.phones));
  return or(...conds) ?? sql`0`;
}

/**
 * The person's identifiers: the lead's e-mail and phone/WhatsApp digits, widened by the other leads
 * they match (the same person on the form and in the chat), a few rounds at most.
 */
async function personOf(db: D1Database, leadId: string): Promise<Person> {
  const d = drizzle(db);
  const [lead] = await d.select().from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!lead) throw new AppError('not_found', `There is no lead with id ${leadId}.`);
  const emails = new Set<string>();
  const phones = new Set<string>();
  const add = (row: typeof lead) => {
    const email = row.email?.trim().toLowerCase();
    if (email) emails.add(email);
    for (const p of [...phoneVariants(row.phone), ...phoneVariants(row.whatsapp)]) phones.add(p);
  };
  add(lead);
  for (let round = 0; round < 3; round++) {
    const before = emails.size + phones.size;
    const person: Person = { leadId, emails: [...emails], phones: [...phones] };
    for (const row of await d.select().from(leads).where(matches(person, [leads.email], [leads.phone, leads.whatsapp]))) add(row);
    if (emails.size + phones.size === before) break;
  }
  return { leadId, emails: [...emails], phones: [...phones] };
}

/** The D1 rows that belong to the person (the lead itself always does). */
async function heldRows(db: D1Database, person: Person) {
  const d = drizzle(db);
  const leadRows = await d
    .select()
    .from(leads)
    .where(or(eq(leads.id, person.leadId), matches(person, [leads.email], [leads.phone, leads.whatsapp])));
  const detailRows = await d.select().from(customerDetails).where(matches(person, [customerDetails.email], [customerDetails.whatsapp]));
  const quoteRows = await d.select().from(quotes).where(matches(person, [quotes.customerEmail], [quotes.customerMobile]));
  const orderRows = await d.select().from(orders).where(matches(person, [orders.customerEmail], [orders.customerPhone]));
  const refs = orderRows.map((o) => o.reference);
  const lineRows = await selectInSlices(refs, (slice) => d.select().from(orderLines).where(inArray(orderLines.orderReference, slice)));
  const paymentRows = await selectInSlices(refs, (slice) => d.select().from(payments).where(inArray(payments.orderReference, slice)));
  // Messages to them, and the business's copies about their lead, orders and quotes.
  const aboutKeys = [
    ...leadRows.map((l) => eq(emailOutbox.dedupeKey, leadNotificationKey(l.id))),
    ...refs.map((ref) => sql`${emailOutbox.dedupeKey} LIKE ${`order-confirmation:${ref}:%`}`),
    ...quoteRows.map((q) => sql`${emailOutbox.dedupeKey} LIKE ${`quote:${q.id}:%`}`),
  ];
  const byId = new Map<number, typeof emailOutbox.$inferSelect>();
  for (const row of await d.select().from(emailOutbox).where(matches(person, [emailOutbox.toAddress], []))) byId.set(row.id, row);
  for (const row of await selectInSlices(aboutKeys, (slice) => d.select().from(emailOutbox).where(or(...slice)))) byId.set(row.id, row);
  const emailRows = [...byId.values()].sort((a, b) => a.id - b.id);
  const sessionIds = [
    ...new Set(
      [...leadRows.map((l) => l.sessionData?.sessionId), ...detailRows.map((c) => c.sessionId)].filter(
        (id): id is string => typeof id === 'string' && /^[\w-]{1,100}$/.test(id),
      ),
    ),
  ];
  return { leadRows, detailRows, quoteRows, orderRows, lineRows, paymentRows, emailRows, sessionIds };
}

function chatStub(env: Env, sessionId: string) {
  return env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
}

const isChatSessionId = (id: string) => chatSessionIdSchema.safeParse(id).success;

async function photosOf(bucket: R2Bucket, sessionIds: string[]) {
  const photos: { key: string; size: number; uploaded: string }[] = [];
  for (const sessionId of sessionIds) {
    for (const prefix of PHOTO_PREFIXES) {
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix: `${prefix}${sessionId}/`, cursor });
        photos.push(...page.objects.map((o) => ({ key: o.key, size: o.size, uploaded: o.uploaded.toISOString() })));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
  }
  return photos;
}

/** GET /api/leads/{id}/personal-data: one JSON document of everything held about the person. */
export async function exportPersonalData(env: Env, leadId: string, now = new Date()) {
  const person = await personOf(env.DB, leadId);
  const rows = await heldRows(env.DB, person);
  const chatSessions = await Promise.all(
    rows.sessionIds.filter(isChatSessionId).map(async (sessionId) => ({ sessionId, messages: await chatStub(env, sessionId).history() })),
  );
  return {
    exportedAt: now.toISOString(),
    matchedBy: { leadId, emails: person.emails, phones: person.phones },
    leads: rows.leadRows.map(leadDto),
    customerDetails: rows.detailRows,
    // The quote's link secret is ours, not their data.
    quotes: rows.quoteRows.map(({ accessKey: _secret, ...quote }) => quote),
    orders: rows.orderRows.map((order) => ({
      ...order,
      lines: rows.lineRows.filter((l) => l.orderReference === order.reference),
      payments: rows.paymentRows.filter((p) => p.orderReference === order.reference),
    })),
    emails: rows.emailRows.map((e) => ({ id: e.id, kind: e.kind, to: e.toAddress, subject: e.subject, status: e.status, createdAt: e.createdAt, sentAt: e.sentAt, text: e.text })),
    chatSessions,
    photos: await photosOf(env.MEDIA, rows.sessionIds),
  };
}
export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;

/**
 * DELETE /api/leads/{id}/personal-data. Chat transcripts and photos go first (their session ids are
 * read from the leads), then every D1 change and the 'popia.delete' audit entry in one batch.
 */
export async function deletePersonalData(env: Env, leadId: string, actor: string, now = new Date()): Promise<PersonalDataDeletion> {
  const db = env.DB;
  const d = drizzle(db);
  const person = await personOf(db, leadId);
  const rows = await heldRows(db, person);

  const chatSessions = rows.sessionIds.filter(isChatSessionId);
  for (const sessionId of chatSessions) await chatStub(env, sessionId).forget();
  const photos = await photosOf(env.MEDIA, rows.sessionIds);
  for (let i = 0; i < photos.length; i += 1000) await env.MEDIA.delete(photos.slice(i, i + 1000).map((p) => p.key));

  const refs = rows.orderRows.map((o) => o.reference);
  const orderedQuoteIds = new Set(rows.orderRows.map((o) => o.quoteId).filter(Boolean));
  // A quote an order was made from (by anyone) stays, blanked: the order refers to it.
  const quoteIds = rows.quoteRows.map((q) => q.id);
  const quotesWithOrders = new Set([
    ...(await selectInSlices(quoteIds, (slice) => d.select({ id: orders.quoteId }).from(orders).where(inArray(orders.quoteId, slice)))).map((r) => r.id),
    ...orderedQuoteIds,
  ]);
  const deleteQuotes = quoteIds.filter((id) => !quotesWithOrders.has(id));
  const blankQuotes = quoteIds.filter((id) => quotesWithOrders.has(id));
  const emailIds = rows.emailRows.map((e) => e.id);

  const counts: PersonalDataDeletion = {
    leads: rows.leadRows.length,
    customerDetails: rows.detailRows.length,
    quotesDeleted: deleteQuotes.length,
    quotesBlanked: blankQuotes.length,
    ordersBlanked: refs.length,
    emailsBlanked: emailIds.length,
    chatSessions: chatSessions.length,
    photos: photos.length,
  };
  // One batch, every id list in slices (D1's 100-parameter limit): all of it happens or none of it.
  const statements = [
    ...chunks(rows.leadRows.map((l) => l.id)).map((ids) => d.delete(leads).where(inArray(leads.id, ids))),
    ...chunks(rows.detailRows.map((c) => c.id)).map((ids) => d.delete(customerDetails).where(inArray(customerDetails.id, ids))),
    ...chunks(deleteQuotes).map((ids) => d.delete(quotes).where(inArray(quotes.id, ids))),
    ...chunks(blankQuotes).map((ids) => d.update(quotes).set({ customerName: DELETED_NAME, customerEmail: null, customerMobile: null }).where(inArray(quotes.id, ids))),
    ...chunks(refs).flatMap((slice) => [
      d
        .update(orders)
        .set({ customerName: DELETED_NAME, customerEmail: '', customerPhone: null, customerAddress: null, specialInstructions: null })
        .where(inArray(orders.reference, slice)),
      // The provider's raw notification may carry the payer's name and address; amount, status and dates stay.
      d.update(payments).set({ raw: null }).where(inArray(payments.orderReference, slice)),
    ]),
    ...chunks(emailIds).flatMap((ids) => [
      // A message not yet sent must not go out any more.
      d.update(emailOutbox).set({ status: 'failed', lastError: 'Deleted on request (POPIA)' }).where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending'))),
      d.update(emailOutbox).set({ toAddress: '', toName: null, replyTo: null, subject: DELETED_NAME, html: '', text: '' }).where(inArray(emailOutbox.id, ids)),
    ]),
  ];
  await d.batch([...statements, auditStatement(db, { actor, action: 'popia.delete', target: leadId, details: { ...counts } }, now)] as unknown as Parameters<typeof d.batch>[0]);
  return counts;
}
