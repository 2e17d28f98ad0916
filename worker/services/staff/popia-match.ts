// Which records a data request (POPIA) covers: the identifier staff verified with the person, in
// normal form (shared/contact-normal-form.ts), and every record that carries it, each with the field
// that matched. The preview, approval, export and deletion built on this list are in popia.ts.
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { database } from '../../lib/db';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  customerDetails,
  emailOutbox,
  invoices,
  leads,
  orderLines,
  orders,
  payments,
  quotes,
  siteVisits,
  visitBookings,
} from '../../db/schema';
import type { Env } from '../../env';
import { selectInSlices } from '../../lib/chunks';
import { sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { addressOf, normalEmail, normalPhone } from '../../shared/contact-normal-form';
import type { MatchedRecord, VerifiedBy } from '../../shared/popia-api';
import { PHOTO_RETENTION_DAYS } from '../../shared/retention-schedule';
import { chatSessionIdSchema } from '../../shared/schemas';
import { leadNotificationKey } from '../email/lead-emails';

export interface Identifier {
  type: VerifiedBy;
  /** In its normal form. */
  value: string;
}

const normalOf = (type: VerifiedBy, raw: string | null | undefined) => (type === 'email' ? normalEmail(raw) : normalPhone(raw));

/**
 * A SQL pre-filter that keeps every row whose column could normalise to the identifier (a superset:
 * the exact comparison is normalOf in JS). A phone number's digits in order, anything between them.
 */
function mayCarry(id: Identifier, cols: SQLiteColumn[]): SQL {
  const pattern = `%${id.value
    .replace(/\D/g, '')
    .replace(/^27(?=\d{9}$)/, '')
    .split('')
    .join('%')}%`;
  const conds = cols.map((col) => (id.type === 'email' ? sql`instr(lower(${col}), ${id.value}) > 0` : sql`${col} LIKE ${pattern}`));
  return or(...conds) ?? sql`0`;
}

/** The name of the first field whose value is the identifier in normal form, or null. */
function fieldCarrying(id: Identifier, fields: Record<string, string | null | undefined>): string | null {
  for (const [name, raw] of Object.entries(fields)) if (normalOf(id.type, raw) === id.value) return name;
  return null;
}

/** The business's own e-mail addresses and numbers (config): never the identifier of a customer's request. */
export function businessIdentifiers(env: Env): { emails: Set<string>; phones: Set<string> } {
  const emails = new Set([env.BUSINESS_EMAIL, env.MARKETING_EMAIL, env.EMAIL_FROM].map(addressOf).filter((v): v is string => v !== null));
  const phones = new Set(
    [env.BUSINESS_PHONE_GARDEN_ROUTE, env.BUSINESS_PHONE_NATIONAL, env.BUSINESS_WHATSAPP_GARDEN_ROUTE, env.BUSINESS_WHATSAPP_NATIONAL]
      .map(normalPhone)
      .filter((v): v is string => v !== null),
  );
  return { emails, phones };
}

/**
 * The identifier of a request as staff verified it with the person: in normal form and not the
 * business's own. A request found from the staff area by e-mail or phone starts here.
 */
export function requestIdentifier(env: Env, verifiedBy: VerifiedBy, raw: string): Identifier {
  const value = normalOf(verifiedBy, raw);
  const what = verifiedBy === 'email' ? 'e-mail address' : 'phone number';
  const article = verifiedBy === 'email' ? 'an' : 'a';
  if (!value)
    throw new AppError('validation_error', `That is not ${article} ${what}.`, {
      issues: [{ path: 'value', message: `must be ${article} ${what}` }],
    });
  const own = businessIdentifiers(env);
  if ((verifiedBy === 'email' ? own.emails : own.phones).has(value)) {
    throw new AppError(
      'validation_error',
      `That is the business's own ${what}: a data request covers a customer's own address or number, never the shop's.`,
      {
        issues: [{ path: 'value', message: `is the business's own ${what}` }],
      },
    );
  }
  return { type: verifiedBy, value };
}

/**
 * The identifier of a request started from a lead row: as requestIdentifier, and on that lead (staff
 * confirm one of the lead's own contact details with the person).
 */
export async function verifiedIdentifier(env: Env, leadId: string, verifiedBy: VerifiedBy, raw: string): Promise<Identifier> {
  const [lead] = await database(env.DB).select().from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!lead) throw new AppError('not_found', `There is no lead with id ${leadId}.`);
  const identifier = requestIdentifier(env, verifiedBy, raw);
  const what = verifiedBy === 'email' ? 'e-mail address' : 'phone number';
  const onLead =
    verifiedBy === 'email'
      ? fieldCarrying(identifier, { email: lead.email })
      : fieldCarrying(identifier, { phone: lead.phone, whatsapp: lead.whatsapp });
  if (!onLead) {
    throw new AppError(
      'validation_error',
      `This lead does not carry that ${what}. Choose the lead's ${what} that you confirmed with the person.`,
      {
        issues: [{ path: 'value', message: `is not this lead's ${what}` }],
      },
    );
  }
  return identifier;
}

