// One order as staff need it (staff spec 2.6; GET /api/admin/orders/{reference}): the customer in
// full, each line with where its size came from, the customer's photos behind a staff-only link,
// payments, every e-mail about it, tracking, its events and audit trail, and the moves allowed now.
// The customer's details are personal data (DESIGN.md section 7): every view is audited.
import { asc, eq } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { orderEvents, orderLines, orders, payments, trackingEntries } from '../../../db/schema';
import type { Env } from '../../../env';
import type {
  AdminOrderAuditEntry,
  AdminOrderDetail,
  AdminOrderEmail,
  AdminOrderEvent,
  AdminOrderLine,
  AdminOrderPhoto,
} from '../../../shared/admin-orders-api';
import { nextMoves, type FulfilmentMethod, type FulfilmentStatus, type StaffPaymentMethod } from '../../../shared/fulfilment';
import { formatLongDate, formatSouthAfricanTime } from '../../../shared/sa-time';
import { canConfirmFromPhoto } from '../../../shared/fit-guarantee';
import { LINE_SIZE_SOURCE_LABELS } from '../../../shared/size-sources';
import { findOrder } from '../../orders';
import { isProofKeyOf } from '../../payments/proof-of-payment';
import { toStaffDto } from '../../tracking';
import { timelineOfOrder } from '../../order-timeline-read';
import { recordAudit } from '../audit';
import { summaryOf } from './list';
import { remakesOf } from './remakes';

/** More chat photos than this on one order is not a customer's chat: the list stops there. */
const MAX_CHAT_PHOTOS = 200;

type OrderRow = typeof orders.$inferSelect;

const photoUrl = (reference: string, key: string) => `/api/admin/orders/${reference}/photos?key=${encodeURIComponent(key)}`;
const when = (ms: number) => `${formatLongDate(new Date(ms).toISOString())} ${formatSouthAfricanTime(ms)}`;

/** The R2 folder of the order's chat photos (routes/chat.ts stores them there), or null. */
function chatFolder(order: Pick<OrderRow, 'chatSessionId'>): string | null {
  return order.chatSessionId && /^[\w-]{1,100}$/.test(order.chatSessionId) ? `chat/${order.chatSessionId}/` : null;
}

async function chatPhotos(env: Env, folder: string): Promise<{ key: string; uploaded: Date }[]> {
  const found: { key: string; uploaded: Date }[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: folder, cursor });
    found.push(...page.objects.map((o) => ({ key: o.key, uploaded: o.uploaded })));
    cursor = page.truncated && found.length < MAX_CHAT_PHOTOS ? page.cursor : undefined;
  } while (cursor);
  return found.slice(0, MAX_CHAT_PHOTOS);
}

/** The courier entry the customer's timeline reads its estimate from: the latest updated. */
function latestTracking<T extends { updatedAt: string }>(rows: readonly T[]): T | null {
  return rows.reduce<T | null>((latest, row) => (latest === null || row.updatedAt > latest.updatedAt ? row : latest), null);
}

