// Data requests (POPIA) from the leads page (DESIGN.md section 7, data requests). A request covers
// the records that carry the ONE identifier staff verified with the person (the lead's e-mail address
// or phone number), compared in one normal form (shared/contact-normal-form.ts). Nothing is widened
// through other records' fields, the business's own addresses and numbers are refused, and session ids
// a browser typed into a form are never followed. Staff preview the matched list; the preview's token
// approves exactly that list, and export or deletion refuse with 409 when the list has changed since.
// Orders stay only as far as the law requires (SARS: reference, lines, totals, dates, payment rows),
// their personal fields blanked.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { database } from '../../lib/db';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { customerDetails, emailOutbox, leads, orderLines, orders, payments, quotes } from '../../db/schema';
import type { Env } from '../../env';
import { chunks, selectInSlices } from '../../lib/chunks';
import { randomHex, sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { endKvSession, readKvSession, storeKvSession, type KvSession } from '../../lib/kv-session';
import { addressOf, normalEmail, normalPhone } from '../../shared/contact-normal-form';
import type { PersonalDataDeletion } from '../../shared/leads-api';
import type { DataRequestAction, MatchedRecord, PersonalDataPreview, VerifiedBy } from '../../shared/popia-api';
import { PHOTO_RETENTION_DAYS } from '../../shared/retention-schedule';
import { chatSessionIdSchema } from '../../shared/schemas';
import { auditStatement, recordAudit } from './audit';
import { leadNotificationKey } from '../email/lead-emails';
import { leadDto } from './leads';

export const DELETED_NAME = 'Deleted on request';

/** How long a preview's approval holds: staff read the list and decide, then act. */
export const APPROVAL_TTL_SECONDS = 15 * 60;
const APPROVAL_PREFIX = 'popia-approval';

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
 * The identifier of a request: in normal form, not the business's own, and on the lead the request
 * starts from (staff confirm one of the lead's own contact details with the person).
 */
async function verifiedIdentifier(env: Env, leadId: string, verifiedBy: VerifiedBy, raw: string): Promise<Identifier> {
  const [lead] = await database(env.DB).select().from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!lead) throw new AppError('not_found', `There is no lead with id ${leadId}.`);
  const value = normalOf(verifiedBy, raw);
  const what = verifiedBy === 'email' ? 'e-mail address' : 'phone number';
  if (!value)
    throw new AppError('validation_error', `That is not an ${what}.`, { issues: [{ path: 'value', message: `must be an ${what}` }] });
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
  const onLead =
    verifiedBy === 'email'
      ? fieldCarrying({ type: 'email', value }, { email: lead.email })
      : fieldCarrying({ type: 'phone', value }, { phone: lead.phone, whatsapp: lead.whatsapp });
  if (!onLead) {
    throw new AppError(
      'validation_error',
      `This lead does not carry that ${what}. Choose the lead's ${what} that you confirmed with the person.`,
      {
        issues: [{ path: 'value', message: `is not this lead's ${what}` }],
      },
    );
  }
  return { type: verifiedBy, value };
}

const validChatSession = (id: unknown): id is string => typeof id === 'string' && chatSessionIdSchema.safeParse(id).success;

/** The records that carry the identifier, each with the field that matched, and what was left out. */
async function matchedRows(env: Env, id: Identifier) {
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
  const refs = orderRows.map((o) => o.row.reference);
  const lineRows = await selectInSlices(refs, (slice) => d.select().from(orderLines).where(inArray(orderLines.orderReference, slice)));
  const paymentRows = await selectInSlices(refs, (slice) => d.select().from(payments).where(inArray(payments.orderReference, slice)));

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
    const sid = row.sessionData?.sessionId;
    if (row.source === 'chat' && validChatSession(sid)) {
      if (!chatSessions.has(sid)) chatSessions.set(sid, { leadId: row.id, createdAt: row.createdAt });
    } else if (sid !== undefined && sid !== null) typedSessionIds++;
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
  if (!email)
    notes.push(
      'E-mails are matched by e-mail address; with a phone number, only the e-mails about the matched leads, orders and quotes are included.',
    );

  return {
    leadRows,
    detailRows,
    quoteRows,
    orderRows,
    lineRows,
    paymentRows,
    emailRows: [...emailRows.values()].sort((a, b) => a.row.id - b.row.id),
    chatSessions: [...chatSessions.entries()].map(([sessionId, from]) => ({ sessionId, ...from })),
    photos,
    notes,
  };
}
type Matched = Awaited<ReturnType<typeof matchedRows>>;

function recordList(m: Matched): MatchedRecord[] {
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
  ];
}