/**
 * The chat session a lead was left in, only when the server itself attached it: a chat lead, whose
 * session id services/leads.ts put into sessionData (the public lead form cannot set source 'chat').
 * A session id on a form lead was sent by a browser and may name anyone's chat: never followed.
 */
export function serverChatSessionId(row: Pick<typeof leads.$inferSelect, 'source' | 'sessionData'>): string | null {
  const sid = row.sessionData?.sessionId;
  return row.source === 'chat' && typeof sid === 'string' && chatSessionIdSchema.safeParse(sid).success ? sid : null;
}

/** The records that carry the identifier, each with the field that matched, and what was left out. */
export async function matchedRows(env: Env, id: Identifier) {
  const d = database(env.DB);
  const email = id.type === 'email';
  const tagged = <R>(rows: R[], fields: (row: R) => Record<string, string | null | undefined>) =>
    rows.flatMap((row) => {
      const field = fieldCarrying(id, fields(row));
      return field ? [{ row, field }] : [];
    });

  const leadRows = tagged(
    await d
      .select()
      .from(leads)
      .where(mayCarry(id, email ? [leads.email] : [leads.phone, leads.whatsapp])),
    (l) => (email ? { email: l.email } : { phone: l.phone, whatsapp: l.whatsapp }),
  );
  const detailRows = tagged(
    await d
      .select()
      .from(customerDetails)
      .where(mayCarry(id, email ? [customerDetails.email] : [customerDetails.whatsapp])),
    (c) => (email ? { email: c.email } : { whatsapp: c.whatsapp }),
  );
  const quoteRows = tagged(
    await d
      .select()
      .from(quotes)
      .where(mayCarry(id, email ? [quotes.customerEmail] : [quotes.customerMobile])),
    (q) => (email ? { customerEmail: q.customerEmail } : { customerMobile: q.customerMobile }),
  );
  const orderRows = tagged(
    await d
      .select()
      .from(orders)
      .where(mayCarry(id, email ? [orders.customerEmail] : [orders.customerPhone])),
    (o) => (email ? { customerEmail: o.customerEmail } : { customerPhone: o.customerPhone }),
  );
  // Site visits carry the client's mobile number (no e-mail address): matched by phone only. Deleted
  // visits are included until the retention job purges them, since their fields still hold the details.
  const visitRows = email
    ? []
    : tagged(
        await d
          .select()
          .from(siteVisits)
          .where(mayCarry(id, [siteVisits.mobile])),
        (v) => ({ mobile: v.mobile }),
      );
  // Site visits booked online carry both the e-mail address and the phone number the customer typed.
  const bookingRows = tagged(
    await d
      .select()
      .from(visitBookings)
      .where(mayCarry(id, email ? [visitBookings.email] : [visitBookings.phone])),
    (b) => (email ? { email: b.email } : { phone: b.phone }),
  );
  const refs = orderRows.map((o) => o.row.reference);
  const lineRows = await selectInSlices(refs, (slice) => d.select().from(orderLines).where(inArray(orderLines.orderReference, slice)));
  const paymentRows = await selectInSlices(refs, (slice) => d.select().from(payments).where(inArray(payments.orderReference, slice)));
  // The tax invoices and credit notes of those orders: exported; kept as issued on deletion (VAT Act, five years).
  const invoiceRows = await selectInSlices(refs, (slice) => d.select().from(invoices).where(inArray(invoices.orderReference, slice)));

  // E-mails: those addressed to (or replying to) the verified address, and the messages about a
  // matched lead, order or quote (the business's copy holds that record's details, nobody else's).
  const emailRows = new Map<number, { row: typeof emailOutbox.$inferSelect; field: string }>();
  if (email) {
    for (const t of tagged(
      await d
        .select()
        .from(emailOutbox)
        .where(mayCarry(id, [emailOutbox.toAddress, emailOutbox.replyTo])),
      (e) => ({ toAddress: e.toAddress, replyTo: e.replyTo }),
    )) {
      emailRows.set(t.row.id, t);
    }
  }
  const about: [SQL, (key: string) => string | null][] = [
    ...leadRows.map((l): [SQL, (key: string) => string | null] => [
      eq(emailOutbox.dedupeKey, leadNotificationKey(l.row.id)),
      (k) => (k === leadNotificationKey(l.row.id) ? `lead ${l.row.id}` : null),
    ]),
    ...refs.flatMap((ref): [SQL, (key: string) => string | null][] => [
      [
        sql`${emailOutbox.dedupeKey} LIKE ${`order-confirmation:${ref}:%`}`,
        (k) => (k.startsWith(`order-confirmation:${ref}:`) ? `order ${ref}` : null),
      ],
      [eq(emailOutbox.dedupeKey, `payment-receipt:${ref}`), (k) => (k === `payment-receipt:${ref}` ? `order ${ref}` : null)],
    ]),
    ...bookingRows.map((b): [SQL, (key: string) => string | null] => [
      sql`${emailOutbox.dedupeKey} LIKE ${`visit-booking:${b.row.id}:%`}`,
      (k) => (k.startsWith(`visit-booking:${b.row.id}:`) ? `booked visit ${b.row.id}` : null),
    ]),
    ...quoteRows.map((q): [SQL, (key: string) => string | null] => [
      sql`${emailOutbox.dedupeKey} LIKE ${`quote:${q.row.id}:%`}`,
      (k) => (k.startsWith(`quote:${q.row.id}:`) ? `quote ${q.row.id}` : null),
    ]),
  ];
  for (const row of await selectInSlices(about, (slice) =>
    d
      .select()
      .from(emailOutbox)
      .where(or(...slice.map(([cond]) => cond))),
  )) {
    if (emailRows.has(row.id)) continue;
    const field = about.map(([, name]) => name(row.dedupeKey)).find((name) => name !== null);
    if (field) emailRows.set(row.id, { row, field });
  }

  // Session-keyed data (chat transcripts, chat photos): only through a chat lead, whose session id the
  // server itself attached when the person left the identifier in that conversation (services/leads.ts;
  // the public lead form cannot set source 'chat'). A session id on a form lead or in the quick-details
  // dialog was sent by the browser and may name anyone's session (or 'anonymous'): never followed.
  const chatSessions = new Map<string, { leadId: string; createdAt: string }>();
  let typedSessionIds = 0;
  for (const { row } of leadRows) {
    const sid = serverChatSessionId(row);
    if (sid) {
      if (!chatSessions.has(sid)) chatSessions.set(sid, { leadId: row.id, createdAt: row.createdAt });
    } else if (row.sessionData?.sessionId !== undefined && row.sessionData?.sessionId !== null) typedSessionIds++;
  }
  for (const { row } of detailRows) if (row.sessionId) typedSessionIds++;
  const photos: { key: string; size: number; uploaded: string; sessionId: string }[] = [];
  for (const sessionId of chatSessions.keys()) {
    let cursor: string | undefined;
    do {
      const page = await env.MEDIA.list({ prefix: `chat/${sessionId}/`, cursor });
      photos.push(...page.objects.map((o) => ({ key: o.key, size: o.size, uploaded: o.uploaded.toISOString(), sessionId })));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }

  const notes: string[] = [];
  if (typedSessionIds) {
    notes.push(
      `${typedSessionIds} matched record(s) name a session id that the browser sent, not one the server gave this person: chat transcripts and photos under those ids are left out.`,
    );
  }
  notes.push(
    `Window photos from the quick scan are stored under a session id the browser sends and carry no contact details, so they cannot be matched to a person; they are deleted ${PHOTO_RETENTION_DAYS} days after upload.`,
  );
  if (invoiceRows.length)
    notes.push(
      'Tax invoices and credit notes are kept as issued, with the name, address and VAT number they were issued to: the VAT Act requires them for five years, so deleting personal data leaves them as they are.',
    );
  if (!email)
    notes.push(
      'E-mails are matched by e-mail address; with a phone number, only the e-mails about the matched leads, orders and quotes are included.',
    );
  else notes.push("Site visits carry the client's mobile number, not an e-mail address: ask for the phone number to include them.");

  return {
    leadRows,
    detailRows,
    quoteRows,
    orderRows,
    lineRows,
    paymentRows,
    invoiceRows,
    emailRows: [...emailRows.values()].sort((a, b) => a.row.id - b.row.id),
    visitRows,
    bookingRows,
    chatSessions: [...chatSessions.entries()].map(([sessionId, from]) => ({ sessionId, ...from })),
    photos,
    notes,
  };
}
type Matched = Awaited<ReturnType<typeof matchedRows>>;

export function recordList(m: Matched): MatchedRecord[] {
  return [
    ...m.leadRows.map(({ row, field }): MatchedRecord => ({ type: 'lead', id: row.id, date: row.createdAt, matchedBy: field })),
    ...m.detailRows.map(({ row, field }): MatchedRecord => ({
      type: 'customer-details',
      id: row.id,
      date: row.createdAt,
      matchedBy: field,
    })),
    ...m.quoteRows.map(({ row, field }): MatchedRecord => ({ type: 'quote', id: row.id, date: row.createdAt, matchedBy: field })),
    ...m.orderRows.map(({ row, field }): MatchedRecord => ({ type: 'order', id: row.reference, date: row.createdAt, matchedBy: field })),
    ...m.emailRows.map(({ row, field }): MatchedRecord => ({ type: 'email', id: String(row.id), date: row.createdAt, matchedBy: field })),
    ...m.chatSessions.map((c): MatchedRecord => ({
      type: 'chat-session',
      id: c.sessionId,
      date: c.createdAt,
      matchedBy: `chat lead ${c.leadId}`,
    })),
    ...m.photos.map((p): MatchedRecord => ({ type: 'photo', id: p.key, date: p.uploaded, matchedBy: `chat ${p.sessionId}` })),
    ...m.visitRows.map(({ row, field }): MatchedRecord => ({
      type: 'site-visit',
      id: row.id,
      date: new Date(row.createdAtMs).toISOString(),
      matchedBy: field,
    })),
    ...m.bookingRows.map(({ row, field }): MatchedRecord => ({ type: 'visit-booking', id: row.id, date: row.createdAt, matchedBy: field })),
  ];
}

/** What the approval is bound to: each record's type, id and reason, in a fixed order. */
export async function listDigest(records: MatchedRecord[]): Promise<string> {
  return sha256Hex(JSON.stringify(records.map((r) => `${r.type}\u0000${r.id}\u0000${r.matchedBy}`).sort()));
}

/** The audit trail names records by type and id, never by their personal data. */
export const recordIds = (records: MatchedRecord[]) => records.map((r) => `${r.type}:${r.id}`);
