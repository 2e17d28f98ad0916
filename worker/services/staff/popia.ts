// Data requests (POPIA) from the leads page (DESIGN.md section 7, data requests): from a lead row, or
// for any customer staff find by e-mail or phone (/api/admin/personal-data, no lead needed). A request
// covers the records that carry the ONE identifier staff verified with the person (one of the lead's
// contact details, or the address or number staff typed), compared in one normal form
// (shared/contact-normal-form.ts). Nothing is widened through other records' fields, the business's
// own addresses and numbers are refused, and session ids a browser typed into a form are never followed. Staff preview the matched list; the preview's token
// approves exactly that list, and export or deletion refuse with 409 when the list has changed since.
// Orders stay only as far as the law requires (SARS: reference, lines, totals, dates, payment rows),
// their personal fields blanked.
import { and, inArray, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { customerDetails, emailOutbox, leadNotes, leads, orders, payments, quotes, siteVisits, visitBookings } from '../../db/schema';
import type { Env } from '../../env';
import { chunks, selectInSlices } from '../../lib/chunks';
import { randomHex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { endKvSession, readKvSession, storeKvSession, type KvSession } from '../../lib/kv-session';
import type { PersonalDataDeletion } from '../../shared/leads-api';
import type { DataRequestAction, PersonalDataPreview, VerifiedBy } from '../../shared/popia-api';
import { chatSession } from '../consultant/chat-turn';
import { auditStatement, recordAudit } from './audit';
import { leadDto } from './leads';
import { listDigest, matchedRows, recordIds, recordList, requestIdentifier, verifiedIdentifier, type Identifier } from './popia-match';

export const DELETED_NAME = 'Deleted on request';

/** How long a preview's approval holds: staff read the list and decide, then act. */
export const APPROVAL_TTL_SECONDS = 15 * 60;
const APPROVAL_PREFIX = 'popia-approval';

interface Approval {
  /** The lead row the request started from, or null for a customer found by e-mail or phone. */
  leadId: string | null;
  action: DataRequestAction;
  actor: string;
  identifier: Identifier;
  digest: string;
  count: number;
}

/**
 * What the audit trail names a request by: the lead it started from, or (for a customer found by
 * e-mail or phone) the start of its list's digest, never the identifier itself.
 */
const requestTarget = (leadId: string | null, digest: string) => leadId ?? `customer:${digest.slice(0, 16)}`;

/**
 * POST /api/leads/{id}/personal-data/preview (leadId) or POST /api/admin/personal-data/preview (null):
 * the matched list, audited, and a token approving exactly it.
 */
export async function previewPersonalData(
  env: Env,
  leadId: string | null,
  request: { action: DataRequestAction; verifiedBy: VerifiedBy; value: string },
  actor: string,
  now = new Date(),
): Promise<PersonalDataPreview> {
  const identifier =
    leadId === null
      ? requestIdentifier(env, request.verifiedBy, request.value)
      : await verifiedIdentifier(env, leadId, request.verifiedBy, request.value);
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
      target: requestTarget(leadId, digest),
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
async function approvedMatch(env: Env, leadId: string | null, action: DataRequestAction, token: string, actor: string, now: Date) {
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

/** POST .../personal-data/export: one JSON document of exactly the approved records. */
export async function exportPersonalData(env: Env, leadId: string | null, token: string, actor: string, now = new Date()) {
  const { approval, matched: m, records } = await approvedMatch(env, leadId, 'export', token, actor, now);
  const chatSessions = await Promise.all(
    m.chatSessions.map(async ({ sessionId }) => ({ sessionId, messages: await chatSession(env, sessionId).history() })),
  );
  const orderRows = m.orderRows.map((o) => o.row);
  const notesByLead = new Map<string, { actor: string; text: string; createdAt: string }[]>();
  for (const n of await selectInSlices(
    m.leadRows.map((l) => l.row.id),
    (ids) => database(env.DB).select().from(leadNotes).where(inArray(leadNotes.leadId, ids)).orderBy(leadNotes.createdAt, leadNotes.id),
  )) {
    notesByLead.set(n.leadId, [...(notesByLead.get(n.leadId) ?? []), { actor: n.actor, text: n.text, createdAt: n.createdAt }]);
  }
  const document = {
    exportedAt: now.toISOString(),
    matchedBy: { leadId, identifier: approval.identifier },
    records,
    notes: m.notes,
    leads: m.leadRows.map((l) => ({ ...leadDto(l.row), notesHistory: notesByLead.get(l.row.id) ?? [] })),
    customerDetails: m.detailRows.map((c) => c.row),
    // The quote's link secret is ours, not their data.
    quotes: m.quoteRows.map(({ row: { accessKey: _secret, ...quote } }) => quote),
    orders: orderRows.map((order) => ({
      ...order,
      lines: m.lineRows.filter((l) => l.orderReference === order.reference),
      payments: m.paymentRows.filter((p) => p.orderReference === order.reference),
      taxDocuments: m.invoiceRows.filter((i) => i.orderReference === order.reference),
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
    siteVisits: m.visitRows.map(({ row }) => ({
      id: row.id,
      clientName: row.clientName,
      address: row.address,
      mobile: row.mobile,
      measurements: row.measurements,
      blindTypes: row.blindTypes,
      notes: row.notes,
      visitDate: row.visitDate,
      status: row.status,
      createdAt: new Date(row.createdAtMs).toISOString(),
      updatedAt: new Date(row.updatedAtMs).toISOString(),
      deletedAt: row.deletedAtMs === null ? null : new Date(row.deletedAtMs).toISOString(),
    })),
    visitBookings: m.bookingRows.map(({ row }) => row),
  };
  await recordAudit(
    env.DB,
    {
      actor,
      action: 'popia.export',
      target: requestTarget(leadId, approval.digest),
      details: { verifiedBy: approval.identifier.type, digest: approval.digest, records: recordIds(records) },
    },
    now,
  );
  return document;
}

/**
 * POST .../personal-data/delete: exactly the approved records. Chat transcripts and photos go first,
 * then every D1 change and the 'popia.delete' audit entry in one batch (a lead's notes history goes
 * with the lead: lead_notes rows are deleted with it, ON DELETE CASCADE, and explicitly below).
 */
export async function deletePersonalData(
  env: Env,
  leadId: string | null,
  token: string,
  actor: string,
  now = new Date(),
): Promise<PersonalDataDeletion> {
  const { approval, matched: m, records } = await approvedMatch(env, leadId, 'delete', token, actor, now);
  const db = env.DB;
  const d = database(db);

  for (const { sessionId } of m.chatSessions) await chatSession(env, sessionId).forget();
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
    siteVisits: m.visitRows.length,
    visitBookings: m.bookingRows.length,
  };
  // One batch, every id list in slices (D1's 100-parameter limit): all of it happens or none of it.
  const nowMs = now.getTime();
  const statements = [
    // A site visit is blanked and marked deleted (not removed): the mark is what tells each
    // consultant's phone to drop its copy on the next sync, and an edit arriving after it is ignored.
    ...chunks(m.visitRows.map((v) => v.row.id)).map((ids) =>
      d
        .update(siteVisits)
        .set({
          clientName: DELETED_NAME,
          address: '',
          mobile: '',
          measurements: '',
          notes: '',
          clientNameAtMs: nowMs,
          addressAtMs: nowMs,
          mobileAtMs: nowMs,
          measurementsAtMs: nowMs,
          notesAtMs: nowMs,
          updatedAtMs: nowMs,
          updatedBy: actor,
          deletedAtMs: sql`COALESCE(${siteVisits.deletedAtMs}, ${nowMs})`,
        })
        .where(inArray(siteVisits.id, ids)),
    ),
    // A booking is deleted whole: a booked one frees its place, and its e-mails are blanked below.
    ...chunks(m.bookingRows.map((b) => b.row.id)).map((ids) => d.delete(visitBookings).where(inArray(visitBookings.id, ids))),
    ...chunks(m.leadRows.map((l) => l.row.id)).flatMap((ids) => [
      d.delete(leadNotes).where(inArray(leadNotes.leadId, ids)),
      d.delete(leads).where(inArray(leads.id, ids)),
    ]),
    ...chunks(m.detailRows.map((c) => c.row.id)).map((ids) => d.delete(customerDetails).where(inArray(customerDetails.id, ids))),
    ...chunks(deleteQuotes).map((ids) => d.delete(quotes).where(inArray(quotes.id, ids))),
    ...chunks(blankQuotes).map((ids) =>
      d.update(quotes).set({ customerName: DELETED_NAME, customerEmail: null, customerMobile: null }).where(inArray(quotes.id, ids)),
    ),
    ...chunks(refs).flatMap((slice) => [
      d
        .update(orders)
        .set({
          customerName: DELETED_NAME,
          customerEmail: '',
          customerPhone: null,
          customerAddress: null,
          specialInstructions: null,
          customerVatNumber: null,
        })
        .where(inArray(orders.reference, slice)),
      // The provider's raw notification may carry the payer's name and address; amount, status and dates stay.
      d.update(payments).set({ raw: null }).where(inArray(payments.orderReference, slice)),
    ]),
    ...chunks(emailIds).flatMap((ids) => [
      // A message not yet sent (or failed) must not go out any more; 'erased', not 'failed': it is
      // no delivery failure for staff to act on.
      d
        .update(emailOutbox)
        .set({ status: 'erased', lastError: 'Deleted on request (POPIA)' })
        .where(and(inArray(emailOutbox.id, ids), inArray(emailOutbox.status, ['pending', 'failed']))),
      d
        .update(emailOutbox)
        .set({ toAddress: '', toName: null, replyTo: null, subject: DELETED_NAME, html: '', text: '', attachments: null })
        .where(inArray(emailOutbox.id, ids)),
    ]),
  ];
  const audit = auditStatement(
    db,
    {
      actor,
      action: 'popia.delete',
      target: requestTarget(leadId, approval.digest),
      details: { ...counts, verifiedBy: approval.identifier.type, digest: approval.digest, records: recordIds(records) },
    },
    now,
  );
  await d.batch([...statements, audit] as unknown as Parameters<typeof d.batch>[0]);
  return counts;
}