/** What the approval is bound to: each record's type, id and reason, in a fixed order. */
async function listDigest(records: MatchedRecord[]): Promise<string> {
  return sha256Hex(JSON.stringify(records.map((r) => `${r.type}\u0000${r.id}\u0000${r.matchedBy}`).sort()));
}

/** The audit trail names records by type and id, never by their personal data. */
const recordIds = (records: MatchedRecord[]) => records.map((r) => `${r.type}:${r.id}`);

interface Approval {
  leadId: string;
  action: DataRequestAction;
  actor: string;
  identifier: Identifier;
  digest: string;
  count: number;
}

/** POST /api/leads/{id}/personal-data/preview: the matched list, audited, and a token approving exactly it. */
export async function previewPersonalData(
  env: Env,
  leadId: string,
  request: { action: DataRequestAction; verifiedBy: VerifiedBy; value: string },
  actor: string,
  now = new Date(),
): Promise<PersonalDataPreview> {
  const identifier = await verifiedIdentifier(env, leadId, request.verifiedBy, request.value);
  const matched = await matchedRows(env, identifier);
  const records = recordList(matched);
  const digest = await listDigest(records);
  const token = randomHex(32);
  const stored = await storeKvSession<Approval>(
    env.SESSIONS,
    APPROVAL_PREFIX,
    token,
    APPROVAL_TTL_SECONDS,
    { leadId, action: request.action, actor, identifier, digest, count: records.length },
    now,
  );
  await recordAudit(
    env.DB,
    {
      actor,
      action: 'popia.preview',
      target: leadId,
      details: { action: request.action, verifiedBy: identifier.type, digest, records: recordIds(records) },
    },
    now,
  );
  return { leadId, action: request.action, identifier, records, notes: matched.notes, token, expiresAt: stored.expiresAt };
}

/**
 * The approved list again, for the action: the token must come from a preview of this lead, for this
 * action, by this staff session, and the records must be the same ones the preview listed.
 */
async function approvedMatch(env: Env, leadId: string, action: DataRequestAction, token: string, actor: string, now: Date) {
  const approval = await readKvSession<Approval & KvSession>(env.SESSIONS, APPROVAL_PREFIX, token, now);
  if (!approval || approval.leadId !== leadId) {
    throw new AppError(
      'validation_error',
      `There is no approved preview for this ${action} (it expired after ${APPROVAL_TTL_SECONDS / 60} minutes or was used). Preview the matched records and approve them first.`,
    );
  }
  if (approval.action !== action)
    throw new AppError(
      'validation_error',
      `This approval is for ${approval.action === 'export' ? 'an export' : 'a deletion'}. Preview the ${action} and approve it first.`,
    );
  if (approval.actor !== actor)
    throw new AppError('forbidden', 'Only the staff session that previewed the matched records can approve them.');
  const matched = await matchedRows(env, approval.identifier);
  const records = recordList(matched);
  if ((await listDigest(records)) !== approval.digest) {
    await endKvSession(env.SESSIONS, APPROVAL_PREFIX, token);
    throw new AppError(
      'conflict',
      'The matched records have changed since the preview. Preview again and check the new list before approving it.',
    );
  }
  // One approval, one action.
  await endKvSession(env.SESSIONS, APPROVAL_PREFIX, token);
  return { approval, matched, records };
}

/** POST /api/leads/{id}/personal-data/export: one JSON document of exactly the approved records. */
export async function exportPersonalData(env: Env, leadId: string, token: string, actor: string, now = new Date()) {
  const { approval, matched: m, records } = await approvedMatch(env, leadId, 'export', token, actor, now);
  const chatSessions = await Promise.all(
    m.chatSessions.map(async ({ sessionId }) => ({ sessionId, messages: await chatStub(env, sessionId).history() })),
  );
  const orderRows = m.orderRows.map((o) => o.row);
  const document = {
    exportedAt: now.toISOString(),
    matchedBy: { leadId, identifier: approval.identifier },
    records,
    notes: m.notes,
    leads: m.leadRows.map((l) => leadDto(l.row)),
    customerDetails: m.detailRows.map((c) => c.row),
    // The quote's link secret is ours, not their data.
    quotes: m.quoteRows.map(({ row: { accessKey: _secret, ...quote } }) => quote),
    orders: orderRows.map((order) => ({
      ...order,
      lines: m.lineRows.filter((l) => l.orderReference === order.reference),
      payments: m.paymentRows.filter((p) => p.orderReference === order.reference),
    })),
    emails: m.emailRows.map(({ row: e }) => ({
      id: e.id,
      kind: e.kind,
      to: e.toAddress,
      subject: e.subject,
      status: e.status,
      createdAt: e.createdAt,
      sentAt: e.sentAt,
      text: e.text,
    })),
    chatSessions,
    photos: m.photos.map(({ key, size, uploaded }) => ({ key, size, uploaded })),
  };
  await recordAudit(
    env.DB,
    {
      actor,
      action: 'popia.export',
      target: leadId,
      details: { verifiedBy: approval.identifier.type, digest: approval.digest, records: recordIds(records) },
    },
    now,
  );
  return document;
}
export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;

