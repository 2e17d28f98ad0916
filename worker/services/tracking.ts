// Courier tracking (staff spec sections 2.6, 2.7, 3, 4): entries kept by hand by staff, read by the
// customer by tracking number or order reference. Each write is one D1 batch: the entry, its audit
// entry and, when the customer should hear of it, the e-mail in the outbox.
import { desc, eq, sql } from 'drizzle-orm';
import { database } from '../lib/db';
import { orders, trackingEntries } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import type {
  OrderContact,
  PublicTrackingDto,
  TrackingEntryDto,
  TrackingHistoryItem,
  TrackingStatus,
  trackingCorrectionSchema,
  trackingCreateSchema,
  trackingUpdateSchema,
} from '../shared/tracking-api';
import type { z } from 'zod';
import { auditStatement } from './staff/audit';
import { outboxInsert } from './email/outbox';
import { trackingUpdateEmail, type TrackingRecipient } from './email/tracking-emails';
import { isUniqueViolation } from '../lib/d1-errors';

export type TrackingCreateInput = z.output<typeof trackingCreateSchema>;
export type TrackingUpdateInput = z.output<typeof trackingUpdateSchema>;
export type TrackingCorrectionInput = z.output<typeof trackingCorrectionSchema>;

type TrackingRow = typeof trackingEntries.$inferSelect;

export interface TrackingWrite {
  entry: TrackingEntryDto;
  /** The e-mail queued with the write (send it after answering), or none. */
  outboxIds: number[];
}

function toPublicDto(row: TrackingRow): PublicTrackingDto {
  return {
    trackingNumber: row.trackingNumber,
    status: row.status as TrackingStatus,
    statusMessage: row.statusMessage,
    currentLocation: row.currentLocation,
    estimatedDelivery: row.estimatedDelivery,
    courierName: row.courierName,
    trackingHistory: row.trackingHistory as TrackingHistoryItem[],
    updatedAt: row.updatedAt,
  };
}

export function toStaffDto(row: TrackingRow, orderCustomerName: string | null): TrackingEntryDto {
  return { id: row.id, orderId: row.orderId, orderCustomerName, ...toPublicDto(row), createdAt: row.createdAt };
}

/** An entry with the name on its order (staff see whose parcel it is); null name when no such order. */
function staffEntries(db: D1Database) {
  return database(db)
    .select({ entry: trackingEntries, orderCustomerName: orders.customerName })
    .from(trackingEntries)
    .leftJoin(orders, eq(orders.reference, trackingEntries.orderId));
}

/** Every entry, the latest update first (GET /api/tracking). */
export async function listTracking(db: D1Database): Promise<TrackingEntryDto[]> {
  const rows = await staffEntries(db).orderBy(desc(trackingEntries.updatedAt), desc(trackingEntries.createdAt)).limit(500);
  return rows.map((r) => toStaffDto(r.entry, r.orderCustomerName));
}

/** The customer's lookup by tracking number (already normalised); null when unknown. */
export async function trackingByNumber(db: D1Database, trackingNumber: string): Promise<PublicTrackingDto | null> {
  const [row] = await database(db).select().from(trackingEntries).where(eq(trackingEntries.trackingNumber, trackingNumber)).limit(1);
  return row ? toPublicDto(row) : null;
}

/** The customer's lookup by order reference: the most recently updated entry of the order, or null. */
export async function trackingForOrder(db: D1Database, orderId: string): Promise<PublicTrackingDto | null> {
  const [row] = await database(db)
    .select()
    .from(trackingEntries)
    .where(eq(trackingEntries.orderId, orderId))
    .orderBy(desc(trackingEntries.updatedAt), desc(trackingEntries.createdAt))
    .limit(1);
  return row ? toPublicDto(row) : null;
}

/** Whether an order's address holds this postcode as a number of its own ('..., Knysna, 6571'). */
function addressHasPostcode(address: string | null, postcode: string): boolean {
  return address !== null && new RegExp(`(^|\\D)${postcode}(\\D|$)`).test(address);
}

/**
 * The customer's public lookup by order reference (staff spec section 2.7): only with the e-mail
 * address on the order (any case) or the postcode in its address. A wrong pair is null, like an
 * unknown reference, so the answer never tells whether a reference exists; a matching order without
 * a courier entry yet is `{tracking: null}` (its fulfilment timeline still shows).
 */
export async function trackingForOrderOf(
  db: D1Database,
  orderId: string,
  contact: OrderContact,
): Promise<{ tracking: PublicTrackingDto | null } | null> {
  const [order] = await database(db)
    .select({ email: orders.customerEmail, address: orders.customerAddress })
    .from(orders)
    .where(eq(orders.reference, orderId))
    .limit(1);
  if (!order) return null;
  const emailMatches =
    contact.email !== undefined && order.email.trim() !== '' && order.email.trim().toLowerCase() === contact.email.toLowerCase();
  const postcodeMatches = contact.postcode !== undefined && addressHasPostcode(order.address, contact.postcode);
  if (!emailMatches && !postcodeMatches) return null;
  return { tracking: await trackingForOrder(db, orderId) };
}