const parsed = (details: unknown): Record<string, unknown> | null => {
  if (details && typeof details === 'object') return details as Record<string, unknown>;
  if (typeof details !== 'string') return null;
  try {
    const value: unknown = JSON.parse(details);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The whole order, or null for an unknown reference. With an actor (a staff member opening the
 * order) writes 'order.view' to the audit log; a write answering with the order it changed has
 * audited the change already.
 */
export async function orderDetail(env: Env, reference: string, actor?: string, now = new Date()): Promise<AdminOrderDetail | null> {
  const db = env.DB;
  const d = database(db);
  const [order] = await d.select().from(orders).where(eq(orders.reference, reference)).limit(1);
  if (!order) return null;

  const [priced, lineRows, paymentRows, trackingRows, eventRows, emailRows, auditRows, chat, , remakes] = await Promise.all([
    findOrder(db, reference),
    d
      .select({
        lineNo: orderLines.lineNo,
        manualPriceReason: orderLines.manualPriceReason,
        photoKey: orderLines.photoKey,
        photoConfirmedAt: orderLines.photoConfirmedAt,
        photoConfirmedBy: orderLines.photoConfirmedBy,
      })
      .from(orderLines)
      .where(eq(orderLines.orderReference, reference)),
    d.select().from(payments).where(eq(payments.orderReference, reference)).orderBy(asc(payments.createdAt), asc(payments.id)),
    d.select().from(trackingEntries).where(eq(trackingEntries.orderId, reference)).orderBy(asc(trackingEntries.createdAt)),
    d.select().from(orderEvents).where(eq(orderEvents.orderReference, reference)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    // Every e-mail whose dedupe key names the order (confirmation, receipt, fulfilment steps), the
    // tracking e-mails of its entries ('tracking:{entry id}:{n}') and the business's payment notices
    // ('{kind}:{provider}:{provider payment id}').
    db
      .prepare(
        `SELECT e.id, e.kind, e.subject, e.to_address, e.status, e.created_at, e.sent_at, e.last_error FROM email_outbox e
         WHERE instr(e.dedupe_key, ?1) > 0
            OR EXISTS (SELECT 1 FROM tracking_entries t WHERE t.order_id = ?1 AND substr(e.dedupe_key, 1, length(t.id) + 10) = 'tracking:' || t.id || ':')
            OR EXISTS (SELECT 1 FROM payments p WHERE p.order_reference = ?1 AND instr(e.dedupe_key, ':' || p.provider || ':' || p.provider_payment_id) > 0)
         ORDER BY e.created_at, e.id`,
      )
      .bind(reference)
      .all<{
        id: number;
        kind: string;
        subject: string;
        to_address: string;
        status: string;
        created_at: string;
        sent_at: string | null;
        last_error: string | null;
      }>(),
    db
      .prepare(
        `SELECT a.actor, a.action, a.details, a.created_at FROM audit_log a
         WHERE a.target = ?1 OR a.target IN (SELECT t.tracking_number FROM tracking_entries t WHERE t.order_id = ?1)
            -- A tracking entry's audit names its order in the details: kept after a corrected number or a deleted entry.
            OR (a.action LIKE 'tracking.%' AND json_extract(a.details, '$.orderId') = ?1)
         ORDER BY a.created_at, a.id`,
      )
      .bind(reference)
      .all<{ actor: string; action: string; details: string | null; created_at: string }>(),
    chatFolder(order) ? chatPhotos(env, chatFolder(order)!) : Promise.resolve([]),
    actor ? recordAudit(db, { actor, action: 'order.view', target: reference }, now) : Promise.resolve(),
    remakesOf(db, reference),
  ]);

  const extras = new Map(lineRows.map((l) => [l.lineNo, l]));
  const lines: AdminOrderLine[] = (priced?.blinds ?? []).map((line) => ({
    ...line,
    size_source_label: sizeSourceLabel(line),
    manual_price_reason: extras.get(line.line_no)?.manualPriceReason ?? null,
    can_confirm_from_photo: canConfirmFromPhoto({
      measuredSource: line.measured_size_source,
      hasPhoto: !!extras.get(line.line_no)?.photoKey,
    }),
    photo_confirmed: photoConfirmation(extras.get(line.line_no)),
  }));
  const photos: AdminOrderPhoto[] = [
    ...lineRows
      .filter((l) => l.photoKey)
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((l) => {
        const taken = Number(/\/(\d{10,16})\.\w+$/.exec(l.photoKey!)?.[1]);
        return {
          label: `Photo scan, blind ${l.lineNo}${Number.isFinite(taken) ? `, ${when(taken)}` : ''}`,
          url: photoUrl(reference, l.photoKey!),
        };
      }),
    ...chat.map((p) => ({ label: `Chat photo, ${when(p.uploaded.getTime())}`, url: photoUrl(reference, p.key) })),
  ];
  const paid = paymentRows.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amountCents, 0);
  const samples = order.kind === 'samples';
  const sizesToConfirm = lines.some((l) => l.size_estimated);
  const status = order.fulfilmentStatus as FulfilmentStatus;
  const method = order.fulfilmentMethod as FulfilmentMethod;
  const events: AdminOrderEvent[] = eventRows.map((e) => ({
    id: e.id,
    kind: e.kind as AdminOrderEvent['kind'],
    status: (e.status as FulfilmentStatus | null) ?? null,
    note: e.note,
    actor: e.actor,
    details: parsed(e.details),
    createdAt: e.createdAt,
  }));
  const emails: AdminOrderEmail[] = emailRows.results.map((e) => ({
    id: e.id,
    kind: e.kind,
    subject: e.subject,
    toAddress: e.to_address,
    status: e.status,
    createdAt: e.created_at,
    sentAt: e.sent_at,
    lastError: e.last_error,
  }));
  const audit: AdminOrderAuditEntry[] = auditRows.results.map((a) => ({
    actor: a.actor,
    action: a.action,
    createdAt: a.created_at,
    details: parsed(a.details),
  }));

  return {
    ...summaryOf({
      reference: order.reference,
      created_at: order.createdAt,
      customer_name: order.customerName,
      customer_phone: order.customerPhone,
      customer_email: order.customerEmail,
      total_cents: order.totalCents,
      payment_status: order.paymentStatus,
      fulfilment_status: order.fulfilmentStatus,
      fulfilment_method: order.fulfilmentMethod,
      source: order.source,
      kind: order.kind,
      line_count: lines.length,
      estimated_lines: lines.filter((l) => l.size_estimated).length,
    }),
    customerAddress: order.customerAddress,
    specialInstructions: order.specialInstructions,
    subtotalCents: order.subtotalCents,
    vatCents: order.vatCents,
    balanceDueCents: Math.max(0, order.totalCents - paid),
    paymentProvider: order.paymentProvider,
    paymentMethod: order.paymentMethod as StaffPaymentMethod | null,
    paidAt: order.paidAt,
    unpaidProductionReason: order.unpaidProductionReason,
    leadId: order.leadId,
    quoteId: order.quoteId,
    lines,
    photos,
    proof:
      order.proofKey && order.proofUploadedAt ? { uploadedAt: order.proofUploadedAt, url: `/api/admin/orders/${reference}/proof` } : null,
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      method: p.provider === 'manual' ? manualMethod(p.raw) : null,
      amountCents: p.amountCents,
      status: p.status,
      createdAt: p.createdAt,
    })),
    emails,
    tracking: trackingRows.map((row) => toStaffDto(row, order.customerName)),
    events,
    remakes,
    audit,
    deliveryEstimate: order.deliveryEstimate ?? null,
    nextMoves: nextMoves({ status, method, paymentStatus: order.paymentStatus, sizesToConfirm, kind: samples ? 'samples' : 'order' }),
    // From the row and events read above: no second read of either.
    timeline: timelineOfOrder(
      {
        createdAt: order.createdAt,
        status: order.fulfilmentStatus,
        statusAt: order.fulfilmentStatusAt,
        method: order.fulfilmentMethod,
        source: order.source,
        paymentStatus: order.paymentStatus,
        deliveryEstimate: order.deliveryEstimate,
        kind: order.kind,
      },
      eventRows,
      latestTracking(trackingRows),
      now,
    ),
  };
}