function chatStub(env: Env, sessionId: string) {
  return env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
}

/**
 * POST /api/leads/{id}/personal-data/delete: exactly the approved records. Chat transcripts and photos
 * go first, then every D1 change and the 'popia.delete' audit entry in one batch.
 */
export async function deletePersonalData(
  env: Env,
  leadId: string,
  token: string,
  actor: string,
  now = new Date(),
): Promise<PersonalDataDeletion> {
  const { approval, matched: m, records } = await approvedMatch(env, leadId, 'delete', token, actor, now);
  const db = env.DB;
  const d = database(db);

  for (const { sessionId } of m.chatSessions) await chatStub(env, sessionId).forget();
  const photoKeys = m.photos.map((p) => p.key);
  for (const slice of chunks(photoKeys, 1000)) await env.MEDIA.delete(slice);

  const refs = m.orderRows.map((o) => o.row.reference);
  const orderedQuoteIds = new Set(m.orderRows.map((o) => o.row.quoteId).filter(Boolean));
  // A quote an order was made from (by anyone) stays, blanked: the order refers to it.
  const quoteIds = m.quoteRows.map((q) => q.row.id);
  const quotesWithOrders = new Set([
    ...(await selectInSlices(quoteIds, (slice) => d.select({ id: orders.quoteId }).from(orders).where(inArray(orders.quoteId, slice)))).map(
      (r) => r.id,
    ),
    ...orderedQuoteIds,
  ]);
  const deleteQuotes = quoteIds.filter((id) => !quotesWithOrders.has(id));
  const blankQuotes = quoteIds.filter((id) => quotesWithOrders.has(id));
  const emailIds = m.emailRows.map((e) => e.row.id);

  const counts: PersonalDataDeletion = {
    leads: m.leadRows.length,
    customerDetails: m.detailRows.length,
    quotesDeleted: deleteQuotes.length,
    quotesBlanked: blankQuotes.length,
    ordersBlanked: refs.length,
    emailsBlanked: emailIds.length,
    chatSessions: m.chatSessions.length,
    photos: photoKeys.length,
  };
  // One batch, every id list in slices (D1's 100-parameter limit): all of it happens or none of it.
  const statements = [
    ...chunks(m.leadRows.map((l) => l.row.id)).map((ids) => d.delete(leads).where(inArray(leads.id, ids))),
    ...chunks(m.detailRows.map((c) => c.row.id)).map((ids) => d.delete(customerDetails).where(inArray(customerDetails.id, ids))),
    ...chunks(deleteQuotes).map((ids) => d.delete(quotes).where(inArray(quotes.id, ids))),
    ...chunks(blankQuotes).map((ids) =>
      d.update(quotes).set({ customerName: DELETED_NAME, customerEmail: null, customerMobile: null }).where(inArray(quotes.id, ids)),
    ),
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
      d
        .update(emailOutbox)
        .set({ status: 'failed', lastError: 'Deleted on request (POPIA)' })
        .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending'))),
      d
        .update(emailOutbox)
        .set({ toAddress: '', toName: null, replyTo: null, subject: DELETED_NAME, html: '', text: '' })
        .where(inArray(emailOutbox.id, ids)),
    ]),
  ];
  const audit = auditStatement(
    db,
    {
      actor,
      action: 'popia.delete',
      target: leadId,
      details: { ...counts, verifiedBy: approval.identifier.type, digest: approval.digest, records: recordIds(records) },
    },
    now,
  );
  await d.batch([...statements, audit] as unknown as Parameters<typeof d.batch>[0]);
  return counts;
}