/** The order's customer as the e-mail needs them; null e-mail when the order has none (e.g. erased under POPIA). */
async function orderRecipient(db: D1Database, orderId: string): Promise<{ exists: boolean; recipient: TrackingRecipient | null }> {
  const [order] = await database(db)
    .select({ name: orders.customerName, email: orders.customerEmail })
    .from(orders)
    .where(eq(orders.reference, orderId))
    .limit(1);
  if (!order) return { exists: false, recipient: null };
  const email = order.email?.trim();
  return { exists: true, recipient: email ? { name: order.name?.trim() || null, email } : null };
}

function outboxIdsOf(result: unknown): number[] {
  return ((result as { id: number }[] | undefined) ?? []).map((r) => r.id);
}

/** What a new entry's statements need beyond the request: who, when, and who to e-mail (null: nobody). */
export interface TrackingCreateContext {
  actor: string;
  origin: string | null;
  now: Date;
  recipient: TrackingRecipient | null;
}

/**
 * The statements that publish one entry (the row and its audit entry) and the customer's tracking
 * e-mail (null without a recipient), to run in one batch with anything that goes with it (the
 * dispatch of an order). The caller has checked the order exists and the number is free.
 */
export function trackingCreateStatements(env: Env, input: TrackingCreateInput, ctx: TrackingCreateContext) {
  const db = env.DB;
  const d = database(db);
  const timestamp = ctx.now.toISOString();
  const id = crypto.randomUUID();
  const first: TrackingHistoryItem = { status: input.status, message: input.statusMessage, location: input.currentLocation, timestamp };
  const email = ctx.recipient
    ? trackingUpdateEmail(
        env,
        {
          id,
          trackingNumber: input.trackingNumber,
          orderId: input.orderId,
          courierName: input.courierName,
          estimatedDelivery: input.estimatedDelivery,
          latest: first,
          historyIndex: 0,
        },
        ctx.recipient,
        ctx.origin,
      )
    : null;
  const insert = d.insert(trackingEntries).values({
    id,
    orderId: input.orderId,
    trackingNumber: input.trackingNumber,
    status: input.status,
    statusMessage: input.statusMessage,
    currentLocation: input.currentLocation,
    estimatedDelivery: input.estimatedDelivery,
    courierName: input.courierName,
    trackingHistory: [first],
    createdAt: timestamp,
    updatedAt: timestamp,
  });
  const audit = auditStatement(
    db,
    {
      actor: ctx.actor,
      action: 'tracking.create',
      target: input.trackingNumber,
      details: { id, orderId: input.orderId, status: input.status },
    },
    ctx.now,
  );
  return { id, insert, audit, email };
}

/** A tracking number already in use is a 409 (checked before the batch; the UNIQUE column catches a race). */
export async function assertTrackingNumberFree(db: D1Database, trackingNumber: string): Promise<void> {
  if (await trackingByNumber(db, trackingNumber)) throw duplicateNumber(trackingNumber);
}

/**
 * POST /api/tracking: publishes tracking for a known order (online or recorded by staff: both are
 * orders rows). The first history entry is the create itself; the customer is e-mailed about it. A
 * tracking number already used is a 409.
 */
export async function createTracking(
  env: Env,
  input: TrackingCreateInput,
  actor: string,
  origin: string | null,
  now = new Date(),
): Promise<TrackingWrite> {
  const db = env.DB;
  const d = database(db);
  const { exists, recipient } = await orderRecipient(db, input.orderId);
  // The customer looks tracking up by this reference, so it must name a real order.
  if (!exists)
    throw new AppError(
      'validation_error',
      `orderId: there is no order with reference ${input.orderId}. Use the reference on the order (the orders screen lists every order, online or recorded by staff).`,
      { issues: [{ path: 'orderId', message: `there is no order with reference ${input.orderId}` }] },
    );
  await assertTrackingNumberFree(db, input.trackingNumber);

  const { id, insert, audit, email } = trackingCreateStatements(env, input, { actor, origin, now, recipient });
  try {
    const results = email ? await d.batch([insert, audit, outboxInsert(db, email, now)]) : await d.batch([insert, audit]);
    const entry = await findEntry(db, id);
    return { entry: entry!, outboxIds: email ? outboxIdsOf(results[2]) : [] };
  } catch (err) {
    // Two staff members publishing the same number at once: the second meets the UNIQUE column.
    if (isUniqueViolation(err)) throw duplicateNumber(input.trackingNumber);
    throw err;
  }
}

export function duplicateNumber(trackingNumber: string): AppError {
  return new AppError('conflict', `Tracking number ${trackingNumber} is already in use. Update the existing entry instead.`);
}

async function findEntry(db: D1Database, id: string): Promise<TrackingEntryDto | null> {
  const [row] = await staffEntries(db).where(eq(trackingEntries.id, id)).limit(1);
  return row ? toStaffDto(row.entry, row.orderCustomerName) : null;
}

const NO_ENTRY = 'No tracking entry with this id. It may have been removed; reload the list.';