/** 'confirmed by staff (first measured by photo scan with an A4 sheet)': the first measurement stays visible. */
function sizeSourceLabel(line: Pick<AdminOrderLine, 'size_source' | 'measured_size_source'>): string {
  if (!line.size_source) return 'not recorded';
  const label = LINE_SIZE_SOURCE_LABELS[line.size_source];
  const first = line.measured_size_source;
  return line.size_source === 'staff-confirmed' && first && first !== 'staff-confirmed'
    ? `${label} (first ${LINE_SIZE_SOURCE_LABELS[first]})`
    : label;
}

function photoConfirmation(line: { photoConfirmedAt: string | null; photoConfirmedBy: string | null } | undefined) {
  return line?.photoConfirmedAt ? { by: line.photoConfirmedBy ?? 'staff', at: line.photoConfirmedAt } : null;
}

/** How staff took a manual payment (its raw record's paymentMethod), or null. */
function manualMethod(raw: unknown): string | null {
  const method = parsed(raw)?.paymentMethod;
  return typeof method === 'string' ? method : null;
}

/** The order's proof of payment, for the staff-only link; null when it has none (or the file is gone). */
export async function orderProof(env: Env, reference: string): Promise<R2ObjectBody | null> {
  const [order] = await database(env.DB).select({ proofKey: orders.proofKey }).from(orders).where(eq(orders.reference, reference)).limit(1);
  return order?.proofKey && isProofKeyOf(reference, order.proofKey) ? env.MEDIA.get(order.proofKey) : null;
}

/**
 * A photo of the order, for the staff-only link: only a key the order names (a line's photo scan)
 * or one in the order's own chat folder; null for anything else, so one order's link cannot open
 * another customer's photo.
 */
export async function orderPhoto(env: Env, reference: string, key: string): Promise<R2ObjectBody | null> {
  if (key.includes('..')) return null;
  const d = database(env.DB);
  const [order] = await d.select({ chatSessionId: orders.chatSessionId }).from(orders).where(eq(orders.reference, reference)).limit(1);
  if (!order) return null;
  const folder = chatFolder(order);
  let belongs = folder !== null && key.startsWith(folder) && key.length > folder.length;
  if (!belongs) {
    const lines = await d.select({ photoKey: orderLines.photoKey }).from(orderLines).where(eq(orderLines.orderReference, reference));
    belongs = lines.some((l) => l.photoKey === key);
  }
  return belongs ? env.MEDIA.get(key) : null;
}