/**
 * PATCH /api/tracking/{id}: staff correct a mistyped courier or tracking number. The history stays;
 * the audit entry keeps the old and new values. A number another entry uses is a 409. No e-mail: the
 * parcel's news has not changed.
 */
export async function correctTracking(
  env: Env,
  id: string,
  input: TrackingCorrectionInput,
  actor: string,
  now = new Date(),
): Promise<TrackingEntryDto> {
  const db = env.DB;
  const d = database(db);
  const [row] = await d.select().from(trackingEntries).where(eq(trackingEntries.id, id)).limit(1);
  if (!row) throw new AppError('not_found', NO_ENTRY);
  const trackingNumber = input.trackingNumber ?? row.trackingNumber;
  const courierName = input.courierName ?? row.courierName;
  if (trackingNumber !== row.trackingNumber) await assertTrackingNumberFree(db, trackingNumber);
  const audit = auditStatement(
    db,
    {
      actor,
      action: 'tracking.correct',
      target: trackingNumber,
      details: {
        id,
        orderId: row.orderId,
        old: { trackingNumber: row.trackingNumber, courierName: row.courierName },
        new: { trackingNumber, courierName },
      },
    },
    now,
  );
  try {
    await d.batch([
      d.update(trackingEntries).set({ trackingNumber, courierName, updatedAt: now.toISOString() }).where(eq(trackingEntries.id, id)),
      audit,
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateNumber(trackingNumber);
    throw err;
  }
  return (await findEntry(db, id))!;
}

/** DELETE /api/tracking/{id}: removes a wrong entry; the audit entry keeps what it was. */
export async function deleteTracking(env: Env, id: string, actor: string, now = new Date()): Promise<TrackingEntryDto> {
  const db = env.DB;
  const d = database(db);
  const entry = await findEntry(db, id);
  if (!entry) throw new AppError('not_found', NO_ENTRY);
  const [deleted] = await d.batch([
    d.delete(trackingEntries).where(eq(trackingEntries.id, id)).returning({ id: trackingEntries.id }),
    auditStatement(
      db,
      {
        actor,
        action: 'tracking.delete',
        target: entry.trackingNumber,
        details: { id, orderId: entry.orderId, trackingNumber: entry.trackingNumber, courierName: entry.courierName, status: entry.status },
      },
      now,
    ),
  ]);
  // Deleted by someone else between the read and the batch (both audited): this one removed nothing.
  if (deleted.length === 0) throw new AppError('not_found', NO_ENTRY);
  return entry;
}

/**
 * PUT /api/tracking/{id}: a new status and message (location and estimated delivery optional),
 * appended to the history. The customer is e-mailed when the status changes; a message-only update
 * with the same status is not e-mailed (couriers post many scans; the page shows them all).
 */
export async function updateTracking(
  env: Env,
  id: string,
  input: TrackingUpdateInput,
  actor: string,
  origin: string | null,
  now = new Date(),
): Promise<TrackingWrite> {
  const db = env.DB;
  const d = database(db);
  const [row] = await d.select().from(trackingEntries).where(eq(trackingEntries.id, id)).limit(1);
  if (!row) throw new AppError('not_found', NO_ENTRY);

  const timestamp = now.toISOString();
  const item: TrackingHistoryItem = { status: input.status, message: input.statusMessage, location: input.currentLocation, timestamp };
  const historyIndex = row.trackingHistory.length;
  const statusChanged = input.status !== row.status;
  const recipient = statusChanged ? (await orderRecipient(db, row.orderId)).recipient : null;
  // Estimated delivery is kept when the update leaves it out; the location is the latest scan's.
  const estimatedDelivery = input.estimatedDelivery ?? row.estimatedDelivery;
  const email = recipient
    ? trackingUpdateEmail(
        env,
        {
          id,
          trackingNumber: row.trackingNumber,
          orderId: row.orderId,
          courierName: row.courierName,
          estimatedDelivery,
          latest: item,
          historyIndex,
        },
        recipient,
        origin,
      )
    : null;
  // The item is appended in SQL, so two updates at once both land in the history.
  const update = d
    .update(trackingEntries)
    .set({
      status: input.status,
      statusMessage: input.statusMessage,
      currentLocation: input.currentLocation,
      estimatedDelivery,
      updatedAt: timestamp,
      trackingHistory: sql`json_insert(${trackingEntries.trackingHistory}, '$[#]', json(${JSON.stringify(item)}))`,
    })
    .where(eq(trackingEntries.id, id));
  const audit = auditStatement(
    db,
    { actor, action: 'tracking.update', target: row.trackingNumber, details: { id, from: row.status, to: input.status, historyIndex } },
    now,
  );
  try {
    const results = email ? await d.batch([update, audit, outboxInsert(db, email, now)]) : await d.batch([update, audit]);
    const entry = await findEntry(db, id);
    return { entry: entry!, outboxIds: email ? outboxIdsOf(results[2]) : [] };
  } catch (err) {
    // Another status change of the same entry won the race for this history position (same e-mail key).
    if (isUniqueViolation(err))
      throw new AppError('conflict', 'This tracking entry was updated by someone else just now. Reload it and try again.');
    throw err;
  }
}
